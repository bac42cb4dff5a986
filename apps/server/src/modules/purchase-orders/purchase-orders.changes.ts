import {
  type ListResult,
  OPERATION_TYPE,
  PURCHASE_CHANGE_STATUS,
  PURCHASE_ORDER_CHANGEABLE_STATUSES,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type PurchaseChangeAction,
  type PurchaseChangeCreated,
  type PurchaseChangeDetail,
  type PurchaseChangeListItem,
  type PurchaseOrderSide,
  type purchaseChangeActionSchema,
  type purchaseChangeCreateSchema,
  type purchaseChangeListSchema,
  purchaseChangeMachine,
  type purchaseChangeUpdateSchema,
  text,
} from '@concord/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, suppliers, users } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import {
  actorOf,
  escapeLike,
  findDocument,
  historyOfDocument,
  nextDocumentNumber,
  requireAny,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import type { TellDeps } from '../../platform/services.ts';
import { settleContractQuantities } from '../contracts/contracts.quantities.ts';
import { enterpriseName, nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { claimOrder, settleOrder } from './purchase-orders.actions.ts';
import { BUYER_CHANGE, findOrder, orderSideCondition, SUPPLIER_READ } from './purchase-orders.common.ts';
import {
  diffLines,
  insertLines,
  keepHiddenPrices,
  type LineRow,
  loadLines,
  numberChangeLines,
  type OrderRow,
  resolveLines,
  storedDiff,
} from './purchase-orders.lines.ts';
import { buyerChangeLink, CHANGE_MODULE, ORDER_MODULE, supplierChangeLink } from './purchase-orders.notify.ts';
import { loadPlannedQuantities, markBelowPlanned } from './purchase-orders.planned.ts';
import {
  type OrderLineDiff,
  type OrderLineSnapshot,
  purchaseOrders as po,
  purchaseOrderChanges as poc,
  purchaseOrderLines as pol,
} from './purchase-orders.table.ts';

type ListQuery = z.infer<typeof purchaseChangeListSchema>;
type CreateInput = z.infer<typeof purchaseChangeCreateSchema>;
type UpdateInput = z.infer<typeof purchaseChangeUpdateSchema>;
type ActionBody = z.infer<typeof purchaseChangeActionSchema>;
type ChangeRow = typeof poc.$inferSelect;

const C = PURCHASE_CHANGE_STATUS;
const L = PURCHASE_ORDER_LINE_STATUS;
const SUPPLIER_VISIBLE = [C.SENT, C.CONFIRMED];

const readPermission = (side: PurchaseOrderSide) => (side === 'buyer' ? [BUYER_CHANGE] : [SUPPLIER_READ]);

/** A change is visible exactly when its order is, on the same side; a supplier never sees drafts. */
async function changeSideCondition(q: Queryable, auth: MemberAuth, side: PurchaseOrderSide): Promise<SQL | undefined> {
  return and(
    side === 'buyer' ? eq(poc.tenantId, auth.tenantId) : inArray(poc.status, SUPPLIER_VISIBLE),
    sql`exists (select 1 from ${po} where ${po.tenantId} = ${poc.tenantId} and ${po.id} = ${poc.orderId} and ${await orderSideCondition(q, auth, side)})`,
  );
}

const listColumns = {
  id: poc.id,
  changeNo: poc.changeNo,
  orderId: poc.orderId,
  orderNo: po.orderNo,
  supplierId: poc.supplierId,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  revision: poc.revision,
  status: poc.status,
  reason: poc.reason,
  diffCount: sql<number>`jsonb_array_length(${poc.diff})::int`,
  ownerName: users.name,
  createdAt: poc.createdAt,
  sentAt: poc.sentAt,
  confirmedAt: poc.confirmedAt,
};

const SORTABLE = { changeNo: poc.changeNo, status: poc.status, createdAt: poc.createdAt, sentAt: poc.sentAt };

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(poc)
    .innerJoin(po, and(eq(po.tenantId, poc.tenantId), eq(po.id, poc.orderId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, poc.tenantId), eq(suppliers.id, poc.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, poc.tenantId))
    .leftJoin(users, eq(users.id, poc.ownerId));
}

export async function listChanges(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<PurchaseChangeListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const where = and(
    await changeSideCondition(q, auth, f.side),
    f.orderId ? eq(poc.orderId, f.orderId) : undefined,
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.changeNo ? ilike(poc.changeNo, escapeLike(f.changeNo)) : undefined,
    f.statuses?.length ? inArray(poc.status, f.statuses) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [poc.createdAt, 'desc']), desc(poc.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(poc)
      .innerJoin(po, and(eq(po.tenantId, poc.tenantId), eq(po.id, poc.orderId)))
      .where(where),
  ]);
  return { dataList: rows as PurchaseChangeListItem[], totalCount: total };
}

