import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const lists = () => import('./InquiryListPage.tsx');

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const inquiryPages: PagesByPath = {
  '/prdiversion/inquirynote': lazyPage(lists, (m) => m.InquiriesPage),
  '/prdiversion/inquirynote/add': lazyPage(
    () => import('./InquiryEditor.tsx'),
    (m) => m.NewInquiryPage,
  ),
  '/prdiversion/inquirynote/detail': lazyPage(
    () => import('./InquiryDetailPage.tsx'),
    (m) => m.InquiryDetailPage,
  ),
  '/prdiversion/pricecom': lazyPage(lists, (m) => m.ComparisonsPage),
  '/prdiversion/pricecom/detail': lazyPage(
    () => import('./ComparisonPage.tsx'),
    (m) => m.ComparisonPage,
  ),
  '/inquiryoffer/offerin': lazyPage(lists, (m) => m.QuotationsPage),
  '/inquiryoffer/offerin/detail': lazyPage(
    () => import('./QuotationPage.tsx'),
    (m) => m.QuotationPage,
  ),
};
