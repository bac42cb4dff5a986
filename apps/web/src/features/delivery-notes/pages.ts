import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const pages = () => import('./DeliveryNotePages.tsx');

/** The supplier's delivery-note screens by route path (see lib/lazyPage.ts). */
export const deliveryNotePages: PagesByPath = {
  '/delivery/deliverynote': lazyPage(pages, (m) => m.DeliveryNoteListPage),
  '/delivery/deliverynote/filterlist': lazyPage(
    () => import('./DeliveryNoteFormPage.tsx'),
    (m) => m.DeliveryNoteFormPage,
  ),
  '/supplysee/deliverydetail': lazyPage(pages, (m) => m.DeliveryNoteDetailPage),
  '/supplysee/supplydetail': lazyPage(pages, (m) => m.SupplyDetailPage),
};
