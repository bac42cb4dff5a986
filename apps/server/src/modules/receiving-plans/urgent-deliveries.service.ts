import {
  type DocumentSide,
  type JoinedSupplier,
  type ListResult,
  OPERATION_TYPE,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type TextKey,
  type TextRef,
  text,
  URGENT_DELIVERY_STATUS,
  type UrgentDeliveryAction,
  type UrgentDeliveryCreated,
  type UrgentDeliveryDetail,
  type UrgentDeliveryLine,
  type UrgentDeliveryListItem,
  type UrgentOrderLine,
  type urgentDeliveryActionSchema,
  type urgentDeliveryCreateSchema,
  type urgentDeliveryListSchema,
  urgentDeliveryMachine,
  type urgentOrderLineQuerySchema,
} from '@concord/shared';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import {
  actorOf,
  escapeLike,
  findDocument,
  historyOfDocument,
  nextDocumentNumber,
  requireAny,
  sideCondition,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { enterpriseName, nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { orderSideCondition } from '../purchase-orders/purchase-orders.common.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { joinedSuppliers } from '../suppliers/suppliers.scope.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { buyerUrgentLink, supplierUrgentLink, URGENT_MODULE } from './receiving-plans.common.ts';
import { urgentDeliveries as ud, urgentDeliveryLines as udl } from './receiving-plans.table.ts';

type ListQuery = z.infer<typeof urgentDeliveryListSchema>;
type CreateInput = z.infer<typeof urgentDeliveryCreateSchema>;
type ActionBody = z.infer<typeof urgentDeliveryActionSchema>;
type NoticeRow = typeof ud.$inferSelect;

export const URGENT_BUYER = 'RE_MAN';
export const URGENT_SUPPLIER = 'CU_OR_CO';
const U = URGENT_DELIVERY_STATUS;
/** Orders the supplier still works on: sent and not closed or cancelled. */
const OPEN_ORDER_STATUSES = [
  PURCHASE_ORDER_STATUS.SENT,
  PURCHASE_ORDER_STATUS.PARTIALLY_CONFIRMED,
  PURCHASE_ORDER_STATUS.COUNTER_PROPOSED,
  PURCHASE_ORDER_STATUS.CONFIRMED,
];

const readPermission = (side: DocumentSide) => [side === 'buyer' ? URGENT_BUYER : URGENT_SUPPLIER];

export const findNotice = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: DocumentSide; row: NoticeRow } | null> =>
  findDocument(q, auth, ud, id, { visible: (side) => sideCondition(q, auth, side, ud), read: readPermission });

// ---------------------------------------------------------------------------------------------
// List and detail

const listColumns = {
  id: ud.id,
  noticeNo: ud.noticeNo,
  supplierId: ud.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: ud.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  status: ud.status,
  requiredDate: ud.requiredDate,
  reason: ud.reason,
  supplierRemark: ud.supplierRemark,
  lineCount: ud.lineCount,
  ownerName: users.name,
  createdAt: ud.createdAt,
  acknowledgedAt: ud.acknowledgedAt,
  answeredAt: ud.answeredAt,
};

const SORTABLE = {
  noticeNo: ud.noticeNo,
  status: ud.status,
  requiredDate: ud.requiredDate,
  createdAt: ud.createdAt,
  answeredAt: ud.answeredAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(ud)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, ud.tenantId), eq(suppliers.id, ud.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, ud.tenantId))
    .leftJoin(users, eq(users.id, ud.ownerId));
}

