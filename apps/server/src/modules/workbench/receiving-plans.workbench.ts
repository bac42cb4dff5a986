import { RECEIVING_PLAN_STATUS, type ReceivingPlanListItem } from '@concord/shared';
import { buyerPlanConfirmLink, supplierPlanLink } from '../receiving-plans/receiving-plans.common.ts';
import { listPlans } from '../receiving-plans/receiving-plans.query.ts';
import { defineWorkbenchItem, firstRows, pageOf } from './workbench.registry.ts';

/* Receiving plans: scheduled deliveries the supplier has to confirm, other dates the buyer has to decide. */

const P = RECEIVING_PLAN_STATUS;
const AWAITING_SUPPLIER = [P.SENT, P.PARTIALLY_CONFIRMED];

const planRow = (path: (id: string) => string) => (p: ReceivingPlanListItem) => ({
  id: p.id,
  documentNo: p.planNo,
  supName: p.supName,
  customerName: p.customerName,
  date: p.firstDate,
  at: null,
  path: path(p.id),
});

export const plansToConfirm = defineWorkbenchItem({
  key: 'plansToConfirm',
  side: 'supplier',
  permissions: ['SURE_PL'],
  link: { path: '/supreceivePlan/order', query: { status: AWAITING_SUPPLIER.join(',') } },
  load: async (ctx, rows) =>
    pageOf(
      await listPlans(ctx, {
        filter: { side: 'supplier', statuses: AWAITING_SUPPLIER },
        ...firstRows(rows, 'firstDate'),
      }),
      planRow(supplierPlanLink),
    ),
});

/** The confirmation list shows proposed plans unless told otherwise; the link says so anyway. */
export const planProposals = defineWorkbenchItem({
  key: 'planProposals',
  side: 'buyer',
  permissions: ['RE_PLA', 'RE_PLA_SU'],
  link: { path: '/receivingPlan/plansure', query: { status: String(P.PROPOSED) } },
  load: async (ctx, rows) =>
    pageOf(
      await listPlans(ctx, { filter: { side: 'buyer', statuses: [P.PROPOSED] }, ...firstRows(rows, 'firstDate') }),
      planRow(buyerPlanConfirmLink),
    ),
});
