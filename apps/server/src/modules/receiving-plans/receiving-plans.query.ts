import {
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DocumentSide,
  type ListResult,
  OPERATION_TYPE,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_SUPPLIER_HIDDEN_STATUSES,
  type ReceivingPlanDetail,
  type ReceivingPlanLine,
  type ReceivingPlanListItem,
  type ReceivingPlanScheduleItem,
  type receivingPlanLineListSchema,
  type receivingPlanListSchema,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import {
  actorOf,
  escapeLike,
  findDocument,
  historyOfDocument,
  requireAny,
  sideCondition,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { PLAN_MODULE, type PlanRow, readPermission } from './receiving-plans.common.ts';
import { receivingPlanLines as rl, receivingPlans as rp } from './receiving-plans.table.ts';

/* Reading plans: finding one, the plan list and the schedule of either side, and one plan's detail. */

type ListQuery = z.infer<typeof receivingPlanListSchema>;
type LineListQuery = z.infer<typeof receivingPlanLineListSchema>;

const L = RECEIVING_PLAN_LINE_STATUS;

/** Both sides' view within their data scopes; a supplier never sees the buyer's drafts. */
const planSideCondition = (q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> =>
  sideCondition(q, auth, side, rp, {
    from: 'supplier',
    status: rp.status,
    statuses: RECEIVING_PLAN_SUPPLIER_HIDDEN_STATUSES,
  });

/** The plan as the caller sees it, and on which side; not visible → null (the route answers 404). */
export const findPlan = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: DocumentSide; row: PlanRow } | null> =>
  findDocument(q, auth, rp, id, { visible: (side) => planSideCondition(q, auth, side), read: readPermission });

// ---------------------------------------------------------------------------------------------
// Lists

/** The order's places, which every quantity of its plans is rounded and shown with. */
const orderPlaces =
  sql<DecimalPlaces>`coalesce(${po.decimalPlaces}, ${JSON.stringify(DEFAULT_DECIMAL_PLACES)}::jsonb)`.mapWith(
    po.decimalPlaces,
  );

const listColumns = {
  id: rp.id,
  planNo: rp.planNo,
  orderId: rp.orderId,
  orderNo: sql<string>`coalesce(${po.orderNo}, '')`,
  supplierId: rp.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: rp.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  status: rp.status,
  remark: rp.remark,
  lineCount: rp.lineCount,
  totalQty: rp.totalQty,
  firstDate: rp.firstDate,
  lastDate: rp.lastDate,
  ownerName: users.name,
  createdAt: rp.createdAt,
  updatedAt: rp.updatedAt,
  sentAt: rp.sentAt,
  decimalPlaces: orderPlaces,
};

const SORTABLE = {
  planNo: rp.planNo,
  status: rp.status,
  firstDate: rp.firstDate,
  lastDate: rp.lastDate,
  createdAt: rp.createdAt,
  sentAt: rp.sentAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(rp)
    .leftJoin(po, and(eq(po.tenantId, rp.tenantId), eq(po.id, rp.orderId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rp.tenantId), eq(suppliers.id, rp.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rp.tenantId))
    .leftJoin(users, eq(users.id, rp.ownerId));
}

const materialMatch = (material: string) =>
  or(ilike(pol.prdtNo, escapeLike(material)), ilike(pol.prdtName, escapeLike(material)));

export async function listPlans(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<ReceivingPlanListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const lineWhere = (extra: SQL | undefined) =>
    exists(
      q
        .select({ one: sql`1` })
        .from(rl)
        .innerJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
        .where(and(eq(rl.tenantId, rp.tenantId), eq(rl.planId, rp.id), extra)),
    );
  const where = and(
    await planSideCondition(q, auth, f.side),
    f.planNo ? ilike(rp.planNo, escapeLike(f.planNo)) : undefined,
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.supplierId ? eq(rp.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rp.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rp.status, f.statuses) : undefined,
    f.material ? lineWhere(materialMatch(f.material)) : undefined,
    f.dateFrom || f.dateTo
      ? lineWhere(
          and(
            f.dateFrom ? gte(rl.plannedDate, f.dateFrom) : undefined,
            f.dateTo ? lte(rl.plannedDate, f.dateTo) : undefined,
          ),
        )
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [rp.createdAt, 'desc']), desc(rp.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(rp)
      .leftJoin(po, and(eq(po.tenantId, rp.tenantId), eq(po.id, rp.orderId)))
      .where(where),
  ]);
  return { dataList: rows as ReceivingPlanListItem[], totalCount: total };
}

const lineColumns = {
  id: rl.id,
  lineNo: rl.lineNo,
  orderLineId: rl.orderLineId,
  orderLineNo: sql<number>`coalesce(${pol.lineNo}, 0)`,
  materialId: pol.materialId,
  prdtNo: sql<string>`coalesce(${pol.prdtNo}, '')`,
  prdtName: sql<string>`coalesce(${pol.prdtName}, '')`,
  prdtSpc: sql<string>`coalesce(${pol.prdtSpc}, '')`,
  supPrdtNo: sql<string>`coalesce(${pol.supPrdtNo}, '')`,
  unitName: sql<string>`coalesce(${pol.unitName}, '')`,
  plannedQty: rl.plannedQty,
  plannedDate: rl.plannedDate,
  remark: rl.remark,
  status: rl.status,
  proposedDate: rl.proposedDate,
  supplierRemark: rl.supplierRemark,
  deliveredQty: rl.deliveredQty,
  version: rl.version,
};

const scheduleColumns = {
  ...lineColumns,
  planId: rp.id,
  planNo: rp.planNo,
  planStatus: rp.status,
  orderId: rp.orderId,
  orderNo: sql<string>`coalesce(${po.orderNo}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  decimalPlaces: orderPlaces,
};

const SCHEDULE_SORTABLE = {
  plannedDate: rl.plannedDate,
  planNo: rp.planNo,
  status: rl.status,
  plannedQty: rl.plannedQty,
};

export const SCHEDULE_EXPORT_MAX_ROWS = 10_000;

async function scheduleWhere(q: Queryable, auth: MemberAuth, f: NonNullable<LineListQuery['filter']>) {
  requireAny(auth, readPermission(f.side));
  return and(
    await planSideCondition(q, auth, f.side),
    f.planNo ? ilike(rp.planNo, escapeLike(f.planNo)) : undefined,
    f.orderNo ? ilike(po.orderNo, escapeLike(f.orderNo)) : undefined,
    f.supplierId ? eq(rp.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rp.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rl.status, f.statuses) : ne(rl.status, L.CANCELLED),
    f.material ? materialMatch(f.material) : undefined,
    f.dateFrom ? gte(rl.plannedDate, f.dateFrom) : undefined,
    f.dateTo ? lte(rl.plannedDate, f.dateTo) : undefined,
  );
}

function scheduleSelect(q: Queryable) {
  return q
    .select(scheduleColumns)
    .from(rl)
    .innerJoin(rp, and(eq(rp.tenantId, rl.tenantId), eq(rp.id, rl.planId)))
    .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
    .leftJoin(po, and(eq(po.tenantId, rl.tenantId), eq(po.id, rl.orderId)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rp.tenantId), eq(suppliers.id, rp.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rp.tenantId));
}

/** The schedule: every planned delivery the caller may see, one row each. */
export async function listSchedule(
  { tx: q, auth }: RequestContext,
  query: LineListQuery,
): Promise<ListResult<ReceivingPlanScheduleItem>> {
  const where = await scheduleWhere(q, auth, query.filter ?? { side: 'buyer' });
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    scheduleSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SCHEDULE_SORTABLE, [rl.plannedDate, 'asc']), asc(rp.planNo), asc(rl.lineNo))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(rl)
      .innerJoin(rp, and(eq(rp.tenantId, rl.tenantId), eq(rp.id, rl.planId)))
      .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
      .leftJoin(po, and(eq(po.tenantId, rl.tenantId), eq(po.id, rl.orderId)))
      .where(where),
  ]);
  return { dataList: rows as ReceivingPlanScheduleItem[], totalCount: total };
}

/** The whole schedule for an export, all or nothing: beyond the cap the caller is told so. */
export async function scheduleForExport(
  q: Queryable,
  auth: MemberAuth,
  filter: NonNullable<LineListQuery['filter']>,
): Promise<ReceivingPlanScheduleItem[]> {
  const rows = await scheduleSelect(q)
    .where(await scheduleWhere(q, auth, filter))
    .orderBy(asc(rl.plannedDate), asc(rp.planNo), asc(rl.lineNo))
    .limit(SCHEDULE_EXPORT_MAX_ROWS + 1);
  if (rows.length > SCHEDULE_EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', { max: SCHEDULE_EXPORT_MAX_ROWS });
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.EXPORT,
    module: PLAN_MODULE,
    summary: text('receivingPlans.exported', { count: rows.length, side: text(`party.${filter.side}`) }),
  });
  return rows as ReceivingPlanScheduleItem[];
}

// ---------------------------------------------------------------------------------------------
// Detail

async function linesOf(q: Queryable, plan: PlanRow): Promise<ReceivingPlanLine[]> {
  const rows = await q
    .select(lineColumns)
    .from(rl)
    .leftJoin(pol, and(eq(pol.tenantId, rl.tenantId), eq(pol.id, rl.orderLineId)))
    .where(and(eq(rl.tenantId, plan.tenantId), eq(rl.planId, plan.id)))
    .orderBy(asc(rl.lineNo));
  return rows as ReceivingPlanLine[];
}

export async function getPlan(ctx: RequestContext, id: string): Promise<ReceivingPlanDetail> {
  const { tx } = ctx;
  const hit = await findPlan(tx, ctx.auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(rp.tenantId, row.tenantId), eq(rp.id, id)));
  return {
    ...(item as ReceivingPlanListItem),
    side,
    version: row.version,
    lines: await linesOf(tx, row),
    history: await historyOfDocument(ctx, row, PLAN_MODULE, id),
  };
}