export async function listNotices(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<UrgentDeliveryListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const material = f.material ? escapeLike(f.material) : null;
  const where = and(
    await sideCondition(q, auth, f.side, ud),
    f.noticeNo ? ilike(ud.noticeNo, escapeLike(f.noticeNo)) : undefined,
    f.supplierId ? eq(ud.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(ud.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(ud.status, f.statuses) : undefined,
    f.dateFrom ? gte(ud.requiredDate, f.dateFrom) : undefined,
    f.dateTo ? lte(ud.requiredDate, f.dateTo) : undefined,
    material
      ? exists(
          q
            .select({ one: sql`1` })
            .from(udl)
            .innerJoin(pol, and(eq(pol.tenantId, udl.tenantId), eq(pol.id, udl.orderLineId)))
            .where(
              and(
                eq(udl.tenantId, ud.tenantId),
                eq(udl.noticeId, ud.id),
                or(ilike(pol.prdtNo, material), ilike(pol.prdtName, material)),
              ),
            ),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [ud.createdAt, 'desc']), desc(ud.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(ud).where(where),
  ]);
  return { dataList: rows as UrgentDeliveryListItem[], totalCount: total };
}

async function linesOf(q: Queryable, notice: NoticeRow): Promise<UrgentDeliveryLine[]> {
  const rows = await q
    .select({
      id: udl.id,
      lineNo: udl.lineNo,
      orderId: udl.orderId,
      orderNo: sql<string>`coalesce(${po.orderNo}, '')`,
      orderLineId: udl.orderLineId,
      orderLineNo: sql<number>`coalesce(${pol.lineNo}, 0)`,
      prdtNo: sql<string>`coalesce(${pol.prdtNo}, '')`,
      prdtName: sql<string>`coalesce(${pol.prdtName}, '')`,
      prdtSpc: sql<string>`coalesce(${pol.prdtSpc}, '')`,
      unitName: sql<string>`coalesce(${pol.unitName}, '')`,
      qty: udl.qty,
      remark: udl.remark,
      availableQty: udl.availableQty,
      availableDate: udl.availableDate,
      supplierRemark: udl.supplierRemark,
    })
    .from(udl)
    .leftJoin(pol, and(eq(pol.tenantId, udl.tenantId), eq(pol.id, udl.orderLineId)))
    .leftJoin(po, and(eq(po.tenantId, udl.tenantId), eq(po.id, udl.orderId)))
    .where(and(eq(udl.tenantId, notice.tenantId), eq(udl.noticeId, notice.id)))
    .orderBy(asc(udl.lineNo));
  return rows as UrgentDeliveryLine[];
}

export async function getNotice(ctx: RequestContext, id: string): Promise<UrgentDeliveryDetail> {
  const { tx } = ctx;
  const hit = await findNotice(tx, ctx.auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(ud.tenantId, row.tenantId), eq(ud.id, id)));
  const lines = await linesOf(tx, row);
  // Every line's order was rounded with the buyer's settings of its day; the first one speaks for all.
  const [order] = lines.length
    ? await tx
        .select({ decimalPlaces: po.decimalPlaces })
        .from(po)
        .where(and(eq(po.tenantId, row.tenantId), eq(po.id, lines[0]!.orderId)))
    : [];
  return {
    ...(item as UrgentDeliveryListItem),
    side,
    version: row.version,
    lines,
    history: await historyOfDocument(ctx, row, URGENT_MODULE, id),
    decimalPlaces: order?.decimalPlaces ?? { quantity: 2, price: 4, amount: 2 },
  };
}

// ---------------------------------------------------------------------------------------------
// Buyer: what may be asked for, and asking

/** Joined suppliers the caller may see, for the notice form. */
export async function listUrgentSuppliers({ tx, auth }: RequestContext): Promise<JoinedSupplier[]> {
  requireAny(auth, [URGENT_BUYER]);
  return joinedSuppliers(tx, auth);
}

/** Live lines of the supplier's open orders that the caller may see. */
async function openLinesCondition(q: Queryable, auth: MemberAuth, supplierId: string): Promise<SQL | undefined> {
  return and(
    await orderSideCondition(q, auth, 'buyer'),
    eq(po.supplierId, supplierId),
    inArray(po.status, OPEN_ORDER_STATUSES),
    ne(pol.status, PURCHASE_ORDER_LINE_STATUS.CANCELLED),
  );
}

export async function listUrgentOrderLines(
  { tx: q, auth }: RequestContext,
  query: z.infer<typeof urgentOrderLineQuerySchema>,
): Promise<UrgentOrderLine[]> {
  requireAny(auth, [URGENT_BUYER]);
  const keyword = query.keyword ? escapeLike(query.keyword) : null;
  return q
    .select({
      orderLineId: pol.id,
      orderId: po.id,
      orderNo: po.orderNo,
      lineNo: pol.lineNo,
      prdtNo: pol.prdtNo,
      prdtName: pol.prdtName,
      prdtSpc: pol.prdtSpc,
      unitName: pol.unitName,
      qty: pol.qty,
      deliveredQty: pol.deliveredQty,
      requestedDate: pol.requestedDate,
      decimalPlaces: po.decimalPlaces,
    })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .where(
      and(
        await openLinesCondition(q, auth, query.supplierId),
        keyword ? or(ilike(po.orderNo, keyword), ilike(pol.prdtNo, keyword), ilike(pol.prdtName, keyword)) : undefined,
      ),
    )
    .orderBy(asc(pol.requestedDate), asc(po.orderNo), asc(pol.lineNo))
    .limit(500);
}

export async function createNotice(ctx: RequestContext, input: CreateInput): Promise<UrgentDeliveryCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [URGENT_BUYER]);
  return idempotent(tx, ctx.idem, async () => {
    const supplier = await assertSupplierAddressable(tx, me, input.supplierId);
    if (!supplier.supplierTenantId)
      throw new AppError('PURCHASE_ORDER_SUPPLIER_NOT_JOINED', { name: supplier.supName });
    const ids = [...new Set(input.lines.map((l) => l.orderLineId))];
    const open = await tx
      .select({ id: pol.id, orderId: pol.orderId, lineNo: pol.lineNo, places: po.decimalPlaces })
      .from(pol)
      .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
      .where(and(inArray(pol.id, ids), await openLinesCondition(tx, auth, input.supplierId)));
    const byId = new Map(open.map((l) => [l.id, l]));
    const lines = input.lines.map((l, i) => {
      const line = byId.get(l.orderLineId);
      if (!line) throw new AppError('URGENT_DELIVERY_LINE_INVALID', { lineNo: i + 1 });
      return { ...l, orderId: line.orderId, qty: placedDecimal(l.qty, line.places.quantity, `lines.${i}.qty`) };
    });
    const id = newId();
    const noticeNo = await nextDocumentNumber(tx, { prefix: 'UD', table: ud, column: ud.noticeNo, owner: me });
    await tx.insert(ud).values({
      tenantId: me,
      supplierTenantId: supplier.supplierTenantId,
      id,
      noticeNo,
      supplierId: input.supplierId,
      status: U.SENT,
      requiredDate: input.requiredDate,
      reason: input.reason,
      lineCount: lines.length,
      ownerId: auth.userId,
      deptId: auth.deptId,
    });
    await tx.insert(udl).values(
      lines.map((l, i) => ({
        tenantId: me,
        supplierTenantId: supplier.supplierTenantId,
        id: newId(),
        noticeId: id,
        lineNo: i + 1,
        orderId: l.orderId,
        orderLineId: l.orderLineId,
        qty: l.qty,
        remark: l.remark,
      })),
    );
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: URGENT_MODULE,
      targetId: id,
      summary: text('urgentDeliveries.sent', { noticeNo, count: lines.length, date: input.requiredDate }),
    });
    const needed = { count: lines.length, date: input.requiredDate };
    const note = {
      tenantId: supplier.supplierTenantId,
      title: text('urgentDeliveries.sentTitle', { party: await nameOf(tx, me), noticeNo }),
      content: input.reason
        ? text('urgentDeliveries.neededWithReason', { ...needed, reason: input.reason })
        : text('urgentDeliveries.needed', needed),
      link: supplierUrgentLink(id),
    };
    ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
    return { id, noticeNo, status: U.SENT, version: 1 };
  });
}

