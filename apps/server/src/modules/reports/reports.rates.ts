import type { ReportChart, ReportRow } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { endOfDay, startOfDay } from '../../platform/time.ts';
import {
  and,
  commonFilters,
  partnerKey,
  partnerName,
  type ReportContext,
  sortTerms,
  visibleTo,
} from './reports.scope.ts';

/**
 * The aggregated reports: on-time arrival, quality yield and unqualified reasons. Each aggregates in the
 * database: one statement groups the table's rows (partner[, material]) and sorts and pages them there
 * with their count, so one page of tens of thousands of groups never leaves PostgreSQL whole (issue 20);
 * another gives the chart's months and the total, from the day totals wherever the filter allows. Sums
 * and percentages are computed on numeric and leave as decimal text: no figure passes through a JS
 * number (issue 16).
 */

/**
 * Row-level security adds its policy to every scan, and PostgreSQL estimates that filter to keep a
 * handful of rows: over a million receipt lines it then probes a join row by row and sorts hundreds of
 * thousands of rows to group them into a dozen. These aggregates read most of a tenant's rows by
 * design, so their transaction prefers hash joins and hash aggregates with the memory for them
 * (SET LOCAL: gone at commit).
 */
export async function preferHashPlans(q: Queryable) {
  await q.execute(
    sql`select set_config('enable_nestloop', 'off', true), set_config('enable_sort', 'off', true),
               set_config('work_mem', '64MB', true)`,
  );
}

export interface Aggregated {
  rows: ReportRow[];
  /** How many rows (groups) the filter has; `rows` is one page of them. */
  total: number;
  summary: Record<string, string | number | null>;
  chart: ReportChart;
}

/** Which page of the groups, sorted by which of the report's columns (already checked against the catalogue). */
export interface GroupPaging {
  sort: { key: string; asc: boolean }[];
  limit: number;
  offset: number;
}

/**
 * One page of `groups` (an aggregate whose columns are named as the report's keys, plus `partner_id`),
 * sorted in the database with the partner's name joined, and how many groups there are. `tieBreak`
 * makes the order total, so pages neither repeat nor skip a group.
 */
async function pageOfGroups(
  q: Queryable,
  ctx: ReportContext,
  groups: SQL,
  paging: GroupPaging,
  defaultOrder: string,
  tieBreak: string,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const order = paging.sort.length ? sortTerms(paging.sort).join(', ') : defaultOrder;
  const name = partnerName(ctx, 'g.partner_id', ctx.side === 'buyer' ? `${ctx.me}::bigint` : 'g.partner_id');
  const result = await q.execute<Record<string, unknown>>(sql`
    with g as (${groups})
    select g.*, ${name} as ${sql.raw(`"${partnerColumn(ctx)}"`)}, count(*) over () as total_groups
      from g
     order by ${sql.raw(order)}, ${sql.raw(tieBreak)}
     limit ${paging.limit} offset ${paging.offset}`);
  const total = result.rows.length
    ? Number(result.rows[0]!.total_groups)
    : paging.offset > 0
      ? Number((await q.execute<{ n: number }>(sql`select count(*)::int as n from (${groups}) g`)).rows[0]!.n)
      : 0;
  return { rows: result.rows, total };
}

/** part ÷ whole in percent, two places, half away from zero; null when the whole is zero (nothing to measure). */
const percentOf = (part: SQL, whole: SQL) => sql`round(100 * ${part} / nullif(${whole}, 0), 2)`;
const percentSql = (part: SQL, whole: SQL) => sql`${percentOf(part, whole)}::text`;

/** Numeric text as people read it: `82.50` → `82.5`, `400.000` → `400`; null stays null. */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return /^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}

/** A figure as the chart draws it (a double: plotting only, never computed with or sent as the figure). */
const plotted = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Every month of the period, so a month without data is a gap on the chart rather than missing. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end || out.length > 240) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

const MASK = '***';
const shownName = (ctx: ReportContext, name: unknown) =>
  ctx.side === 'buyer' && !ctx.showSupplier ? MASK : String(name ?? '');