const findChange = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: PurchaseOrderSide; row: ChangeRow } | null> =>
  findDocument(q, auth, poc, id, { visible: (side) => changeSideCondition(q, auth, side), read: readPermission });

export async function getChange(ctx: RequestContext, id: string): Promise<PurchaseChangeDetail> {
  const { tx, auth } = ctx;
  const hit = await findChange(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(poc.tenantId, row.tenantId), eq(poc.id, id)));
  const [order] = await tx
    .select({
      status: po.status,
      revision: po.revision,
      decimalPlaces: po.decimalPlaces,
      supplierTenantId: po.supplierTenantId,
    })
    .from(po)
    .where(and(eq(po.tenantId, row.tenantId), eq(po.id, row.orderId)));
  if (!item || !order) throw new AppError('NOT_FOUND');
  // Today's plans say something about a change's quantities only while they are (or are about to
  // become) the order's: a draft or the current revision, not a superseded or cancelled change.
  const current = row.status !== C.CANCELLED && row.revision >= order.revision;
  const diff = current
    ? markBelowPlanned(row.diff, await loadPlannedQuantities(tx, row.tenantId, row.orderId))
    : row.diff;
  return {
    ...(item as PurchaseChangeListItem),
    side,
    version: row.version,
    orderStatus: order.status as PurchaseChangeDetail['orderStatus'],
    lines: row.status === C.DRAFT ? row.lines : [],
    diff,
    decimalPlaces: order.decimalPlaces,
    history: await historyOfDocument(
      ctx,
      { tenantId: row.tenantId, supplierTenantId: order.supplierTenantId },
      CHANGE_MODULE,
      id,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Buyer: draft and edit

/** The change's new line set checked against the order's current lines, with its diff. */
async function prepare(
  tx: Queryable,
  auth: MemberAuth,
  order: OrderRow,
  input: CreateInput['lines'],
): Promise<{ snapshot: OrderLineSnapshot[]; diff: OrderLineDiff[]; current: LineRow[] }> {
  const current = await loadLines(tx, order.tenantId, order.id);
  const lines = keepHiddenPrices(auth.showPrice, input, current);
  const numbers = numberChangeLines(current, lines);
  const existing = new Map(current.map((l) => [l.lineNo, l]));
  const snapshot = await resolveLines(
    tx,
    order.tenantId,
    order.supplierId,
    lines,
    order.decimalPlaces,
    numbers,
    existing,
  );
  const diff = diffLines(current, snapshot);
  if (!diff.length) throw new AppError('PURCHASE_CHANGE_NO_DIFFERENCE');
  return { snapshot, diff, current };
}

const countsOf = (diff: OrderLineDiff[]) => {
  const n = (k: OrderLineDiff['kind']) => diff.filter((d) => d.kind === k).length;
  return { changed: n('changed'), added: n('added'), cancelled: n('cancelled') };
};

async function openOrderFor(tx: Queryable, auth: MemberAuth, orderId: string): Promise<OrderRow> {
  const hit = await findOrder(tx, auth, orderId);
  if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
  if (!PURCHASE_ORDER_CHANGEABLE_STATUSES.includes(hit.row.status as never))
    throw new AppError('PURCHASE_ORDER_NOT_CHANGEABLE');
  return hit.row;
}

interface SentChange {
  change: Pick<ChangeRow, 'id' | 'tenantId' | 'changeNo' | 'revision' | 'reason' | 'ownerId'>;
  diff: OrderLineDiff[];
  order: OrderRow;
}

export async function createChange(ctx: RequestContext, input: CreateInput): Promise<PurchaseChangeCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER_CHANGE]);
  return idempotent(tx, ctx.idem, async () => {
    const open = await openOrderFor(tx, auth, input.orderId);
    // Sending at once: the order is claimed before the diff is taken, so nothing moves in between.
    const order = input.send
      ? await claimOrder(tx, open, PURCHASE_ORDER_CHANGEABLE_STATUSES, undefined, 'buyer', me)
      : open;
    const [draft] = await tx
      .select({ changeNo: poc.changeNo })
      .from(poc)
      .where(and(eq(poc.tenantId, me), eq(poc.orderId, order.id), eq(poc.status, C.DRAFT)))
      .limit(1);
    if (draft) throw new AppError('PURCHASE_CHANGE_DRAFT_EXISTS', { changeNo: draft.changeNo });
    const { snapshot, diff } = await prepare(tx, auth, order, input.lines);
    const id = newId();
    const changeNo = await nextDocumentNumber(tx, { prefix: 'CH', table: poc, column: poc.changeNo, owner: me });
    const change = {
      tenantId: me,
      supplierTenantId: order.supplierTenantId,
      id,
      changeNo,
      orderId: order.id,
      supplierId: order.supplierId,
      revision: order.revision + 1,
      reason: input.reason,
      lines: input.send ? [] : snapshot,
      diff: storedDiff(diff),
      ownerId: auth.userId,
      deptId: auth.deptId,
    };
    await tx.insert(poc).values(change);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: CHANGE_MODULE,
      targetId: id,
      summary: text('purchaseOrders.changeDrafted', {
        changeNo,
        orderNo: order.orderNo,
        ...countsOf(diff),
        reason: input.reason,
      }),
    });
    if (input.send) {
      const sent = await applyDiff(ctx, order, change, diff, false);
      // Registered only when the create really ran: a replayed Idempotency-Key tells nobody twice.
      ctx.afterCommit(() => tellChangeSent(ctx.tell, me, sent));
    }
    return { id, changeNo, status: input.send ? C.SENT : C.DRAFT, version: input.send ? 2 : 1 };
  });
}

