import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const enterprisePages: PagesByPath = {
  '/enterpriseinformation': lazyPage(
    () => import('./EnterpriseInfoPage.tsx'),
    (m) => m.EnterpriseInfoPage,
  ),
};
