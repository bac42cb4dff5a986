import type { DocumentSide } from '@concord/shared';
import type { receivingPlans } from './receiving-plans.table.ts';

/** Operation-log modules: a document's history is its log entries on both sides. */
export const PLAN_MODULE = 'receiving-plans';
export const URGENT_MODULE = 'urgent-deliveries';
export const INVENTORY_MODULE = 'inventory-reports';

export const buyerPlanLink = (id: string) => `/receivingPlan/order/detail?id=${id}`;
export const buyerPlanConfirmLink = (id: string) => `/receivingPlan/plansure/detail?id=${id}`;
export const supplierPlanLink = (id: string) => `/supreceivePlan/order/detail?id=${id}`;
export const buyerUrgentLink = (id: string) => `/recemanage/emerdelivery/detail?id=${id}`;
export const supplierUrgentLink = (id: string) => `/customer/emerdelivery/detail?id=${id}`;
export const buyerInventoryLink = () => '/supplier/uploadinventory';
export const supplierInventoryLink = () => '/customer/inventory';

export type PlanRow = typeof receivingPlans.$inferSelect;

export const PLANNER = 'RE_PLA';
export const PLAN_CONFIRMER = 'RE_PLA_SU';
export const PLAN_SUPPLIER = 'SURE_PL';

export const readPermission = (side: DocumentSide) => (side === 'buyer' ? [PLANNER, PLAN_CONFIRMER] : [PLAN_SUPPLIER]);