// ---------------------------------------------------------------------------------------------
// State changes

/** Each step as logged, and as the title of the other party's message. */
const STEPS: Record<UrgentDeliveryAction, { summary: TextKey; title: TextKey }> = {
  acknowledge: { summary: 'urgentDeliveries.acknowledged', title: 'urgentDeliveries.acknowledgedTitle' },
  answer: { summary: 'urgentDeliveries.answered', title: 'urgentDeliveries.answeredTitle' },
  close: { summary: 'urgentDeliveries.closed', title: 'urgentDeliveries.closedTitle' },
  cancel: { summary: 'urgentDeliveries.cancelled', title: 'urgentDeliveries.cancelledTitle' },
};

/** A text with the remark its author gave, if any. */
const withRemark = (t: TextRef, remark: string | undefined): TextRef =>
  remark?.trim() ? text('receivingPlans.withComment', { text: t, comment: remark.trim() }) : t;

/** The supplier's answer: every line gets the quantity it can ship and the date; nothing of the buyer's. */
async function writeAnswer(tx: Queryable, notice: NoticeRow, body: ActionBody): Promise<string> {
  const lines = await tx
    .select({ id: udl.id, lineNo: udl.lineNo, orderId: udl.orderId })
    .from(udl)
    .where(and(eq(udl.tenantId, notice.tenantId), eq(udl.noticeId, notice.id)));
  const answers = new Map((body.lines ?? []).map((l) => [l.id, l]));
  if (answers.size !== lines.length || lines.some((l) => !answers.has(l.id)))
    throw new AppError('URGENT_DELIVERY_ANSWER_INCOMPLETE');
  const [order] = await tx
    .select({ places: po.decimalPlaces })
    .from(po)
    .where(and(eq(po.tenantId, notice.tenantId), eq(po.id, lines[0]!.orderId)));
  const places = order?.places.quantity ?? 2;
  const indexOf = new Map((body.lines ?? []).map((l, i) => [l.id, i]));
  const values = lines.map((l) => {
    const a = answers.get(l.id)!;
    const qty = placedDecimal(a.availableQty, places, `lines.${indexOf.get(l.id)}.availableQty`);
    return { id: l.id, qty, date: a.availableDate, remark: a.remark };
  });
  await tx.execute(sql`
    update ${udl} as l set available_qty = v.qty, available_date = v.date, supplier_remark = v.remark, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, qty numeric, date date, remark text)
     where l.tenant_id = ${notice.tenantId} and l.notice_id = ${notice.id} and l.id = v.id`);
  await tx
    .update(ud)
    .set({ supplierRemark: body.remark ?? notice.supplierRemark, answeredAt: sql`now()` })
    .where(and(eq(ud.tenantId, notice.tenantId), eq(ud.id, notice.id)));
  const listed = values
    .slice(0, 20)
    .map((v) => `#${lines.find((l) => l.id === v.id)!.lineNo} ${v.qty} (${v.date})`)
    .join('; ');
  return `${listed}${values.length > 20 ? '; …' : ''}`;
}

