import { PURCHASE_ORDER_SUPPLIER_HIDDEN_STATUSES, type PurchaseOrderSide } from '@concord/shared';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { type DataScope, resolveDataScope } from '../../platform/data-scope.ts';
import { findDocument, sideWhere } from '../../platform/documents.ts';
import type { OrderRow } from './purchase-orders.lines.ts';
import { purchaseOrders as po } from './purchase-orders.table.ts';

/*
 * What the order's sibling files and the modules built on orders (receiving plans, delivery notes)
 * share: the permissions of each side, which orders a side may see, and finding one.
 */

export const BUYER_READ = 'CG_TG_SURE';
export const BUYER_CHANGE = 'CHAN_SU';
export const SUPPLIER_READ = 'CU_OR_CO';

export const readPermission = (side: PurchaseOrderSide) =>
  side === 'buyer' ? [BUYER_READ, BUYER_CHANGE] : [SUPPLIER_READ];

/**
 * The columns an order list is narrowed by before any document field: on the orders themselves, or
 * on their tallies, which carry the same dimensions and count the orders without reading them.
 */
export type OrderDims = Record<
  'tenantId' | 'supplierTenantId' | 'supplierId' | 'ownerId' | 'deptId' | 'status',
  AnyPgColumn
>;

/** Both sides' two-party view; a supplier never sees the buyer's drafts. */
export const sideCondition = (auth: MemberAuth, side: PurchaseOrderSide, scope: DataScope, d: OrderDims) =>
  sideWhere(auth, side, scope, d, {
    from: 'supplier',
    status: d.status,
    statuses: PURCHASE_ORDER_SUPPLIER_HIDDEN_STATUSES,
  });

export async function orderSideCondition(
  q: Queryable,
  auth: MemberAuth,
  side: PurchaseOrderSide,
): Promise<SQL | undefined> {
  return sideCondition(auth, side, await resolveDataScope(q, auth), po);
}

/**
 * The order as the caller sees it, and on which side: my enterprise's order opens as the buyer's, an
 * order a customer placed with me as the supplier's. Not visible → null (the route answers 404).
 */
export const findOrder = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: PurchaseOrderSide; row: OrderRow } | null> =>
  findDocument(q, auth, po, id, { visible: (side) => orderSideCondition(q, auth, side), read: readPermission });
