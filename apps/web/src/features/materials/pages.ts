import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const materialPages: PagesByPath = {
  '/basicdatasetting/materialfile': lazyPage(
    () => import('./MaterialListPage.tsx'),
    (m) => m.MaterialListPage,
  ),
  '/basicdatasetting/materialfile/adddetail': lazyPage(
    () => import('./MaterialFormPage.tsx'),
    (m) => m.MaterialFormPage,
  ),
  '/basicdatasetting/materialfile/detail': lazyPage(
    () => import('./MaterialDetailPage.tsx'),
    (m) => m.MaterialDetailPage,
  ),
  '/sale/prod-customer': lazyPage(
    () => import('./MaterialCustomersPage.tsx'),
    (m) => m.MaterialCustomersPage,
  ),
  '/sale/prod-customer/detail': lazyPage(
    () => import('./MaterialCustomerDetailPage.tsx'),
    (m) => m.MaterialCustomerDetailPage,
  ),
};
