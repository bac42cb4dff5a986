import {
  DELIVERY_NOTE_EDITABLE_STATUSES,
  DELIVERY_NOTE_STATUS,
  DELIVERY_SUPPLIER_PERMISSION,
  type DeliveryNoteCreated,
  type DeliveryNoteDetail,
  type DeliveryNoteLine,
  type DeliveryNoteLineListItem,
  type DeliveryNoteListItem,
  type DeliveryNoteSupplierAction,
  type DeliveryPackage,
  type DocumentSide,
  type deliveryNoteActionSchema,
  type deliveryNoteCreateSchema,
  type deliveryNoteLineListSchema,
  type deliveryNoteListSchema,
  deliveryNoteMachine,
  type deliveryNoteUpdateSchema,
  type ListResult,
  OPERATION_TYPE,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import {
  actorOf,
  claimDocument,
  escapeLike,
  findDocument,
  historyOfDocument,
  nextDocumentNumber,
  requireAny,
  userNameOf,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { warehouses } from '../basic-data/basic-data.table.ts';
import { enterpriseName, nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { purchaseOrders as po } from '../purchase-orders/purchase-orders.table.ts';
import { receiptInspections } from '../receipts/receipts.table.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { buyerNoticeLink, NOTE_MODULE, noteSideCondition, readPermission } from './delivery-notes.common.ts';
import { deliveryNotes as dn, deliveryNoteLines as dnl, deliveryPackages as dp } from './delivery-notes.table.ts';
import { dropNoteLines, type NoteRow, releaseNote, writeNoteLines } from './delivery-notes.write.ts';

type CreateInput = z.infer<typeof deliveryNoteCreateSchema>;
type UpdateInput = z.infer<typeof deliveryNoteUpdateSchema>;
type ListQuery = z.infer<typeof deliveryNoteListSchema>;
type LineListQuery = z.infer<typeof deliveryNoteLineListSchema>;
type ActionBody = z.infer<typeof deliveryNoteActionSchema>;

const S = DELIVERY_NOTE_STATUS;
/** The note as the caller sees it, and on which side; not visible → null (the route answers 404). */
export const findNote = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: DocumentSide; row: NoteRow } | null> =>
  findDocument(q, auth, dn, id, { visible: (side) => noteSideCondition(q, auth, side), read: readPermission });

// ---------------------------------------------------------------------------------------------
// Lists

const orderNos = sql<string[]>`coalesce((select array_agg(o.order_no order by o.first_line) from (
    select ${dnl.orderNo} as order_no, min(${dnl.lineNo}) as first_line from ${dnl}
     where ${dnl.tenantId} = ${dn.tenantId} and ${dnl.noteId} = ${dn.id} group by ${dnl.orderNo}) o), '{}')`;

const listColumns = {
  id: dn.id,
  noteNo: dn.noteNo,
  status: dn.status,
  supplierId: dn.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: dn.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  shipDate: dn.shipDate,
  expectedDate: dn.expectedDate,
  carrier: dn.carrier,
  trackingNo: dn.trackingNo,
  remark: dn.remark,
  lineCount: dn.lineCount,
  packageCount: dn.packageCount,
  totalQty: dn.totalQty,
  orderNos,
  createdByName: dn.createdByName,
  sentAt: dn.sentAt,
  arrivedAt: dn.arrivedAt,
  acceptedAt: dn.acceptedAt,
  warehousedAt: dn.warehousedAt,
  createdAt: dn.createdAt,
  updatedAt: dn.updatedAt,
};

const SORTABLE = {
  noteNo: dn.noteNo,
  status: dn.status,
  shipDate: dn.shipDate,
  expectedDate: dn.expectedDate,
  createdAt: dn.createdAt,
  sentAt: dn.sentAt,
};

/** The supplier's name is the buyer's archive row, which RLS lets that supplier read too. */
function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(dn)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, dn.tenantId), eq(suppliers.id, dn.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, dn.tenantId));
}

const lineMatch = (f: { material?: string; orderNo?: string }) =>
  and(
    f.material ? or(ilike(dnl.prdtNo, escapeLike(f.material)), ilike(dnl.prdtName, escapeLike(f.material))) : undefined,
    f.orderNo ? ilike(dnl.orderNo, escapeLike(f.orderNo)) : undefined,
  );

