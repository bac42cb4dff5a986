import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const sourcingPages: PagesByPath = {
  '/purchase/sourcing': lazyPage(
    () => import('./ProspectListPage.tsx'),
    (m) => m.PotentialSuppliersPage,
  ),
  '/purchase/sourcing/add': lazyPage(
    () => import('./ProspectFormPage.tsx'),
    (m) => m.ProspectFormPage,
  ),
  '/purchase/sourcing/detail': lazyPage(
    () => import('./ProspectDetailPage.tsx'),
    (m) => m.ProspectDetailPage,
  ),
  '/purchase/supplier-audit': lazyPage(
    () => import('./ProspectListPage.tsx'),
    (m) => m.SupplierAuditPage,
  ),
  '/purchase/supplier-audit/detail': lazyPage(
    () => import('./AuditDetailPage.tsx'),
    (m) => m.AuditDetailPage,
  ),
  '/opportunity/potentialcustomers': lazyPage(
    () => import('./PotentialCustomersPage.tsx'),
    (m) => m.PotentialCustomersPage,
  ),
  '/opportunity/potentialcustomers/detail': lazyPage(
    () => import('./PotentialCustomersPage.tsx'),
    (m) => m.PotentialCustomerDetailPage,
  ),
};
