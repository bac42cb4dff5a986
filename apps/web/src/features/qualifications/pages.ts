import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const detail = lazyPage(
  () => import('./QualificationDetailPage.tsx'),
  (m) => m.QualificationDetailPage,
);
const request = lazyPage(
  () => import('./QualificationRequestPage.tsx'),
  (m) => m.QualificationRequestPage,
);

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const qualificationPages: PagesByPath = {
  '/supplier/qualification': lazyPage(
    () => import('./QualificationListPages.tsx'),
    (m) => m.BuyerQualificationPage,
  ),
  '/sale/customer/qualification': lazyPage(
    () => import('./QualificationListPages.tsx'),
    (m) => m.CustomerQualificationPage,
  ),
  // Every detail route shows the same page; it knows its side and its way back (DETAIL_ROUTES).
  '/supplier/qualification/detail': detail,
  '/supplier/supfile/detail-qualifications': detail,
  '/purchase/sourcing/detail-qualifications': detail,
  '/sale/customer/detail': detail,
  '/sale/prod-customer/detail-qualifications': detail,
  '/supplier/supfile/add-qualifications': request,
  '/purchase/sourcing/add-qualifications': request,
};
