import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/**
 * Screens of this feature inside the shell by route path (see lib/lazyPage.ts). Login, registration,
 * password reset and QR confirmation live outside the shell and stay in app/router.tsx.
 */
export const accountPages: PagesByPath = {
  '/profile/index': lazyPage(
    () => import('./ProfilePage.tsx'),
    (m) => m.ProfilePage,
  ),
};