export async function listNotes(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<DeliveryNoteListItem>> {
  const f = query.filter ?? { side: 'supplier' as const };
  requireAny(auth, readPermission(f.side));
  const lines = lineMatch(f);
  const where = and(
    await noteSideCondition(q, auth, f.side),
    f.noteNo ? ilike(dn.noteNo, escapeLike(f.noteNo)) : undefined,
    f.supplierId ? eq(dn.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(dn.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(dn.status, f.statuses) : undefined,
    f.dateFrom ? gte(dn.shipDate, f.dateFrom) : undefined,
    f.dateTo ? lte(dn.shipDate, f.dateTo) : undefined,
    lines
      ? exists(
          q
            .select({ one: sql`1` })
            .from(dnl)
            .where(and(eq(dnl.tenantId, dn.tenantId), eq(dnl.noteId, dn.id), lines)),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [dn.createdAt, 'desc']), desc(dn.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(dn).where(where),
  ]);
  return { dataList: rows as DeliveryNoteListItem[], totalCount: total };
}

const lineColumns = {
  id: dnl.id,
  lineNo: dnl.lineNo,
  orderId: dnl.orderId,
  orderNo: dnl.orderNo,
  orderLineId: dnl.orderLineId,
  orderLineNo: dnl.orderLineNo,
  planLineId: dnl.planLineId,
  materialId: dnl.materialId,
  prdtNo: dnl.prdtNo,
  prdtName: dnl.prdtName,
  prdtSpc: dnl.prdtSpc,
  supPrdtNo: dnl.supPrdtNo,
  unitName: dnl.unitName,
  qty: dnl.qty,
  batchNo: dnl.batchNo,
  isCheck: dnl.isCheck,
  dueDate: dnl.dueDate,
  warehouseId: dnl.warehouseId,
  receivedQty: dnl.receivedQty,
  qualifiedQty: dnl.qualifiedQty,
  unqualifiedQty: dnl.unqualifiedQty,
  warehousedQty: dnl.warehousedQty,
  remark: dnl.remark,
};

const LINE_SORTABLE = { noteNo: dn.noteNo, shipDate: dn.shipDate, dueDate: dnl.dueDate, prdtNo: dnl.prdtNo };

/** Every line of the caller's notes (supplier) or notices (buyer), one row each: /supplysee/supplydetail. */
export async function listNoteLines(
  { tx: q, auth }: RequestContext,
  query: LineListQuery,
): Promise<ListResult<DeliveryNoteLineListItem>> {
  const f = query.filter ?? { side: 'supplier' as const };
  requireAny(auth, readPermission(f.side));
  const where = and(
    await noteSideCondition(q, auth, f.side),
    f.noteNo ? ilike(dn.noteNo, escapeLike(f.noteNo)) : undefined,
    f.customerTenantId ? eq(dn.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(dn.status, f.statuses) : undefined,
    f.batchNo ? ilike(dnl.batchNo, escapeLike(f.batchNo)) : undefined,
    f.dateFrom ? gte(dn.shipDate, f.dateFrom) : undefined,
    f.dateTo ? lte(dn.shipDate, f.dateTo) : undefined,
    lineMatch(f),
  );
  const page = pageOf(query.pageParam);
  const from = () =>
    q
      .select({
        ...lineColumns,
        noteId: dn.id,
        noteNo: dn.noteNo,
        noteStatus: dn.status,
        customerTenantId: dn.tenantId,
        customerName: sql<string>`coalesce(${enterpriseName}, '')`,
        supName: sql<string>`coalesce(${suppliers.supName}, '')`,
        shipDate: dn.shipDate,
        expectedDate: dn.expectedDate,
      })
      .from(dnl)
      .innerJoin(dn, and(eq(dn.tenantId, dnl.tenantId), eq(dn.id, dnl.noteId)))
      .leftJoin(suppliers, and(eq(suppliers.tenantId, dn.tenantId), eq(suppliers.id, dn.supplierId)))
      .leftJoin(enterprises, eq(enterprises.id, dn.tenantId));
  const [rows, [{ total }]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...orderBy(query.orderParam, LINE_SORTABLE, [dn.createdAt, 'desc']), desc(dn.id), asc(dnl.lineNo))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(dnl)
      .innerJoin(dn, and(eq(dn.tenantId, dnl.tenantId), eq(dn.id, dnl.noteId)))
      .where(where),
  ]);
  return { dataList: rows as DeliveryNoteLineListItem[], totalCount: total };
}

// ---------------------------------------------------------------------------------------------
// Detail

async function linesOf(q: Queryable, note: NoteRow, side: DocumentSide): Promise<DeliveryNoteLine[]> {
  const rows = await q
    .select({
      ...lineColumns,
      // The warehouse is the buyer's archive: the supplier cannot read it and sees none.
      warehouseName: warehouses.name,
      packageCount: sql<number>`(select count(*)::int from ${dp} where ${dp.tenantId} = ${dnl.tenantId}
        and ${dp.lineId} = ${dnl.id} and ${dp.kind} = 1)`,
      receivedPackageCount: sql<number>`(select count(*)::int from ${dp} where ${dp.tenantId} = ${dnl.tenantId}
        and ${dp.lineId} = ${dnl.id} and ${dp.kind} = 1 and ${dp.receivedAt} is not null)`,
    })
    .from(dnl)
    .leftJoin(
      warehouses,
      side === 'buyer' ? and(eq(warehouses.tenantId, dnl.tenantId), eq(warehouses.id, dnl.warehouseId)) : sql`false`,
    )
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)))
    .orderBy(asc(dnl.lineNo));
  const inspections = await q
    .select({
      id: receiptInspections.id,
      lineId: receiptInspections.noteLineId,
      seq: receiptInspections.seq,
      inspectedQty: receiptInspections.inspectedQty,
      qualifiedQty: receiptInspections.qualifiedQty,
      unqualifiedQty: receiptInspections.unqualifiedQty,
      reasonCode: receiptInspections.reasonCode,
      reason: receiptInspections.reason,
      inspectorName: receiptInspections.inspectorName,
      inspectedAt: receiptInspections.inspectedAt,
    })
    .from(receiptInspections)
    .where(and(eq(receiptInspections.tenantId, note.tenantId), eq(receiptInspections.noteId, note.id)))
    .orderBy(asc(receiptInspections.seq));
  return rows.map((r) => ({
    ...r,
    inspections: inspections.filter((i) => i.lineId === r.id).map(({ lineId: _l, ...i }) => i),
  })) as DeliveryNoteLine[];
}

