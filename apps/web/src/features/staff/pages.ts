import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const staffPages: PagesByPath = {
  '/staff': lazyPage(
    () => import('./StaffPage.tsx'),
    (m) => m.StaffPage,
  ),
  '/staff/staffInfo': lazyPage(
    () => import('./StaffInfoPage.tsx'),
    (m) => m.StaffInfoPage,
  ),
};