const partnerColumn = (ctx: ReportContext) => (ctx.side === 'buyer' ? 'supName' : 'customerName');

// ---------------------------------------------------------------------------------------------
// On-time arrival

/**
 * The period, side, scope and partner of a day-totals table `t` (due lines or inspections): both
 * carry the two tenants, the supplier archive, the owner and department, and the day.
 */
const dayTotalsOf = (ctx: ReportContext) => ({
  where: and([
    visibleTo(ctx, 't', 't'),
    sql`t.day between ${ctx.filter.dateFrom} and ${ctx.filter.dateTo}`,
    ...commonFilters(ctx, { supplierId: 't.supplier_id', tenantId: 't.tenant_id' }),
  ]),
  partner: partnerKey(ctx, 't.supplier_id', 't.tenant_id'),
  month: sql`date_trunc('month', t.day)`,
});

/**
 * Where the on-time report reads its due lines. `order_due_lines` holds one row per due line (an
 * order line and a date it is due on) with its due quantity and what was received against it
 * (migration 0008 defines "due"); `due_day_totals` holds their sums per day, supplier, owner and
 * department, so a report that filters by neither material nor order reads a few hundred rows per
 * supplier for a year instead of every due line. The on-time part of a due line is what arrived on
 * or before its date, capped at its due quantity.
 */
interface DueSource {
  from: SQL;
  where: SQL;
  partner: SQL;
  month: SQL;
  dueLines: SQL;
  dueQty: SQL;
  onTimeQty: SQL;
  receivedQty: SQL;
}

function dueLines(ctx: ReportContext): DueSource {
  const lineFilters = commonFilters(ctx, {
    supplierId: 'd.supplier_id',
    tenantId: 'd.tenant_id',
    prdtNo: 'ol.prdt_no',
    prdtName: 'ol.prdt_name',
    orderNo: 'po.order_no',
  });
  return {
    from: sql`order_due_lines d
      join purchase_order_lines ol on ol.tenant_id = d.tenant_id and ol.id = d.order_line_id
      join purchase_orders po on po.tenant_id = ol.tenant_id and po.id = ol.order_id`,
    where: and([
      visibleTo(ctx, 'd', 'd'),
      sql`d.due_qty is not null and d.due_date between ${ctx.filter.dateFrom} and ${ctx.filter.dateTo}`,
      ...lineFilters,
    ]),
    partner: partnerKey(ctx, 'd.supplier_id', 'd.tenant_id'),
    month: sql`date_trunc('month', d.due_date)`,
    dueLines: sql`count(*)`,
    dueQty: sql`sum(d.due_qty)`,
    onTimeQty: sql`sum(least(d.on_time_qty, d.due_qty))`,
    receivedQty: sql`sum(d.received_qty)`,
  };
}

const dueDayTotals = (ctx: ReportContext): DueSource => ({
  from: sql`due_day_totals t`,
  ...dayTotalsOf(ctx),
  dueLines: sql`sum(t.due_lines)`,
  dueQty: sql`sum(t.due_qty)`,
  onTimeQty: sql`sum(t.on_time_qty)`,
  receivedQty: sql`sum(t.received_qty)`,
});