export async function updateChange(ctx: RequestContext, id: string, input: UpdateInput): Promise<void> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER_CHANGE]);
  const hit = await findChange(tx, auth, id);
  if (hit?.side !== 'buyer') throw new AppError('NOT_FOUND');
  if (hit.row.status !== C.DRAFT) throw new AppError('PURCHASE_CHANGE_STATE_CHANGED');
  const order = await openOrderFor(tx, auth, hit.row.orderId);
  if (order.revision !== hit.row.revision - 1) throw new AppError('PURCHASE_CHANGE_OUTDATED');
  const { snapshot, diff } = await prepare(tx, auth, order, input.lines);
  const [moved] = await tx
    .update(poc)
    .set({
      reason: input.reason,
      lines: snapshot,
      diff: storedDiff(diff),
      version: sql`${poc.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(poc.tenantId, me), eq(poc.id, id), eq(poc.version, input.version), eq(poc.status, C.DRAFT)))
    .returning({ id: poc.id });
  if (!moved) throw new AppError('CONFLICT');
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: CHANGE_MODULE,
    targetId: id,
    summary: text('purchaseOrders.changeEdited', {
      changeNo: hit.row.changeNo,
      ...countsOf(diff),
      reason: input.reason,
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Sending a change: the order takes the new revision

const asRecord = (l: OrderLineSnapshot) => ({
  lineNo: l.lineNo,
  material_id: l.materialId,
  prdt_no: l.prdtNo,
  prdt_name: l.prdtName,
  prdt_spc: l.prdtSpc,
  sup_prdt_no: l.supPrdtNo,
  unit_no: l.unitNo,
  unit_name: l.unitName,
  qty: l.qty,
  price: l.price,
  tax_rate: l.taxRate,
  amount: l.amount,
  requested_date: l.requestedDate,
  warehouse_id: l.warehouseId,
  remark: l.remark,
});

/** Bulk statement for changed lines: buyer fields replaced, the supplier's earlier answer cleared. */
async function rewriteLines(tx: Queryable, order: OrderRow, changed: ReturnType<typeof asRecord>[]): Promise<number> {
  if (!changed.length) return 0;
  const result = await tx.execute(sql`
    update ${pol} as l set
      material_id = v.material_id, prdt_no = v.prdt_no, prdt_name = v.prdt_name, prdt_spc = v.prdt_spc,
      sup_prdt_no = v.sup_prdt_no, unit_no = v.unit_no, unit_name = v.unit_name, qty = v.qty, price = v.price,
      tax_rate = v.tax_rate, amount = v.amount, requested_date = v.requested_date, warehouse_id = v.warehouse_id,
      remark = v.remark, status = ${L.PENDING}, confirmed_qty = null, confirmed_date = null, proposed_qty = null,
      proposed_date = null, version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(
        "lineNo" int, material_id bigint, prdt_no text, prdt_name text, prdt_spc text, sup_prdt_no text,
        unit_no text, unit_name text, qty numeric, price numeric, tax_rate numeric, amount numeric,
        requested_date date, warehouse_id bigint, remark text)
     where l.tenant_id = ${order.tenantId} and l.order_id = ${order.id} and l.line_no = v."lineNo"
       and l.status <> ${L.CANCELLED} and v.qty >= l.delivered_qty`);
  return result.rowCount ?? 0;
}

/** What the notifications and the caller need of a change, without its (large) line set and diff. */
const head = {
  id: poc.id,
  tenantId: poc.tenantId,
  changeNo: poc.changeNo,
  revision: poc.revision,
  reason: poc.reason,
  ownerId: poc.ownerId,
};
type ChangeHead = Pick<ChangeRow, keyof typeof head>;

/**
 * Sends a draft change: claims it and its order (which must still be at the revision the change was
 * drafted on, and changeable), takes the diff again against the lines as they are now and applies it.
 */
async function sendDraft(ctx: RequestContext, change: ChangeRow, version: number | undefined): Promise<SentChange> {
  const { tx, tenantId: me } = ctx;
  const [claimed] = await tx
    .update(poc)
    .set({ version: sql`${poc.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(poc.tenantId, me),
        eq(poc.id, change.id),
        eq(poc.status, C.DRAFT),
        version !== undefined ? eq(poc.version, version) : undefined,
      ),
    )
    .returning({ id: poc.id });
  if (!claimed) throw new AppError(version !== undefined ? 'CONFLICT' : 'PURCHASE_CHANGE_STATE_CHANGED');
  const [current] = await tx
    .select()
    .from(po)
    .where(and(eq(po.tenantId, me), eq(po.id, change.orderId)));
  if (!current) throw new AppError('NOT_FOUND');
  if (current.revision !== change.revision - 1) throw new AppError('PURCHASE_CHANGE_OUTDATED');
  const order = await claimOrder(tx, current, PURCHASE_ORDER_CHANGEABLE_STATUSES, undefined, 'buyer', me);
  const diff = diffLines(await loadLines(tx, me, order.id), change.lines);
  if (!diff.length) throw new AppError('PURCHASE_CHANGE_NO_DIFFERENCE');
  return applyDiff(ctx, order, change, diff, true);
}

