import type { ReportFilter, ReportSide } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { type DataScope, resolveDataScope } from '../../platform/data-scope.ts';
import { escapeLike } from '../../platform/documents.ts';
import { dayIn, timeZoneOf } from '../../platform/time.ts';

/** Everything one report run needs to know about the caller and the filter, the period resolved. */
export interface ReportContext {
  side: ReportSide;
  me: string;
  /** The caller's time zone, which its days and months are counted in. */
  zone: string;
  scope: DataScope;
  filter: ReportFilter & { dateFrom: string; dateTo: string };
  showSupplier: boolean;
}

/** Without a period a report covers the current month and the five before it, in the caller's zone. */
export function defaultPeriod(zone: string, now = new Date()): { dateFrom: string; dateTo: string } {
  const today = dayIn(now, zone);
  const months = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 5;
  const from = `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}-01`;
  return { dateFrom: from, dateTo: today };
}

export async function contextOf(
  q: Queryable,
  auth: MemberAuth,
  side: ReportSide,
  filter: ReportFilter | undefined,
): Promise<ReportContext> {
  // A report's statements are prepared like every statement (db/client.ts), but planned for their
  // values each time: a plan made once for any period and any filter reads a million rows for one order.
  await q.execute(sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
  const zone = await timeZoneOf(q, auth.tenantId);
  const period = defaultPeriod(zone);
  const f = filter ?? {};
  let dateFrom = f.dateFrom ?? period.dateFrom;
  let dateTo = f.dateTo ?? period.dateTo;
  if (dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    side,
    me: auth.tenantId,
    zone,
    scope: await resolveDataScope(q, auth),
    filter: { ...f, dateFrom, dateTo },
    showSupplier: auth.showSupplier,
  };
}

const FALSE = sql`false`;
const idList = (column: SQL, ids: readonly string[]) =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : FALSE;

/**
 * The rows of table alias `a` one side may read: the buyer its own within its data scope (owner and
 * department of the header alias `h`) and trading partners; the supplier the rows addressed to it,
 * narrowed by its client restriction. The same rule as `sideCondition` of the documents themselves.
 */
export function visibleTo(ctx: ReportContext, a: string, h: string): SQL {
  const row = sql.raw(a);
  const header = sql.raw(h);
  const parts: SQL[] = [];
  if (ctx.side === 'buyer') {
    parts.push(sql`${row}.tenant_id = ${ctx.me}`);
    if (ctx.scope.partnerIds) parts.push(idList(sql`${row}.supplier_tenant_id`, ctx.scope.partnerIds.supplier));
    if (!ctx.scope.all) {
      const byOwner = ctx.scope.ownerIds.length ? idList(sql`${header}.owner_id`, ctx.scope.ownerIds) : FALSE;
      const byDept = ctx.scope.deptIds.length ? idList(sql`${header}.dept_id`, ctx.scope.deptIds) : FALSE;
      parts.push(sql`(${byOwner} or ${byDept})`);
    }
  } else {
    parts.push(sql`${row}.supplier_tenant_id = ${ctx.me}`);
    if (ctx.scope.partnerIds) parts.push(idList(sql`${row}.tenant_id`, ctx.scope.partnerIds.client));
  }
  return sql.join(parts, sql` and `);
}

/**
 * The partner, material and order-number filters on the columns given: `supplierId` is the buyer's
 * supplier archive id (filtered on the buyer side), `tenantId` the buyer enterprise (filtered on the
 * supplier side as its customer).
 */
export function commonFilters(
  ctx: ReportContext,
  cols: { supplierId?: string; tenantId?: string; prdtNo?: string; prdtName?: string; orderNo?: string },
): SQL[] {
  const f = ctx.filter;
  const out: SQL[] = [];
  if (f.supplierId && cols.supplierId && ctx.side === 'buyer')
    out.push(sql`${sql.raw(cols.supplierId)} = ${f.supplierId}`);
  if (f.customerId && cols.tenantId && ctx.side === 'supplier')
    out.push(sql`${sql.raw(cols.tenantId)} = ${f.customerId}`);
  if (f.material && cols.prdtNo && cols.prdtName) {
    // The one text the trigram indexes of migration 0022 hold: code and name, a space between.
    out.push(sql`${sql.raw(`(${cols.prdtNo} || ' ' || ${cols.prdtName})`)} ilike ${escapeLike(f.material)}`);
  }
  if (f.orderNo && cols.orderNo) out.push(sql`${sql.raw(cols.orderNo)} ilike ${escapeLike(f.orderNo)}`);
  return out;
}

export const and = (parts: SQL[]) => sql.join(parts, sql` and `);

/** The caller's sort as ORDER BY terms over the report's column aliases (keys checked against its catalogue). */
export const sortTerms = (sort: readonly { key: string; asc: boolean }[]) =>
  sort.map((s) => `"${s.key}" ${s.asc ? 'asc' : 'desc'} nulls last`);

/**
 * The partner's display name: the buyer's supplier archive name, or the customer enterprise's short
 * name. `supplierIdCol` / `tenantIdCol` are the row's columns.
 */
export function partnerName(ctx: ReportContext, supplierIdCol: string, tenantIdCol: string): SQL {
  return ctx.side === 'buyer'
    ? sql`(select s.sup_name from suppliers s where s.tenant_id = ${sql.raw(tenantIdCol)} and s.id = ${sql.raw(supplierIdCol)})`
    : sql`(select coalesce(nullif(e.short_name, ''), e.name) from enterprises e where e.id = ${sql.raw(tenantIdCol)})`;
}

/** The partner key column of a row: the supplier archive id (buyer side) or the customer tenant. */
export const partnerKey = (ctx: ReportContext, supplierIdCol: string, tenantIdCol: string) =>
  sql.raw(ctx.side === 'buyer' ? supplierIdCol : tenantIdCol);
