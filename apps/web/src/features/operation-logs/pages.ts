import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const operationLogPages: PagesByPath = {
  '/logs': lazyPage(
    () => import('./OperationLogsPage.tsx'),
    (m) => m.OperationLogsPage,
  ),
};
