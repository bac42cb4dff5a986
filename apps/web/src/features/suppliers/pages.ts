import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const supplierPages: PagesByPath = {
  '/supplier/supfile': lazyPage(
    () => import('./SupplierArchivePage.tsx'),
    (m) => m.SupplierArchivePage,
  ),
  '/supplier/supfile/detail': lazyPage(
    () => import('./SupplierDetailPage.tsx'),
    (m) => m.SupplierDetailPage,
  ),
  '/supplier/supfile/supuserInfo': lazyPage(
    () => import('./SupplierContactsPage.tsx'),
    (m) => m.SupplierContactsPage,
  ),
  '/supplier/supfile/add': lazyPage(
    () => import('./SupplierAddPage.tsx'),
    (m) => m.SupplierAddPage,
  ),
  '/sale/profile': lazyPage(
    () => import('./CustomerArchivePage.tsx'),
    (m) => m.CustomerArchivePage,
  ),
  '/sale/profile/detail': lazyPage(
    () => import('./CustomerDetailPage.tsx'),
    (m) => m.CustomerDetailPage,
  ),
};
