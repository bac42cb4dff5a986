import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const messagePages: PagesByPath = {
  '/news': lazyPage(
    () => import('./NotificationsPage.tsx'),
    (m) => m.NotificationsPage,
  ),
  '/news/newcontract': lazyPage(
    () => import('./MessageCentrePage.tsx'),
    (m) => m.MessageCentrePage,
  ),
  '/news/newsset': lazyPage(
    () => import('./MessageSettingsPage.tsx'),
    (m) => m.MessageSettingsPage,
  ),
};
