import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** The landing page and the buyer cockpit by route path (see lib/lazyPage.ts). */
export const workbenchPages: PagesByPath = {
  '/': lazyPage(
    () => import('./WorkbenchPage.tsx'),
    (m) => m.WorkbenchPage,
  ),
  '/cockpit': lazyPage(
    () => import('./CockpitPage.tsx'),
    (m) => m.CockpitPage,
  ),
};