async function packagesOf(q: Queryable, note: NoteRow): Promise<DeliveryPackage[]> {
  const rows = await q
    .select({
      id: dp.id,
      lineId: dp.lineId,
      lineNo: dnl.lineNo,
      packageNo: dp.packageNo,
      kind: dp.kind,
      parentId: dp.parentId,
      seq: dp.seq,
      qty: dp.qty,
      batchNo: dp.batchNo,
      receivedAt: dp.receivedAt,
    })
    .from(dp)
    .innerJoin(dnl, and(eq(dnl.tenantId, dp.tenantId), eq(dnl.id, dp.lineId)))
    .where(and(eq(dp.tenantId, note.tenantId), eq(dp.noteId, note.id)))
    .orderBy(asc(dnl.lineNo), asc(dp.seq));
  return rows as DeliveryPackage[];
}

export async function getNote(ctx: RequestContext, id: string): Promise<DeliveryNoteDetail> {
  const { tx, auth } = ctx;
  const hit = await findNote(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(dn.tenantId, row.tenantId), eq(dn.id, id)));
  const lines = await linesOf(tx, row, side);
  const [order] = lines.length
    ? await tx
        .select({ places: po.decimalPlaces })
        .from(po)
        .where(and(eq(po.tenantId, row.tenantId), eq(po.id, lines[0]!.orderId)))
    : [];
  return {
    ...(item as DeliveryNoteListItem),
    side,
    buyerTimeZone: await timeZoneOf(tx, row.tenantId),
    version: row.version,
    actions: deliveryNoteMachine.available(side, row.status, (c) => auth.permissions.has(c)),
    lines,
    packages: await packagesOf(tx, row),
    history: await historyOfDocument(ctx, row, NOTE_MODULE, id),
    decimalPlaces: order?.places ?? { quantity: 2, price: 4, amount: 2 },
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

type Told = { id: string; noteNo: string; tenantId: string; ownerId: string | null };

/** Tells the buyer once the step has committed. */
async function tellBuyer(ctx: RequestContext, note: Told, what: 'sent' | 'cancelled') {
  const params = { party: await nameOf(ctx.tx, ctx.tenantId), noteNo: note.noteNo };
  const told = {
    tenantId: note.tenantId,
    userId: note.ownerId,
    title: text(what === 'sent' ? 'deliveryNotes.sentTitle' : 'deliveryNotes.cancelledTitle', params),
    content: text(what === 'sent' ? 'deliveryNotes.sentBody' : 'deliveryNotes.cancelledBody', params),
    link: buyerNoticeLink(note.id),
  };
  ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [told]));
}

/** A step's log text with the comment its author gave, if any. */
const withComment = (summary: TextRef, comment: string | undefined): TextRef =>
  comment?.trim() ? text('deliveryNotes.withComment', { text: summary, comment: comment.trim() }) : summary;

