import {
  OPERATION_TYPE,
  PURCHASE_ORDER_EDITABLE_STATUSES,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type PurchaseOrderCreated,
  type purchaseOrderCreateSchema,
  type purchaseOrderUpdateSchema,
  text,
} from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { actorOf, nextDocumentNumber, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { TellDeps } from '../../platform/services.ts';
import { todayOf } from '../../platform/time.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { settleContractQuantities } from '../contracts/contracts.quantities.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import { BUYER_READ, findOrder } from './purchase-orders.common.ts';
import {
  insertLines,
  keepHiddenPrices,
  type LineInput,
  loadLines,
  resolveLines,
  totalOf,
} from './purchase-orders.lines.ts';
import { ORDER_MODULE, supplierOrderLink } from './purchase-orders.notify.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from './purchase-orders.table.ts';

type CreateInput = z.infer<typeof purchaseOrderCreateSchema>;
type UpdateInput = z.infer<typeof purchaseOrderUpdateSchema>;

const S = PURCHASE_ORDER_STATUS;
const L = PURCHASE_ORDER_LINE_STATUS;

// Buyer: create, edit, copy. Steps on a sent order are in purchase-orders.actions.ts.

/** The supplier must be one the caller may see and that can receive documents. */
export async function checkSupplier(ctx: RequestContext, supplierId: string, sending: boolean) {
  const { tx: q, auth, tenantId: me } = ctx;
  const scope = await resolveDataScope(q, auth);
  const [seen] = await q
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, me), eq(suppliers.id, supplierId), archiveScope(scope)))
    .limit(1);
  if (!seen) throw new AppError('NOT_FOUND');
  const s = await assertSupplierAddressable(q, me, supplierId);
  if (sending && !s.supplierTenantId) throw new AppError('PURCHASE_ORDER_SUPPLIER_NOT_JOINED', { name: s.supName });
  return s;
}

/** Writes a new order and its lines in the caller's transaction (create, copy, import). */
export async function insertOrder(
  ctx: RequestContext,
  input: Omit<CreateInput, 'lines'> & { lines: LineInput[] },
): Promise<PurchaseOrderCreated & { supplierTenantId: string | null; supName: string; lineCount: number }> {
  const { tx, auth, tenantId: me } = ctx;
  const s = await checkSupplier(ctx, input.supplierId, input.send);
  const places = await getDecimalPlaces(tx, me);
  const lines = await resolveLines(
    tx,
    me,
    input.supplierId,
    input.lines,
    places,
    input.lines.map((_, i) => i + 1),
  );
  const id = newId();
  const orderNo = await nextDocumentNumber(tx, { prefix: 'PO', table: po, column: po.orderNo, owner: me });
  const supplierTenantId = input.send ? s.supplierTenantId : null;
  await tx.insert(po).values({
    tenantId: me,
    supplierTenantId,
    id,
    orderNo,
    supplierId: input.supplierId,
    status: input.send ? S.SENT : S.DRAFT,
    currency: input.currency,
    taxIncluded: input.taxIncluded,
    paymentTerms: input.paymentTerms,
    orderDate: input.orderDate,
    remarks: input.remarks,
    attachments: input.attachments,
    totalAmount: totalOf(lines, places),
    lineCount: lines.length,
    decimalPlaces: places,
    ownerId: auth.userId,
    deptId: auth.deptId,
    sentAt: input.send ? sql`now()` : null,
  } as typeof po.$inferInsert);
  await insertLines(tx, { tenantId: me, id, supplierTenantId }, lines);
  if (input.send) await settleContractQuantities(tx, { tenantId: me, id });
  await attachFiles(
    tx,
    auth.userId,
    { table: po, id, ownerTenantId: me, partnerTenantId: supplierTenantId },
    input.attachments,
  );
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: ORDER_MODULE,
    targetId: id,
    // Supplier names stay out of log summaries: a reader may be one who must not see them (T-06).
    summary: text(input.send ? 'purchaseOrders.createdAndSent' : 'purchaseOrders.created', {
      orderNo,
      count: lines.length,
    }),
  });
  return {
    id,
    orderNo,
    status: input.send ? S.SENT : S.DRAFT,
    version: 1,
    supplierTenantId: s.supplierTenantId,
    supName: s.supName,
    lineCount: lines.length,
  };
}

