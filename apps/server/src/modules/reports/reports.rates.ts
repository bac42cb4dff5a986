import type { ReportChart, ReportRow } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { endOfDay, startOfDay } from '../../platform/time.ts';
import { and, commonFilters, partnerKey, partnerName, type ReportContext, visibleTo } from './reports.scope.ts';

/**
 * The aggregated reports: on-time arrival, quality yield and unqualified reasons. Each runs one SQL
 * statement that aggregates in the database to the table's rows (partner[, material]), the chart's
 * months and the total at once (grouping sets), so the big tables are read once per request. Sums and
 * percentages are computed there on numeric and leave as decimal text: no figure passes through a
 * JS number (issue 16).
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
  summary: Record<string, string | number | null>;
  chart: ReportChart;
}

/** part ÷ whole in percent, two places, half away from zero; null when the whole is zero (nothing to measure). */
const percentSql = (part: SQL, whole: SQL) => sql`round(100 * ${part} / nullif(${whole}, 0), 2)::text`;

/** Numeric text as people read it: `82.50` → `82.5`, `400.000` → `400`; null stays null. */
export function decimalText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return /^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}

/** A figure as the chart draws it (a double: plotting only, never computed with or sent as the figure). */
const plotted = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Which grouping set a row of a grouping-sets aggregate belongs to. */
type SetKind = 'row' | 'month' | 'total';
const setKind = (row: SQL, month: SQL) =>
  sql`case when grouping(${month}) = 0 then 'month' when grouping(${row}) = 0 then 'row' else 'total' end`;

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

function timelyArrivalSql(ctx: ReportContext): SQL {
  const src = ctx.filter.material || ctx.filter.orderNo ? dueLines(ctx) : dueDayTotals(ctx);
  return sql`
    select ${setKind(src.partner, src.month)} as kind,
           ${src.partner}::text as partner_id, to_char(${src.month}, 'YYYY-MM') as month,
           ${src.dueLines}::int as due_lines, ${src.dueQty}::text as due_qty,
           ${src.onTimeQty}::text as on_time_qty, ${src.receivedQty}::text as received_qty,
           ${percentSql(src.onTimeQty, src.dueQty)} as on_time_rate
      from ${src.from}
     where ${src.where}
     group by grouping sets ((${src.partner}), (${src.month}), ())
    having ${src.dueLines} > 0`;
}

/** Partner names of the aggregated partner ids, read once per report (a few dozen at most). */
async function namesOf(q: Queryable, ctx: ReportContext, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const name = partnerName(ctx, 'x.id', ctx.side === 'buyer' ? `${ctx.me}::bigint` : 'x.id');
  const result = await q.execute<{ id: string; name: string | null }>(
    sql`select x.id::text as id, ${name} as name from unnest(array[${list}]) as x(id)`,
  );
  return new Map(result.rows.map((r) => [r.id, r.name ?? '']));
}

