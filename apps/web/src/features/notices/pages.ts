import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const noticePages: PagesByPath = {
  '/supplier/supnotificate': lazyPage(
    () => import('./SupplierNoticesPage.tsx'),
    (m) => m.SupplierNoticesPage,
  ),
  '/supplier/supnotificate/detail': lazyPage(
    () => import('./SupplierNoticeDetailPage.tsx'),
    (m) => m.SupplierNoticeDetailPage,
  ),
  '/supplier/newannounce': lazyPage(
    () => import('./NoticeFormPage.tsx'),
    (m) => m.NoticeFormPage,
  ),
  '/sale/custnotificate': lazyPage(
    () => import('./CustomerNoticesPage.tsx'),
    (m) => m.CustomerNoticesPage,
  ),
  '/sale/custnotificate/detail': lazyPage(
    () => import('./CustomerNoticeDetailPage.tsx'),
    (m) => m.CustomerNoticeDetailPage,
  ),
  '/sale/custnotificate/newannounce': lazyPage(
    () => import('./NoticeReplyPage.tsx'),
    (m) => m.NoticeReplyPage,
  ),
};
