import { PURCHASE_CHANGE_STATUS, PURCHASE_ORDER_STATUS, type PurchaseOrderListItem } from '@concord/shared';
import { listChanges } from '../purchase-orders/purchase-orders.changes.ts';
import { buyerOrderLink, supplierChangeLink, supplierOrderLink } from '../purchase-orders/purchase-orders.notify.ts';
import { listOrders } from '../purchase-orders/purchase-orders.query.ts';
import { defineWorkbenchItem, firstRows, pageOf } from './workbench.registry.ts';

/* Orders and their changes: what the supplier has to answer, and the proposals the buyer has to decide. */

const S = PURCHASE_ORDER_STATUS;
/** Sent orders with lines no one has answered yet. */
const AWAITING_SUPPLIER = [S.SENT, S.PARTIALLY_CONFIRMED];

/** Since when the order waits: sent to the supplier, or last answered by it. */
const orderRow =
  (path: (id: string) => string, since: (o: PurchaseOrderListItem) => string | null | undefined) =>
  (o: PurchaseOrderListItem) => ({
    id: o.id,
    documentNo: o.orderNo,
    supName: o.supName,
    customerName: o.customerName,
    date: null,
    at: since(o) ?? null,
    path: path(o.id),
  });

export const ordersToConfirm = defineWorkbenchItem({
  key: 'ordersToConfirm',
  side: 'supplier',
  permissions: ['CU_OR_CO'],
  link: { path: '/customer/order', query: { status: AWAITING_SUPPLIER.join(',') } },
  load: async (ctx, rows) =>
    pageOf(
      await listOrders(ctx, {
        filter: { side: 'supplier', statuses: AWAITING_SUPPLIER },
        ...firstRows(rows, 'sentAt'),
      }),
      orderRow(supplierOrderLink, (o) => o.sentAt),
    ),
});

export const counterProposals = defineWorkbenchItem({
  key: 'counterProposals',
  side: 'buyer',
  permissions: ['CG_TG_XT', 'CG_TG_SURE'],
  link: { path: '/procurementConsignment/order', query: { status: String(S.COUNTER_PROPOSED) } },
  load: async (ctx, rows) =>
    pageOf(
      await listOrders(ctx, {
        filter: { side: 'buyer', statuses: [S.COUNTER_PROPOSED] },
        ...firstRows(rows, 'sentAt'),
      }),
      orderRow(buyerOrderLink, (o) => o.updatedAt),
    ),
});

export const orderChangesToConfirm = defineWorkbenchItem({
  key: 'orderChangesToConfirm',
  side: 'supplier',
  permissions: ['CU_OR_CO'],
  link: { path: '/orderchange/order', query: { status: String(PURCHASE_CHANGE_STATUS.SENT) } },
  load: async (ctx, rows) =>
    pageOf(
      await listChanges(ctx, {
        filter: { side: 'supplier', statuses: [PURCHASE_CHANGE_STATUS.SENT] },
        ...firstRows(rows, 'sentAt'),
      }),
      (c) => ({
        id: c.id,
        documentNo: c.changeNo,
        supName: c.supName,
        customerName: c.customerName,
        date: null,
        at: c.sentAt ?? null,
        path: supplierChangeLink(c.id),
      }),
    ),
});