/**
 * Applies a diff to a claimed order as revision `change.revision`: changed lines go back to the
 * supplier for confirmation, added lines are inserted, left-out lines cancelled. The change keeps the
 * diff, so every revision stays readable.
 */
async function applyDiff(
  ctx: RequestContext,
  order: OrderRow,
  change: ChangeHead,
  diff: OrderLineDiff[],
  storeDiff: boolean,
): Promise<SentChange> {
  const { tx, auth, tenantId: me } = ctx;
  const changed = diff.filter((d) => d.kind === 'changed').map((d) => asRecord(d.after!));
  if ((await rewriteLines(tx, order, changed)) !== changed.length) throw new AppError('PURCHASE_ORDER_STATE_CHANGED');
  await insertLines(
    tx,
    order,
    diff.filter((d) => d.kind === 'added').map((d) => d.after!),
  );
  const cancelled = diff.filter((d) => d.kind === 'cancelled').map((d) => d.lineNo);
  if (cancelled.length) {
    const gone = await tx
      .update(pol)
      .set({ status: L.CANCELLED, version: sql`${pol.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(eq(pol.tenantId, me), eq(pol.orderId, order.id), inArray(pol.lineNo, cancelled), eq(pol.deliveredQty, '0')),
      )
      .returning({ id: pol.id });
    if (gone.length !== cancelled.length) throw new AppError('PURCHASE_ORDER_STATE_CHANGED');
  }
  await tx
    .update(po)
    .set({ revision: change.revision })
    .where(and(eq(po.tenantId, me), eq(po.id, order.id)));
  const status = await settleOrder(tx, order);
  await settleContractQuantities(tx, order);
  const done = status === PURCHASE_ORDER_STATUS.CONFIRMED;
  await tx
    .update(poc)
    .set({
      status: done ? C.CONFIRMED : C.SENT,
      lines: [],
      ...(storeDiff ? { diff: storedDiff(diff) } : {}),
      sentAt: sql`now()`,
      confirmedAt: done ? sql`now()` : null,
    })
    .where(and(eq(poc.tenantId, me), eq(poc.id, change.id)));
  const summary = text('purchaseOrders.changeSent', {
    changeNo: change.changeNo,
    revision: change.revision,
    ...countsOf(diff),
    reason: change.reason,
  });
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: CHANGE_MODULE,
    targetId: change.id,
    summary,
  });
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: ORDER_MODULE,
    targetId: order.id,
    summary,
  });
  return { change, diff, order };
}

async function tellChangeSent(deps: TellDeps, buyerTenantId: string, sent: SentChange): Promise<void> {
  if (!sent.order.supplierTenantId) return;
  const party = await nameOf(deps.db, buyerTenantId);
  await tellParty(deps, 'order', [
    {
      tenantId: sent.order.supplierTenantId,
      title: text('purchaseOrders.changeSentTitle', {
        party,
        orderNo: sent.order.orderNo,
        revision: sent.change.revision,
      }),
      content: text('purchaseOrders.changeSentBody', { ...countsOf(sent.diff), reason: sent.change.reason }),
      link: supplierChangeLink(sent.change.id),
    },
  ]);
}

/** Runs one row of PURCHASE_CHANGE_TRANSITIONS. */
export async function actOnChange(
  ctx: RequestContext,
  id: string,
  action: PurchaseChangeAction,
  body: ActionBody,
): Promise<PurchaseChangeDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = purchaseChangeMachine.transition(action)!;
  const hit = await findChange(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side) throw new AppError('PURCHASE_ORDER_WRONG_SIDE');
  requireAny(auth, [t.permission]);
  if (action === 'send') {
    const sent = await sendDraft(ctx, hit.row, body.version);
    ctx.afterCommit(() => tellChangeSent(ctx.tell, me, sent));
  } else if (action === 'cancel') {
    const [moved] = await tx
      .update(poc)
      .set({ status: C.CANCELLED, version: sql`${poc.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(poc.tenantId, me),
          eq(poc.id, id),
          eq(poc.status, C.DRAFT),
          body.version !== undefined ? eq(poc.version, body.version) : undefined,
        ),
      )
      .returning(head);
    if (!moved) throw new AppError('PURCHASE_CHANGE_STATE_CHANGED');
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: CHANGE_MODULE,
      targetId: id,
      summary: text('purchaseOrders.changeCancelled', { changeNo: moved.changeNo }),
    });
  } else {
    const confirmed = await confirmChange(ctx, hit.row, body.version);
    ctx.afterCommit(() => tellChangeConfirmed(ctx.tell, me, confirmed));
  }
  return getChange(ctx, id);
}

