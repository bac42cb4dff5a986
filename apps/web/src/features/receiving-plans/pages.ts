import { lazyPage, type PagesByPath } from '../../lib/lazyPage.ts';

const list = () => import('./PlanListPage.tsx');
const detail = () => import('./PlanDetailPage.tsx');
const urgent = () => import('./UrgentDeliveryPages.tsx');
const inventory = () => import('./InventoryPages.tsx');

/** Screens of receiving plans, urgent delivery notices and inventory reports by route path (see lib/lazyPage.ts). */
export const receivingPlanPages: PagesByPath = {
  '/receivingPlan/order': lazyPage(list, (m) => m.BuyerPlanListPage),
  '/receivingPlan/order/planDetail': lazyPage(list, (m) => m.BuyerSchedulePage),
  '/receivingPlan/order/detail': lazyPage(detail, (m) => m.BuyerPlanDetailPage),
  '/receivingPlan/order/newadd': lazyPage(
    () => import('./PlanFormPage.tsx'),
    (m) => m.PlanFormPage,
  ),
  '/receivingPlan/plansure': lazyPage(list, (m) => m.PlanConfirmListPage),
  '/receivingPlan/plansure/detail': lazyPage(detail, (m) => m.PlanConfirmDetailPage),
  '/supreceivePlan/order': lazyPage(list, (m) => m.SupplierPlanListPage),
  '/supreceivePlan/order/planDetail': lazyPage(list, (m) => m.SupplierSchedulePage),
  '/supreceivePlan/order/detail': lazyPage(detail, (m) => m.SupplierPlanDetailPage),
  '/recemanage/emerdelivery': lazyPage(urgent, (m) => m.BuyerUrgentListPage),
  '/recemanage/emerdelivery/newadd': lazyPage(urgent, (m) => m.UrgentFormPage),
  '/recemanage/emerdelivery/detail': lazyPage(urgent, (m) => m.BuyerUrgentDetailPage),
  '/customer/emerdelivery': lazyPage(urgent, (m) => m.SupplierUrgentListPage),
  '/customer/emerdelivery/detail': lazyPage(urgent, (m) => m.SupplierUrgentDetailPage),
  '/supplier/uploadinventory': lazyPage(inventory, (m) => m.BuyerInventoryPage),
  '/supplier/uploadinventory/newannounce': lazyPage(inventory, (m) => m.InventoryRequestPage),
  '/supplier/uploadinventory/detail': lazyPage(inventory, (m) => m.InventoryDetailPage),
  '/customer/inventory': lazyPage(inventory, (m) => m.SupplierInventoryPage),
};