/** A new note of one customer, whole or absent; `send` sends it at once. */
export async function createNote(ctx: RequestContext, input: CreateInput): Promise<DeliveryNoteCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [DELIVERY_SUPPLIER_PERMISSION]);
  return idempotent(tx, ctx.idem, async () => {
    const id = newId();
    const noteNo = await nextDocumentNumber(tx, {
      prefix: 'DN',
      table: dn,
      column: dn.noteNo,
      owner: input.customerTenantId,
      caller: me,
    });
    const head = await writeNoteLines(tx, auth, { id, noteNo, customerTenantId: input.customerTenantId }, input.lines);
    const status = input.send ? S.SENT : S.NOT_SENT;
    await switchTenant(tx, input.customerTenantId);
    await tx.insert(dn).values({
      tenantId: input.customerTenantId,
      supplierTenantId: me,
      id,
      noteNo,
      supplierId: head.supplierId,
      status,
      shipDate: input.shipDate,
      expectedDate: input.expectedDate,
      carrier: input.carrier,
      trackingNo: input.trackingNo,
      remark: input.remark,
      lineCount: head.lineCount,
      packageCount: head.packageCount,
      totalQty: head.totalQty,
      createdBy: auth.userId,
      createdByName: await userNameOf(tx, auth.userId),
      ownerId: head.ownerId,
      deptId: head.deptId,
      sentAt: input.send ? sql`now()` : null,
    } as typeof dn.$inferInsert);
    await switchTenant(tx, me);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: NOTE_MODULE,
      targetId: id,
      summary: text(input.send ? 'deliveryNotes.createdAndSent' : 'deliveryNotes.created', {
        noteNo,
        count: head.lineCount,
        packageCount: head.packageCount,
      }),
    });
    if (input.send)
      await tellBuyer(ctx, { id, noteNo, tenantId: input.customerTenantId, ownerId: head.ownerId }, 'sent');
    return { id, noteNo, status, version: 1 };
  });
}

/** Rewrites a draft (`version` as seen), re-packs it and answers the note as it now stands. */
export async function updateNote(ctx: RequestContext, id: string, input: UpdateInput): Promise<DeliveryNoteDetail> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [DELIVERY_SUPPLIER_PERMISSION]);
  const hit = await findNote(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== 'supplier') throw new AppError('DELIVERY_NOTE_WRONG_SIDE');
  if (!DELIVERY_NOTE_EDITABLE_STATUSES.includes(hit.row.status as 0)) throw new AppError('DELIVERY_NOTE_NOT_EDITABLE');
  const row = await claimDocument(
    tx,
    dn,
    hit.row,
    { from: DELIVERY_NOTE_EDITABLE_STATUSES, version: input.version, side: 'supplier', me },
    'DELIVERY_NOTE_NOT_EDITABLE',
  );
  await dropNoteLines(tx, auth, row);
  const head = await writeNoteLines(tx, auth, { id, noteNo: row.noteNo, customerTenantId: row.tenantId }, input.lines);
  await tx
    .update(dn)
    .set({
      shipDate: input.shipDate,
      expectedDate: input.expectedDate,
      carrier: input.carrier,
      trackingNo: input.trackingNo,
      remark: input.remark,
      lineCount: head.lineCount,
      packageCount: head.packageCount,
      totalQty: head.totalQty,
      ownerId: head.ownerId,
      deptId: head.deptId,
    })
    .where(and(eq(dn.tenantId, row.tenantId), eq(dn.id, id)));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: NOTE_MODULE,
    targetId: id,
    summary: text('deliveryNotes.edited', {
      noteNo: row.noteNo,
      count: head.lineCount,
      packageCount: head.packageCount,
    }),
  });
  return getNote(ctx, id);
}

/** The supplier's steps: send and cancel. The buyer's steps live in the receipts module. */
export async function actOnNote(
  ctx: RequestContext,
  id: string,
  action: DeliveryNoteSupplierAction,
  body: ActionBody,
): Promise<DeliveryNoteDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const step = deliveryNoteMachine.transition(action);
  if (step?.side !== 'supplier') throw new AppError('DELIVERY_NOTE_WRONG_SIDE');
  const hit = await findNote(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== step.side) throw new AppError('DELIVERY_NOTE_WRONG_SIDE');
  requireAny(auth, [step.permission]);
  const claimed = await claimDocument(
    tx,
    dn,
    hit.row,
    { from: step.from, version: body.version, side: 'supplier', me },
    'DELIVERY_NOTE_STATE_CHANGED',
  );
  await tx
    .update(dn)
    .set({
      status: step.to,
      ...(action === 'send' ? { sentAt: sql`now()` } : { cancelledAt: sql`now()` }),
    })
    .where(and(eq(dn.tenantId, claimed.tenantId), eq(dn.id, id)));
  if (action === 'cancel') await releaseNote(tx, claimed);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: NOTE_MODULE,
    targetId: id,
    summary: withComment(
      text(action === 'send' ? 'deliveryNotes.sent' : 'deliveryNotes.cancelled', { noteNo: claimed.noteNo }),
      body.comment,
    ),
  });
  if (action === 'send') await tellBuyer(ctx, claimed, 'sent');
  // A draft was never seen by the buyer: withdrawing it tells nobody.
  else if (hit.row.status !== S.NOT_SENT) await tellBuyer(ctx, claimed, 'cancelled');
  return getNote(ctx, id);
}