/**
 * Runs one row of URGENT_DELIVERY_TRANSITIONS: the header moves only from a status the step allows
 * (and from the version the caller saw), so of two concurrent steps one wins and one gets 409.
 */
export async function actOnNotice(
  ctx: RequestContext,
  id: string,
  action: UrgentDeliveryAction,
  body: ActionBody,
): Promise<UrgentDeliveryDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = urgentDeliveryMachine.transition(action)!;
  const hit = await findNotice(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side) throw new AppError('URGENT_DELIVERY_WRONG_SIDE');
  requireAny(auth, [t.permission]);
  const [claimed] = await tx
    .update(ud)
    .set({
      status: t.to,
      version: sql`${ud.version} + 1`,
      updatedAt: sql`now()`,
      ...(action === 'acknowledge' ? { acknowledgedAt: sql`now()` } : {}),
    })
    .where(
      and(
        eq(ud.tenantId, hit.row.tenantId),
        eq(ud.id, id),
        inArray(ud.status, [...t.from]),
        body.version !== undefined ? eq(ud.version, body.version) : undefined,
        t.side === 'supplier' ? eq(ud.supplierTenantId, me) : undefined,
      ),
    )
    .returning();
  if (!claimed) {
    const stale = body.version !== undefined && hit.row.version !== body.version;
    throw new AppError(stale ? 'CONFLICT' : 'URGENT_DELIVERY_STATE_CHANGED');
  }
  const noticeNo = claimed.noticeNo;
  const step =
    action === 'answer'
      ? text(STEPS.answer.summary, { noticeNo, answers: await writeAnswer(tx, claimed, body) })
      : withRemark(text(STEPS[action].summary, { noticeNo }), body.remark);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: URGENT_MODULE,
    targetId: id,
    summary: step,
  });
  const told = {
    title: text(STEPS[action].title, { party: await nameOf(tx, me), noticeNo }),
    content: step,
  };
  if (t.side === 'supplier') {
    const note = { ...told, tenantId: claimed.tenantId, userId: claimed.ownerId, link: buyerUrgentLink(id) };
    ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
  } else if (claimed.supplierTenantId) {
    const note = { ...told, tenantId: claimed.supplierTenantId, link: supplierUrgentLink(id) };
    ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
  }
  return getNotice(ctx, id);
}
