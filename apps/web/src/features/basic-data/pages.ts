import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

/** Screens of this feature by route path (see lib/lazyPage.ts). */
export const basicDataPages: PagesByPath = {
  '/basicdatasetting/classificationmaintenance': lazyPage(
    () => import('./ClassificationPage.tsx'),
    (m) => m.ClassificationPage,
  ),
  '/basicdatasetting/basicdatamaintenance': lazyPage(
    () => import('./BasicDataMaintenancePage.tsx'),
    (m) => m.BasicDataMaintenancePage,
  ),
  '/basicdatasetting/attributeMaintenance': lazyPage(
    () => import('./AttributesPage.tsx'),
    (m) => m.AttributesPage,
  ),
  '/basicdatasetting/features': lazyPage(
    () => import('./FeaturesPage.tsx'),
    (m) => m.FeaturesPage,
  ),
  '/basicdatasetting/warehouse': lazyPage(
    () => import('./WarehousesPage.tsx'),
    (m) => m.WarehousesPage,
  ),
  '/basicdatasetting/interestrate': lazyPage(
    () => import('./InterestRatesPage.tsx'),
    (m) => m.InterestRatesPage,
  ),
  '/basicdatasetting/decimalplaces': lazyPage(
    () => import('./DecimalPlacesPage.tsx'),
    (m) => m.DecimalPlacesPage,
  ),
  '/basicdatasetting/evaluation-project': lazyPage(
    () => import('./EvaluationItemsPage.tsx'),
    (m) => m.EvaluationItemsPage,
  ),
};
