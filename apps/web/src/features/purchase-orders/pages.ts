import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const orderDetail = lazyPage(
  () => import('./OrderDetailPage.tsx'),
  (m) => m.OrderDetailPage,
);
const changeList = lazyPage(
  () => import('./ChangePages.tsx'),
  (m) => m.ChangeListPage,
);
const changeDetail = lazyPage(
  () => import('./ChangePages.tsx'),
  (m) => m.ChangeDetailPage,
);

/** Screens of this feature by route path (see lib/lazyPage.ts); each page knows its side from the path. */
export const purchaseOrderPages: PagesByPath = {
  '/procurementConsignment/order': lazyPage(
    () => import('./OrderListPage.tsx'),
    (m) => m.PurchaseOrdersPage,
  ),
  '/customer/order': lazyPage(
    () => import('./OrderListPage.tsx'),
    (m) => m.CustomerOrdersPage,
  ),
  '/procurementConsignment/order/detail': orderDetail,
  '/procurementConsignment/order/add': lazyPage(
    () => import('./OrderEditor.tsx'),
    (m) => m.NewOrderPage,
  ),
  '/customer/order/detail': orderDetail,
  '/purchasechange/order': changeList,
  '/orderchange/order': changeList,
  '/purchasechange/order/detail': changeDetail,
  '/orderchange/order/detail': changeDetail,
};
