import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/**
 * The buyer side of delivery notes by route path (see lib/lazyPage.ts): the supplier's delivery note is
 * the buyer's delivery notice, received, inspected and warehoused here (server `modules/receipts`).
 */
export const receiptPages: PagesByPath = {
  '/recemanage/receipt': lazyPage(
    () => import('./DeliveryNoticeListPage.tsx'),
    (m) => m.DeliveryNoticeListPage,
  ),
  '/receiptdetail/deliverydetail': lazyPage(
    () => import('./DeliveryNoticeDetailPage.tsx'),
    (m) => m.DeliveryNoticeDetailPage,
  ),
};