export async function tellSent(
  deps: TellDeps,
  buyerTenantId: string,
  sent: { id: string; orderNo: string; supplierTenantId: string | null; lineCount: number }[],
): Promise<void> {
  if (!sent.length) return;
  const party = await nameOf(deps.db, buyerTenantId);
  await tellParty(
    deps,
    'order',
    sent
      .filter((o) => o.supplierTenantId)
      .map((o) => ({
        tenantId: o.supplierTenantId!,
        title: text('purchaseOrders.sentTitle', { party, orderNo: o.orderNo }),
        content: text('purchaseOrders.sentBody', { count: o.lineCount }),
        link: supplierOrderLink(o.id),
      })),
  );
}

export async function createOrder(ctx: RequestContext, input: CreateInput): Promise<PurchaseOrderCreated> {
  requireAny(ctx.auth, [BUYER_READ]);
  return idempotent(ctx.tx, ctx.idem, async () => {
    const created = await insertOrder(ctx, input);
    // Registered only when the create really ran: a replayed Idempotency-Key tells nobody twice.
    if (input.send) ctx.afterCommit(() => tellSent(ctx.tell, ctx.tenantId, [created]));
    return { id: created.id, orderNo: created.orderNo, status: created.status, version: created.version };
  });
}

export async function updateOrder(ctx: RequestContext, id: string, input: UpdateInput): Promise<void> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER_READ]);
  const hit = await findOrder(tx, auth, id);
  if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
  if (!PURCHASE_ORDER_EDITABLE_STATUSES.includes(hit.row.status as never))
    throw new AppError('PURCHASE_ORDER_NOT_EDITABLE');
  await checkSupplier(ctx, input.supplierId, false);
  const places = await getDecimalPlaces(tx, me);
  const given = keepHiddenPrices(auth.showPrice, input.lines, await loadLines(tx, me, id));
  const lines = await resolveLines(
    tx,
    me,
    input.supplierId,
    given,
    places,
    given.map((_, i) => i + 1),
  );
  const [moved] = await tx
    .update(po)
    .set({
      supplierId: input.supplierId,
      currency: input.currency,
      taxIncluded: input.taxIncluded,
      paymentTerms: input.paymentTerms,
      orderDate: input.orderDate,
      remarks: input.remarks,
      attachments: input.attachments,
      totalAmount: totalOf(lines, places),
      lineCount: lines.length,
      decimalPlaces: places,
      version: sql`${po.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(po.tenantId, me),
        eq(po.id, id),
        eq(po.version, input.version),
        inArray(po.status, [...PURCHASE_ORDER_EDITABLE_STATUSES]),
      ),
    )
    .returning({ id: po.id });
  if (!moved) throw new AppError('CONFLICT');
  await tx.delete(pol).where(and(eq(pol.tenantId, me), eq(pol.orderId, id)));
  await insertLines(tx, { tenantId: me, id, supplierTenantId: null }, lines);
  await attachFiles(tx, auth.userId, { table: po, id, ownerTenantId: me }, input.attachments);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: ORDER_MODULE,
    targetId: id,
    summary: text('purchaseOrders.edited', { orderNo: hit.row.orderNo, count: lines.length }),
  });
}

/** A new draft with the same supplier, terms and lines, dated today. */
export async function copyOrder(ctx: RequestContext, id: string): Promise<PurchaseOrderCreated> {
  const { tx, auth } = ctx;
  requireAny(auth, [BUYER_READ]);
  return idempotent(tx, ctx.idem, async () => {
    const hit = await findOrder(tx, auth, id);
    if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
    const lines = (await loadLines(tx, hit.row.tenantId, id)).filter((l) => l.status !== L.CANCELLED);
    const created = await insertOrder(ctx, {
      supplierId: hit.row.supplierId,
      currency: hit.row.currency,
      taxIncluded: hit.row.taxIncluded,
      paymentTerms: hit.row.paymentTerms,
      orderDate: await todayOf(tx, hit.row.tenantId),
      remarks: hit.row.remarks,
      attachments: hit.row.attachments,
      send: false,
      lines: lines.map((l) => ({
        materialId: l.materialId,
        prdtNo: l.prdtNo,
        prdtName: l.prdtName,
        prdtSpc: l.prdtSpc,
        unitNo: l.unitNo,
        unitName: l.unitName,
        qty: l.qty,
        price: l.price,
        taxRate: l.taxRate,
        requestedDate: l.requestedDate,
        warehouseId: l.warehouseId,
        remark: l.remark,
      })),
    });
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: ORDER_MODULE,
      targetId: created.id,
      summary: text('purchaseOrders.copied', { orderNo: hit.row.orderNo }),
    });
    return { id: created.id, orderNo: created.orderNo, status: created.status, version: created.version };
  });
}