async function tellChangeConfirmed(
  deps: TellDeps,
  supplierTenantId: string,
  { change, order }: Omit<SentChange, 'diff'>,
): Promise<void> {
  const party = await nameOf(deps.db, supplierTenantId);
  await tellParty(deps, 'order', [
    {
      tenantId: change.tenantId,
      userId: change.ownerId,
      title: text('purchaseOrders.changeConfirmedTitle', { party, changeNo: change.changeNo, orderNo: order.orderNo }),
      content: text('purchaseOrders.changeConfirmedBody', { revision: change.revision }),
      link: buyerChangeLink(change.id),
    },
  ]);
}

/** The supplier accepts a sent change: every line still waiting on the order is confirmed as it stands. */
async function confirmChange(ctx: RequestContext, change: ChangeRow, version: number | undefined) {
  const { tx, auth, tenantId: me } = ctx;
  const [claimed] = await tx
    .update(poc)
    .set({ status: C.CONFIRMED, confirmedAt: sql`now()`, version: sql`${poc.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(poc.tenantId, change.tenantId),
        eq(poc.id, change.id),
        eq(poc.status, C.SENT),
        eq(poc.supplierTenantId, me),
        version !== undefined ? eq(poc.version, version) : undefined,
      ),
    )
    .returning();
  if (!claimed) throw new AppError(version !== undefined ? 'CONFLICT' : 'PURCHASE_CHANGE_STATE_CHANGED');
  const [current] = await tx
    .select()
    .from(po)
    .where(and(eq(po.tenantId, change.tenantId), eq(po.id, change.orderId)));
  if (!current) throw new AppError('NOT_FOUND');
  // A later revision supersedes this one: confirming it must not confirm lines this change did not show.
  if (current.revision !== change.revision) throw new AppError('PURCHASE_CHANGE_OUTDATED');
  const order = await claimOrder(
    tx,
    current,
    [PURCHASE_ORDER_STATUS.SENT, PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED, PURCHASE_ORDER_STATUS.COUNTER_PROPOSED],
    undefined,
    'supplier',
    me,
  );
  await tx
    .update(pol)
    .set({
      status: L.CONFIRMED,
      confirmedQty: sql`${pol.qty}`,
      confirmedDate: sql`${pol.requestedDate}`,
      version: sql`${pol.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pol.tenantId, order.tenantId), eq(pol.orderId, order.id), eq(pol.status, L.PENDING)));
  await settleOrder(tx, order);
  const summary = text('purchaseOrders.changeConfirmed', {
    changeNo: change.changeNo,
    revision: change.revision,
    orderNo: order.orderNo,
  });
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: CHANGE_MODULE,
    targetId: change.id,
    summary,
  });
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: ORDER_MODULE,
    targetId: order.id,
    summary,
  });
  return { change: claimed, order };
}