export async function timelyArrival(q: Queryable, ctx: ReportContext): Promise<Aggregated> {
  await preferHashPlans(q);
  const result = await q.execute<{
    kind: SetKind;
    partner_id: string | null;
    month: string | null;
    due_lines: number;
    due_qty: string;
    on_time_qty: string;
    received_qty: string;
    on_time_rate: string | null;
  }>(timelyArrivalSql(ctx));
  const partners = result.rows.filter((r) => r.kind === 'row');
  const byMonth = new Map(result.rows.filter((r) => r.kind === 'month').map((r) => [r.month, r]));
  const total = result.rows.find((r) => r.kind === 'total');
  const names = await namesOf(
    q,
    ctx,
    partners.map((r) => r.partner_id!),
  );
  const rows: ReportRow[] = partners.map((r) => ({
    id: r.partner_id!,
    [partnerColumn(ctx)]: shownName(ctx, names.get(r.partner_id!)),
    dueLines: Number(r.due_lines),
    dueQty: decimalText(r.due_qty),
    onTimeQty: decimalText(r.on_time_qty),
    receivedQty: decimalText(r.received_qty),
    onTimeRate: decimalText(r.on_time_rate),
  }));
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m);
  return {
    rows,
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

/**
 * Yield = qualified ÷ inspected quantity over the inspections of the period, by partner and month,
 * or by partner, material and month.
 */
export async function qualityYield(q: Queryable, ctx: ReportContext): Promise<Aggregated> {
  const byMaterial = ctx.filter.groupBy === 'material';
  await preferHashPlans(q);
  const src = byMaterial || ctx.filter.material ? rawInspections(ctx) : dayTotals(ctx);
  // One pass, three groupings: the table's rows (partner[, material]), the chart's months and the
  // total. Grouping by (partner, material, month) would hand hundreds of thousands of rows to the
  // server to merge.
  const group = byMaterial ? sql`(${src.partner}, ri.prdt_no)` : sql`(${src.partner})`;
  const result = await q.execute<{
    kind: SetKind;
    partner_id: string | null;
    prdt_no: string | null;
    prdt_name: string | null;
    month: string | null;
    inspections: number;
    inspected: string;
    qualified: string;
    unqualified: string;
    yield: string | null;
  }>(sql`
    select ${setKind(src.partner, src.month)} as kind,
           ${src.partner}::text as partner_id, ${byMaterial ? sql`ri.prdt_no` : sql`''`} as prdt_no,
           ${byMaterial ? sql`max(ri.prdt_name)` : sql`''`} as prdt_name,
           to_char(${src.month}, 'YYYY-MM') as month,
           ${src.inspections}::int as inspections, ${src.sum('inspected_qty')}::text as inspected,
           ${src.sum('qualified_qty')}::text as qualified, ${src.sum('unqualified_qty')}::text as unqualified,
           ${percentSql(src.sum('qualified_qty'), src.sum('inspected_qty'))} as yield
      from ${src.from}
     where ${src.where}
     group by grouping sets (${group}, (${src.month}), ())
    having ${src.inspections} > 0`);
  const groups = result.rows.filter((r) => r.kind === 'row');
  const byMonth = new Map(result.rows.filter((r) => r.kind === 'month').map((r) => [r.month, r]));
  const total = result.rows.find((r) => r.kind === 'total');
  const names = await namesOf(q, ctx, [...new Set(groups.map((r) => r.partner_id!))]);
  const rows: ReportRow[] = groups.map((r) => ({
    id: `${r.partner_id}|${r.prdt_no ?? ''}`,
    [partnerColumn(ctx)]: shownName(ctx, names.get(r.partner_id!)),
    prdtNo: r.prdt_no ?? '',
    prdtName: r.prdt_name ?? '',
    inspectionCount: Number(r.inspections),
    inspectedQty: decimalText(r.inspected),
    qualifiedQty: decimalText(r.qualified),
    unqualifiedQty: decimalText(r.unqualified),
    qualityYield: decimalText(r.yield),
  }));
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m);
  return {
    rows,
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

/** Unqualified quantity by reason (its code, else its text), with each reason's share of the total. */
export async function unqualifiedReasons(q: Queryable, ctx: ReportContext): Promise<Aggregated> {
  await preferHashPlans(q);
  const unqualified = sql`sum(ri.unqualified_qty)`;
  const allUnqualified = sql`sum(${unqualified}) over ()`;
  const result = await q.execute<{
    reason_code: string;
    reason: string;
    inspections: number;
    unqualified: string;
    share: string | null;
    total: string;
    total_inspections: number;
  }>(sql`
    select max(ri.reason_code) as reason_code, max(ri.reason) as reason, count(*)::int as inspections,
           ${unqualified}::text as unqualified, ${percentSql(unqualified, allUnqualified)} as share,
           (${allUnqualified})::text as total, (sum(count(*)) over ())::int as total_inspections
      from ${inspectionsFrom(ctx)}
     where ${inspectionWhere(ctx)} and ri.unqualified_qty > 0
     group by coalesce(nullif(ri.reason_code, ''), ri.reason)
     order by ${unqualified} desc, 1, 2`);
  const first = result.rows[0];
  const rows: ReportRow[] = result.rows.map((r) => ({
    id: r.reason_code || r.reason,
    reasonCode: r.reason_code,
    reason: r.reason,
    inspectionCount: Number(r.inspections),
    unqualifiedQty: decimalText(r.unqualified),
    share: decimalText(r.share),
  }));
  return {
    rows,
    summary: {
      inspectionCount: Number(first?.total_inspections ?? 0),
      unqualifiedQty: decimalText(first?.total ?? '0'),
    },
    chart: {
      type: 'pie',
      categories: result.rows.map((r) => r.reason || r.reason_code),
      series: [
        { key: 'unqualifiedQty', kind: 'qty', type: 'pie', data: result.rows.map((r) => plotted(r.unqualified)) },
      ],
    },
  };
}
