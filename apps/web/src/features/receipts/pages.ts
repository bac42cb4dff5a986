import { lazyPage, type PagesByPath } from '../../app/lazyPage.ts';

/** The buyer's delivery notices and their receiving by route path (see app/lazyPage.ts). */
export const receiptPages: PagesByPath = {
  '/recemanage/receipt': lazyPage(
    () => import('./NoticeListPage.tsx'),
    (m) => m.NoticeListPage,
  ),
  '/receiptdetail/deliverydetail': lazyPage(
    () => import('./NoticeDetailPage.tsx'),
    (m) => m.NoticeDetailPage,
  ),
};
