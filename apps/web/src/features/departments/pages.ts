import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const departmentPages: PagesByPath = {
  '/jurisdiction/dept': lazyPage(
    () => import('./DepartmentsPage.tsx'),
    (m) => m.DepartmentsPage,
  ),
};
