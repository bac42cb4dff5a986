import type { Side } from './receiving-plans.api.ts';

/**
 * Where each side's screens live (spec §2): the buyer plans under /receivingPlan (and decides on
 * proposed dates under /receivingPlan/plansure), the supplier answers under /supreceivePlan.
 */
export function planPaths(side: Side, mode: 'plans' | 'confirm' = 'plans') {
  if (side === 'supplier') {
    return {
      list: '/supreceivePlan/order',
      schedule: '/supreceivePlan/order/planDetail',
      detail: (id: string) => `/supreceivePlan/order/detail?id=${id}`,
      add: '/supreceivePlan/order',
      edit: (id: string) => `/supreceivePlan/order/detail?id=${id}`,
    };
  }
  const confirm = mode === 'confirm';
  return {
    list: confirm ? '/receivingPlan/plansure' : '/receivingPlan/order',
    schedule: '/receivingPlan/order/planDetail',
    detail: (id: string) =>
      confirm ? `/receivingPlan/plansure/detail?id=${id}` : `/receivingPlan/order/detail?id=${id}`,
    add: '/receivingPlan/order/newadd',
    edit: (id: string) => `/receivingPlan/order/newadd?id=${id}`,
  };
}

export const urgentPaths = (side: Side) =>
  side === 'buyer'
    ? {
        list: '/recemanage/emerdelivery',
        add: '/recemanage/emerdelivery/newadd',
        detail: (id: string) => `/recemanage/emerdelivery/detail?id=${id}`,
      }
    : {
        list: '/customer/emerdelivery',
        add: '/customer/emerdelivery',
        detail: (id: string) => `/customer/emerdelivery/detail?id=${id}`,
      };

export const inventoryPaths = {
  buyerList: '/supplier/uploadinventory',
  request: '/supplier/uploadinventory/newannounce',
  detail: (id: string) => `/supplier/uploadinventory/detail?id=${id}`,
  supplierList: '/customer/inventory',
};
