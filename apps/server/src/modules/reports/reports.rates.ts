import type { ReportChart, ReportRow } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { and, commonFilters, partnerKey, partnerName, type ReportContext, visibleTo } from './reports.scope.ts';

/**
 * The aggregated reports: on-time arrival, quality yield and unqualified reasons. Each runs one SQL
 * statement that aggregates to (partner[, material], month) in the database; rows, summary and chart
 * are then folded from that small result, so the big tables are read once per request.
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

/** Percent with two decimals; null when nothing was due or inspected. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null);
/** Sums of decimals back to decimal text without float noise. */
export const qty = (n: number) => String(Math.round(n * 1e6) / 1e6);

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
    select ${src.partner}::text as partner_id, to_char(${src.month}, 'YYYY-MM') as month,
           ${src.dueLines}::int as due_lines, ${src.dueQty}::float8 as due_qty,
           ${src.onTimeQty}::float8 as on_time_qty, ${src.receivedQty}::float8 as received_qty
      from ${src.from}
     where ${src.where}
     group by 1, 2
    having ${src.dueLines} > 0`;
}

interface Sums {
  [k: string]: number;
}
function add(target: Sums, source: Sums) {
  for (const [k, v] of Object.entries(source)) target[k] = (target[k] ?? 0) + v;
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
    partner_id: string;
    month: string;
    due_lines: number;
    due_qty: number;
    on_time_qty: number;
    received_qty: number;
  }>(timelyArrivalSql(ctx));
  const byPartner = new Map<string, Sums>();
  const byMonth = new Map<string, Sums>();
  const total: Sums = {};
  for (const r of result.rows) {
    const sums = {
      dueLines: Number(r.due_lines),
      dueQty: Number(r.due_qty),
      onTimeQty: Number(r.on_time_qty),
      receivedQty: Number(r.received_qty),
    };
    for (const [map, key] of [
      [byPartner, r.partner_id],
      [byMonth, r.month],
    ] as const) {
      const bucket = map.get(key) ?? {};
      add(bucket, sums);
      map.set(key, bucket);
    }
    add(total, sums);
  }
  const names = await namesOf(q, ctx, [...byPartner.keys()]);
  const rows: ReportRow[] = [...byPartner.entries()].map(([id, s]) => ({
    id,
    [partnerColumn(ctx)]: shownName(ctx, names.get(id)),
    dueLines: s.dueLines,
    dueQty: qty(s.dueQty),
    onTimeQty: qty(s.onTimeQty),
    receivedQty: qty(s.receivedQty),
    onTimeRate: percent(s.onTimeQty, s.dueQty),
  }));
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m) ?? {};
  return {
    rows,
    summary: {
      dueLines: total.dueLines ?? 0,
      dueQty: qty(total.dueQty ?? 0),
      onTimeQty: qty(total.onTimeQty ?? 0),
      onTimeRate: percent(total.onTimeQty ?? 0, total.dueQty ?? 0),
    },
    chart: {
      type: 'line',
      categories: months,
      series: [
        { key: 'dueQty', kind: 'qty', type: 'bar', data: months.map((m) => month(m).dueQty ?? 0) },
        { key: 'onTimeQty', kind: 'qty', type: 'bar', data: months.map((m) => month(m).onTimeQty ?? 0) },
        {
          key: 'onTimeRate',
          kind: 'rate',
          type: 'line',
          data: months.map((m) => percent(month(m).onTimeQty ?? 0, month(m).dueQty ?? 0)),
        },
      ],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Inspections: quality yield and unqualified reasons

function inspectionWhere(ctx: ReportContext): SQL {
  const { dateFrom, dateTo } = ctx.filter;
  return and([
    visibleTo(ctx, 'ri', 'dn'),
    // Scalar subqueries: the bounds are computed once, not cast again for every row.
    sql`ri.inspected_at >= (select ${dateFrom}::date::timestamptz) and ri.inspected_at < (select (${dateTo}::date + 1)::timestamptz)`,
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
  return sql`receipt_inspections ri ${scoped ? sql`join delivery_notes dn on dn.tenant_id = ri.tenant_id and dn.id = ri.note_id` : sql``}`;
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
  month: sql`date_trunc('month', ri.inspected_at)`,
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
  // One pass, two groupings: the table's rows (partner[, material]) and the chart's months. Grouping
  // by (partner, material, month) would hand hundreds of thousands of rows to the server to merge.
  const group = byMaterial ? sql`(${src.partner}, ri.prdt_no)` : sql`(${src.partner})`;
  const result = await q.execute<{
    partner_id: string | null;
    prdt_no: string | null;
    prdt_name: string | null;
    month: string | null;
    inspections: number;
    inspected: number;
    qualified: number;
    unqualified: number;
  }>(sql`
    select ${src.partner}::text as partner_id, ${byMaterial ? sql`ri.prdt_no` : sql`''`} as prdt_no,
           ${byMaterial ? sql`max(ri.prdt_name)` : sql`''`} as prdt_name,
           case when grouping(${src.month}) = 0 then to_char(${src.month}, 'YYYY-MM') end as month,
           ${src.inspections}::int as inspections, ${src.sum('inspected_qty')}::float8 as inspected,
           ${src.sum('qualified_qty')}::float8 as qualified, ${src.sum('unqualified_qty')}::float8 as unqualified
      from ${src.from}
     where ${src.where}
     group by grouping sets (${group}, (${src.month}))
    having ${src.inspections} > 0`);
  const groups = new Map<string, Sums>();
  const meta = new Map<string, { partnerId: string; prdtNo: string; prdtName: string }>();
  const byMonth = new Map<string, Sums>();
  const total: Sums = {};
  for (const r of result.rows) {
    const sums = {
      inspectionCount: Number(r.inspections),
      inspectedQty: Number(r.inspected),
      qualifiedQty: Number(r.qualified),
      unqualifiedQty: Number(r.unqualified),
    };
    if (r.month !== null) {
      byMonth.set(r.month, sums);
      add(total, sums);
      continue;
    }
    const k = `${r.partner_id}|${r.prdt_no}`;
    meta.set(k, { partnerId: r.partner_id!, prdtNo: r.prdt_no ?? '', prdtName: r.prdt_name ?? '' });
    groups.set(k, sums);
  }
  const names = await namesOf(q, ctx, [...new Set([...meta.values()].map((m) => m.partnerId))]);
  const rows: ReportRow[] = [...groups.entries()].map(([k, s]) => {
    const m = meta.get(k)!;
    return {
      id: k,
      [partnerColumn(ctx)]: shownName(ctx, names.get(m.partnerId)),
      prdtNo: m.prdtNo,
      prdtName: m.prdtName,
      inspectionCount: s.inspectionCount,
      inspectedQty: qty(s.inspectedQty),
      qualifiedQty: qty(s.qualifiedQty),
      unqualifiedQty: qty(s.unqualifiedQty),
      qualityYield: percent(s.qualifiedQty, s.inspectedQty),
    };
  });
  const months = monthsOf(ctx.filter.dateFrom, ctx.filter.dateTo);
  const month = (m: string) => byMonth.get(m) ?? {};
  return {
    rows,
    summary: {
      inspectedQty: qty(total.inspectedQty ?? 0),
      qualifiedQty: qty(total.qualifiedQty ?? 0),
      unqualifiedQty: qty(total.unqualifiedQty ?? 0),
      qualityYield: percent(total.qualifiedQty ?? 0, total.inspectedQty ?? 0),
    },
    chart: {
      type: 'line',
      categories: months,
      series: [
        { key: 'qualifiedQty', kind: 'qty', type: 'bar', data: months.map((m) => month(m).qualifiedQty ?? 0) },
        { key: 'unqualifiedQty', kind: 'qty', type: 'bar', data: months.map((m) => month(m).unqualifiedQty ?? 0) },
        {
          key: 'qualityYield',
          kind: 'rate',
          type: 'line',
          data: months.map((m) => percent(month(m).qualifiedQty ?? 0, month(m).inspectedQty ?? 0)),
        },
      ],
    },
  };
}

/** Unqualified quantity by reason (its code, else its text), with each reason's share of the total. */
export async function unqualifiedReasons(q: Queryable, ctx: ReportContext): Promise<Aggregated> {
  await preferHashPlans(q);
  const result = await q.execute<{ reason_code: string; reason: string; inspections: number; unqualified: number }>(sql`
    select max(ri.reason_code) as reason_code, max(ri.reason) as reason, count(*)::int as inspections,
           sum(ri.unqualified_qty)::float8 as unqualified
      from ${inspectionsFrom(ctx)}
     where ${inspectionWhere(ctx)} and ri.unqualified_qty > 0
     group by coalesce(nullif(ri.reason_code, ''), ri.reason)
     order by 4 desc`);
  const total = result.rows.reduce((s, r) => s + Number(r.unqualified), 0);
  const inspections = result.rows.reduce((s, r) => s + Number(r.inspections), 0);
  const rows: ReportRow[] = result.rows.map((r) => ({
    id: r.reason_code || r.reason,
    reasonCode: r.reason_code,
    reason: r.reason,
    inspectionCount: Number(r.inspections),
    unqualifiedQty: qty(Number(r.unqualified)),
    share: percent(Number(r.unqualified), total),
  }));
  return {
    rows,
    summary: { inspectionCount: inspections, unqualifiedQty: qty(total) },
    chart: {
      type: 'pie',
      categories: result.rows.map((r) => r.reason || r.reason_code),
      series: [
        { key: 'unqualifiedQty', kind: 'qty', type: 'pie', data: result.rows.map((r) => Number(r.unqualified)) },
      ],
    },
  };
}