export async function timelyArrival(q: Queryable, ctx: ReportContext, paging: GroupPaging): Promise<Aggregated> {
  const filtered = !!(ctx.filter.material || ctx.filter.orderNo);
  const src = filtered ? dueLines(ctx) : dueDayTotals(ctx);
  // Unfiltered, the report reads day totals (a few hundred rows per supplier); filtered by a material
  // or an order, the planner's own choice of index and nested loops finds the few due lines.
  if (!filtered) await preferHashPlans(q);
  const groups = sql`
    select ${src.partner} as partner_id, ${src.dueLines}::int as "dueLines", ${src.dueQty} as "dueQty",
           ${src.onTimeQty} as "onTimeQty", ${src.receivedQty} as "receivedQty",
           ${percentOf(src.onTimeQty, src.dueQty)} as "onTimeRate"
      from ${src.from}
     where ${src.where}
     group by 1
    having ${src.dueLines} > 0`;
  const page = await pageOfGroups(q, ctx, groups, paging, `"${partnerColumn(ctx)}"`, 'partner_id');
  const periodic = await q.execute<{
    month: string | null;
    due_lines: number;
    due_qty: string;
    on_time_qty: string;
    on_time_rate: string | null;
  }>(sql`
    select to_char(${src.month}, 'YYYY-MM') as month, ${src.dueLines}::int as due_lines,
           ${src.dueQty}::text as due_qty, ${src.onTimeQty}::text as on_time_qty,
           ${percentSql(src.onTimeQty, src.dueQty)} as on_time_rate
      from ${src.from}
     where ${src.where}
     group by grouping sets ((${src.month}), ())`);
  const byMonth = new Map(periodic.rows.filter((r) => r.month !== null).map((r) => [r.month, r]));
  const total = periodic.rows.find((r) => r.month === null);
  const rows: ReportRow[] = page.rows.map((r) => ({
    id: String(r.partner_id),
    [partnerColumn(ctx)]: shownName(ctx, r[partnerColumn(ctx)]),
    dueLines: Number(r.dueLines),
    dueQty: decimalText(r.dueQty),
    onTimeQty: decimalText(r.onTimeQty),
    receivedQty: decimalText(r.receivedQty),
    onTimeRate: decimalText(r.onTimeRate),
  }));
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m);
  return {
    rows,
    total: page.total,
    summary: {
      dueLines: Number(total?.due_lines ?? 0),
      dueQty: decimalText(total?.due_qty ?? '0'),
      onTimeQty: decimalText(total?.on_time_qty ?? '0'),
      onTimeRate: decimalText(total?.on_time_rate),
    },
    chart: {
      type: 'line',
      categories: months,
      series: [
        { key: 'dueQty', kind: 'qty', type: 'bar', data: months.map((m) => plotted(month(m)?.due_qty ?? '0')) },
        {
          key: 'onTimeQty',
          kind: 'qty',
          type: 'bar',
          data: months.map((m) => plotted(month(m)?.on_time_qty ?? '0')),
        },
        { key: 'onTimeRate', kind: 'rate', type: 'line', data: months.map((m) => plotted(month(m)?.on_time_rate)) },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Inspections: quality yield and unqualified reasons

/**
 * An inspection counts on its day in its buyer's zone, as `inspection_day_totals` counts it: the
 * caller's own zone on the buyer side, each row's buyer's (`e`, joined) on the supplier side. A literal,
 * not a parameter: the month expression must be the same text in the select and the grouping.
 */
const inspectionZone = (ctx: ReportContext) =>
  ctx.side === 'buyer' ? sql.raw(`'${ctx.zone.replaceAll("'", "''")}'`) : sql`e.time_zone`;

/** The zones furthest ahead of and behind UTC: every buyer's day lies within theirs. */
const EARLIEST_ZONE = 'Etc/GMT-14';
const LATEST_ZONE = 'Etc/GMT+12';

function inspectionWhere(ctx: ReportContext): SQL {
  const { dateFrom, dateTo } = ctx.filter;
  const buyer = ctx.side === 'buyer';
  const from = startOfDay(dateFrom, buyer ? ctx.zone : EARLIEST_ZONE).toISOString();
  const to = endOfDay(dateTo, buyer ? ctx.zone : LATEST_ZONE).toISOString();
  return and([
    visibleTo(ctx, 'ri', 'dn'),
    // Scalar subqueries: the bounds are computed once, not cast again for every row.
    sql`ri.inspected_at >= (select ${from}::timestamptz) and ri.inspected_at < (select ${to}::timestamptz)`,
    ...(buyer
      ? []
      : [sql`(ri.inspected_at at time zone ${inspectionZone(ctx)})::date between ${dateFrom} and ${dateTo}`]),
    ...commonFilters(ctx, {
      supplierId: 'ri.supplier_id',
      tenantId: 'ri.tenant_id',
      prdtNo: 'ri.prdt_no',
      prdtName: 'ri.prdt_name',
    }),
  ]);
}

/**
 * Inspections carry their partner and material, so the yield reports read that table alone; the note
 * header is joined only for a buyer's data scope, which is decided by the note's owner and department.
 */
function inspectionsFrom(ctx: ReportContext): SQL {
  const scoped = ctx.side === 'buyer' && !ctx.scope.all;
  const joined = scoped
    ? sql`join delivery_notes dn on dn.tenant_id = ri.tenant_id and dn.id = ri.note_id`
    : ctx.side === 'supplier'
      ? sql`join enterprises e on e.id = ri.tenant_id`
      : sql``;
  return sql`receipt_inspections ri ${joined}`;
}

/** Where a yield report reads its inspections, and how it sums and groups them there. */
interface InspectionSource {
  from: SQL;
  where: SQL;
  partner: SQL;
  month: SQL;
  inspections: SQL;
  sum: (column: 'inspected_qty' | 'qualified_qty' | 'unqualified_qty') => SQL;
}

const rawInspections = (ctx: ReportContext): InspectionSource => ({
  from: inspectionsFrom(ctx),
  where: inspectionWhere(ctx),
  partner: partnerKey(ctx, 'ri.supplier_id', 'ri.tenant_id'),
  month: sql`date_trunc('month', ri.inspected_at at time zone ${inspectionZone(ctx)})`,
  inspections: sql`count(*)`,
  sum: (column) => sql`sum(ri.${sql.raw(column)})`,
});

/**
 * `inspection_day_totals` holds the same sums per day, supplier, owner and department, so a report
 * that neither groups nor filters by material reads it instead: a year is a few hundred rows per
 * supplier, not every inspection.
 */
const dayTotals = (ctx: ReportContext): InspectionSource => ({
  from: sql`inspection_day_totals t`,
  ...dayTotalsOf(ctx),
  inspections: sql`sum(t.inspections)`,
  sum: (column) => sql`sum(t.${sql.raw(column)})`,
});

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The whole months of a period (first days of the first and last, or null) and the days at either end
 * that only partly cover a month, e.g. 2025-01-15…2025-04-10 → months 2025-02-01…2025-03-01, days
 * 2025-01-15…2025-01-31 and 2025-04-01…2025-04-10.
 */
export function wholeMonthsOf(from: string, to: string): { months: [string, string] | null; days: [string, string][] } {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const first = Date.UTC(fy, fm - 1 + (fd === 1 ? 0 : 1), 1);
  const lastDayOfTo = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  const last = Date.UTC(ty, tm - 1 + (td === lastDayOfTo ? 0 : -1), 1);
  if (first > last) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (isoDay(first) > from) days.push([from, isoDay(first - DAY_MS)]);
  const afterLast = Date.UTC(new Date(last).getUTCFullYear(), new Date(last).getUTCMonth() + 1, 1);
  if (isoDay(afterLast) <= to) days.push([isoDay(afterLast), to]);
  return { months: [isoDay(first), isoDay(last)], days };
}

/**
 * Yield per partner and material: the month totals of the period's whole months (migration 0023) and
 * the inspections of its partly covered ends, grouped together.
 */
function materialMonthGroups(ctx: ReportContext): SQL {
  const split = wholeMonthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const parts: SQL[] = [];
  if (split.months) {
    parts.push(sql`
      select ${partnerKey(ctx, 'm.supplier_id', 'm.tenant_id')} as partner_id, m.prdt_no, m.prdt_name,
             m.inspections as n, m.inspected_qty as inspected, m.qualified_qty as qualified,
             m.unqualified_qty as unqualified
        from inspection_material_months m
       where ${and([
         visibleTo(ctx, 'm', 'm'),
         sql`m.month between ${split.months[0]} and ${split.months[1]}`,
         ...commonFilters(ctx, { supplierId: 'm.supplier_id', tenantId: 'm.tenant_id' }),
       ])}`);
  }
  for (const [dateFrom, dateTo] of split.days) {
    const end = { ...ctx, filter: { ...ctx.filter, dateFrom, dateTo } };
    const partner = partnerKey(ctx, 'coalesce(ri.supplier_id, 0)', 'ri.tenant_id');
    parts.push(sql`
      select ${partner} as partner_id, ri.prdt_no, ri.prdt_name, 1 as n, ri.inspected_qty as inspected,
             ri.qualified_qty as qualified, ri.unqualified_qty as unqualified
        from ${inspectionsFrom(end)}
       where ${inspectionWhere(end)}`);
  }
  return sql`
    select x.partner_id, x.prdt_no as "prdtNo", max(x.prdt_name) as "prdtName", sum(x.n)::int as "inspectionCount",
           sum(x.inspected) as "inspectedQty", sum(x.qualified) as "qualifiedQty",
           sum(x.unqualified) as "unqualifiedQty", ${percentOf(sql`sum(x.qualified)`, sql`sum(x.inspected)`)} as "qualityYield"
      from (${sql.join(parts, sql` union all `)}) x
     group by 1, 2
    having sum(x.n) > 0`;
}

/**
 * Yield = qualified ÷ inspected quantity over the inspections of the period, by partner or by partner
 * and material. The months and the total never depend on the grouping: they come from the day totals
 * unless a material filter needs the inspections themselves.
 */
export async function qualityYield(q: Queryable, ctx: ReportContext, paging: GroupPaging): Promise<Aggregated> {
  const byMaterial = ctx.filter.groupBy === 'material';
  const filtered = !!ctx.filter.material;
  const rowSrc = byMaterial || filtered ? rawInspections(ctx) : dayTotals(ctx);
  const periodSrc = filtered ? rawInspections(ctx) : dayTotals(ctx);
  // Grouping every inspection of the period by material reads most of the tenant's rows by design.
  if (!filtered) await preferHashPlans(q);
  const groups =
    byMaterial && !filtered
      ? materialMonthGroups(ctx)
      : sql`
    select ${rowSrc.partner} as partner_id, ${byMaterial ? sql`ri.prdt_no` : sql`''`} as "prdtNo",
           ${byMaterial ? sql`max(ri.prdt_name)` : sql`''`} as "prdtName",
           ${rowSrc.inspections}::int as "inspectionCount", ${rowSrc.sum('inspected_qty')} as "inspectedQty",
           ${rowSrc.sum('qualified_qty')} as "qualifiedQty", ${rowSrc.sum('unqualified_qty')} as "unqualifiedQty",
           ${percentOf(rowSrc.sum('qualified_qty'), rowSrc.sum('inspected_qty'))} as "qualityYield"
      from ${rowSrc.from}
     where ${rowSrc.where}
     group by 1${byMaterial ? sql`, 2` : sql``}
    having ${rowSrc.inspections} > 0`;
  const page = await pageOfGroups(q, ctx, groups, paging, `"${partnerColumn(ctx)}", "prdtNo"`, 'partner_id, "prdtNo"');
  const periodic = await q.execute<{
    month: string | null;
    qualified: string;
    unqualified: string;
    inspected: string;
    yield: string | null;
  }>(sql`
    select to_char(${periodSrc.month}, 'YYYY-MM') as month, ${periodSrc.sum('inspected_qty')}::text as inspected,
           ${periodSrc.sum('qualified_qty')}::text as qualified, ${periodSrc.sum('unqualified_qty')}::text as unqualified,
           ${percentSql(periodSrc.sum('qualified_qty'), periodSrc.sum('inspected_qty'))} as yield
      from ${periodSrc.from}
     where ${periodSrc.where}
     group by grouping sets ((${periodSrc.month}), ())`);
  const byMonth = new Map(periodic.rows.filter((r) => r.month !== null).map((r) => [r.month, r]));
  const total = periodic.rows.find((r) => r.month === null);
  const rows: ReportRow[] = page.rows.map((r) => ({
    id: `${r.partner_id}|${r.prdtNo ?? ''}`,
    [partnerColumn(ctx)]: shownName(ctx, r[partnerColumn(ctx)]),
    prdtNo: String(r.prdtNo ?? ''),
    prdtName: String(r.prdtName ?? ''),
    inspectionCount: Number(r.inspectionCount),
    inspectedQty: decimalText(r.inspectedQty),
    qualifiedQty: decimalText(r.qualifiedQty),
    unqualifiedQty: decimalText(r.unqualifiedQty),
    qualityYield: decimalText(r.qualityYield),
  }));
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m);
  return {
    rows,
    total: page.total,
    summary: {
      inspectedQty: decimalText(total?.inspected ?? '0'),
      qualifiedQty: decimalText(total?.qualified ?? '0'),
      unqualifiedQty: decimalText(total?.unqualified ?? '0'),
      qualityYield: decimalText(total?.yield),
    },
    chart: {
      type: 'line',
      categories: months,
      series: [
        {
          key: 'qualifiedQty',
          kind: 'qty',
          type: 'bar',
          data: months.map((m) => plotted(month(m)?.qualified ?? '0')),
        },
        {
          key: 'unqualifiedQty',
          kind: 'qty',
          type: 'bar',
          data: months.map((m) => plotted(month(m)?.unqualified ?? '0')),
        },
        { key: 'qualityYield', kind: 'rate', type: 'line', data: months.map((m) => plotted(month(m)?.yield)) },
      ],
    },
  };
}

/**
 * Unqualified quantity by reason (its code, else its text), with each reason's share of the total. The
 * reasons are a short list (the pie draws them all), so the page is cut from it here.
 */
export async function unqualifiedReasons(q: Queryable, ctx: ReportContext, paging: GroupPaging): Promise<Aggregated> {
  if (!ctx.filter.material) await preferHashPlans(q);
  const unqualified = sql`sum(ri.unqualified_qty)`;
  const allUnqualified = sql`sum(${unqualified}) over ()`;
  const result = await q.execute<{
    reasonCode: string;
    reason: string;
    inspectionCount: number;
    unqualifiedQty: string;
    share: string | null;
    total: string;
    total_inspections: number;
  }>(sql`
    select max(ri.reason_code) as "reasonCode", max(ri.reason) as reason, count(*)::int as "inspectionCount",
           ${unqualified} as "unqualifiedQty", round(100 * ${unqualified} / nullif(${allUnqualified}, 0), 2) as share,
           (${allUnqualified})::text as total, (sum(count(*)) over ())::int as total_inspections
      from ${inspectionsFrom(ctx)}
     where ${inspectionWhere(ctx)} and ri.unqualified_qty > 0
     group by coalesce(nullif(ri.reason_code, ''), ri.reason)
     order by ${sql.raw([...sortTerms(paging.sort), '"unqualifiedQty" desc', '1', '2'].join(', '))}`);
  const first = result.rows[0];
  const rows: ReportRow[] = result.rows.slice(paging.offset, paging.offset + paging.limit).map((r) => ({
    id: r.reasonCode || r.reason,
    reasonCode: r.reasonCode,
    reason: r.reason,
    inspectionCount: Number(r.inspectionCount),
    unqualifiedQty: decimalText(r.unqualifiedQty),
    share: decimalText(r.share),
  }));
  return {
    rows,
    total: result.rows.length,
    summary: {
      inspectionCount: Number(first?.total_inspections ?? 0),
      unqualifiedQty: decimalText(first?.total ?? '0'),
    },
    chart: {
      type: 'pie',
      categories: result.rows.map((r) => r.reason || r.reasonCode),
      series: [
        {
          key: 'unqualifiedQty',
          kind: 'qty',
          type: 'pie',
          data: result.rows.map((r) => plotted(decimalText(r.unqualifiedQty))),
        },
      ],
    },
  };
}
