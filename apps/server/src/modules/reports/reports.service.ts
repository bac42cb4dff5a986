import {
  compareDecimals,
  DECIMAL_TEXT,
  type DecimalPlaces,
  REPORT_EXPORT_MAX_ROWS,
  REPORT_LABELS,
  REPORTS,
  type ReportChart,
  type ReportColumn,
  type ReportCurrencyTotal,
  type ReportFilter,
  type ReportName,
  type ReportPartner,
  type ReportQuery,
  type ReportReply,
  type ReportRow,
  type ReportSide,
  reportSide,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { pageOf } from '../../platform/paging.ts';
import { type Cell, dayCell, decimalCell, RATE_PLACES, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { DETAIL_REPORTS, type DetailReport } from './reports.details.ts';
import { type Aggregated, decimalText, qualityYield, timelyArrival, unqualifiedReasons } from './reports.rates.ts';
import { contextOf, type ReportContext, visibleTo } from './reports.scope.ts';

const AGGREGATED: Partial<Record<ReportName, (q: Queryable, ctx: ReportContext) => Promise<Aggregated>>> = {
  poTimelyArrivalRate: timelyArrival,
  supTimelyArrivalRate: timelyArrival,
  poQualityYield: qualityYield,
  supQualityYield: qualityYield,
  poUnqualifiedReasonReport: unqualifiedReasons,
};

const DECIMAL_KINDS = new Set(['qty', 'price', 'money', 'rate']);

/** A row as the reply carries it: decimals as text without the numeric's trailing zeros, counts as numbers. */
function normalize(name: ReportName, row: Record<string, unknown>): ReportRow {
  const out: ReportRow = {};
  const def = REPORTS[name];
  const kinds = new Map([...def.columns, ...def.summary].map((c) => [c.key, c.kind]));
  for (const [key, value] of Object.entries(row)) {
    const kind = kinds.get(key);
    out[key] =
      kind && DECIMAL_KINDS.has(kind)
        ? decimalText(value)
        : kind === 'int' || kind === 'status'
          ? value === null
            ? null
            : Number(value)
          : ((value as string | number | null) ?? null);
  }
  return out;
}

function currencyTotalOf(name: ReportName, row: Record<string, unknown>): ReportCurrencyTotal {
  const sums: Record<string, string> = {};
  for (const c of REPORTS[name].currencyTotals ?? []) sums[c.key] = decimalText(row[c.key]) ?? '0';
  return { currency: String(row.currency), lines: Number(row.lines), sums };
}

/** Sort keys a caller may use: the report's own columns, never an arbitrary identifier. */
function sortOf(name: ReportName, orderParam: ReportQuery['orderParam']): { key: string; asc: boolean }[] {
  const keys = new Set(REPORTS[name].columns.map((c) => c.key));
  return (orderParam ?? []).filter((o) => keys.has(o.fieldName)).map((o) => ({ key: o.fieldName, asc: o.asc }));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  const x = String(a);
  const y = String(b);
  if (DECIMAL_TEXT.test(x) && DECIMAL_TEXT.test(y)) return compareDecimals(x, y);
  return x.localeCompare(y);
}

async function aggregatedPage(
  q: Queryable,
  name: ReportName,
  ctx: ReportContext,
  query: ReportQuery,
  all: boolean,
): Promise<ReportReply> {
  const result = await AGGREGATED[name]!(q, ctx);
  const sort = sortOf(name, query.orderParam);
  const rows = [...result.rows];
  if (sort.length) {
    rows.sort((a, b) => {
      for (const s of sort) {
        const c = compare(a[s.key], b[s.key]);
        if (c) return s.asc ? c : -c;
      }
      return 0;
    });
  }
  const page = pageOf(query.pageParam);
  return {
    dataList: all ? rows : rows.slice(page.offset, page.offset + page.limit),
    totalCount: rows.length,
    summary: result.summary,
    currencyTotals: [],
    chart: result.chart,
    period: { dateFrom: ctx.filter.dateFrom, dateTo: ctx.filter.dateTo },
  };
}

async function detailChart(q: Queryable, report: DetailReport, ctx: ReportContext): Promise<ReportChart> {
  const c = report.chart;
  const result = await q.execute<Record<string, unknown>>(sql`
    with b as (${report.base})
    select ${sql.raw(c.category)}::text as category,
           ${sql.join(
             c.series.map((s, i) => sql`(${s.expr})::float8 as ${sql.raw(`s${i}`)}`),
             sql`, `,
           )}
      from b group by 1 order by 1`);
  const masked = c.partnerCategory && ctx.side === 'buyer' && !ctx.showSupplier;
  return {
    type: c.type,
    categories: result.rows.map((r) => (masked ? '***' : String(r.category ?? ''))),
    series: c.series.map((s, i) => ({
      key: s.key,
      kind: s.kind,
      type: c.type,
      data: result.rows.map((r) => Number(r[`s${i}`] ?? 0)),
    })),
    ...(c.categoryStatus ? { categoryStatus: c.categoryStatus } : {}),
  };
}

async function detailPage(
  q: Queryable,
  name: ReportName,
  ctx: ReportContext,
  query: ReportQuery,
  all: boolean,
): Promise<ReportReply> {
  const report = DETAIL_REPORTS[name as keyof typeof DETAIL_REPORTS](ctx);
  const sort = sortOf(name, query.orderParam);
  const order = sort.length
    ? sort.map((s) => `"${s.key}" ${s.asc ? 'asc' : 'desc'} nulls last`).join(', ')
    : report.order;
  const page = pageOf(query.pageParam);
  const paging = all ? sql`limit ${REPORT_EXPORT_MAX_ROWS + 1}` : sql`limit ${page.limit} offset ${page.offset}`;
  const [rows, totals, byCurrency, chart] = await Promise.all([
    q.execute<Record<string, unknown>>(
      sql`with b as (${report.base}) select * from b order by ${sql.raw(order)}, id ${paging}`,
    ),
    q.execute<Record<string, unknown>>(sql`with b as (${report.base}) select ${report.summary} from b`),
    all || !report.currencyTotals
      ? null
      : q.execute<Record<string, unknown>>(
          sql`with b as (${report.base})
              select currency, ${report.currencyTotals} from b group by currency order by currency`,
        ),
    all ? null : detailChart(q, report, ctx),
  ]);
  if (all && rows.rows.length > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError('EXPORT_TOO_LARGE', { max: REPORT_EXPORT_MAX_ROWS, count: `>${REPORT_EXPORT_MAX_ROWS}` });
  }
  const summary = normalize(name, totals.rows[0] ?? {});
  return {
    dataList: rows.rows.map((r) => normalize(name, r)),
    totalCount: Number(summary.lines ?? 0),
    summary,
    currencyTotals: (byCurrency?.rows ?? []).map((r) => currencyTotalOf(name, r)),
    chart: chart ?? { type: report.chart.type, categories: [], series: [] },
    period: { dateFrom: ctx.filter.dateFrom, dateTo: ctx.filter.dateTo },
  };
}

/** One report's page, summary and chart for the caller (side and data scope applied). */
export async function runReport(
  { tx: q, auth }: RequestContext,
  name: ReportName,
  query: ReportQuery,
): Promise<ReportReply> {
  const ctx = await contextOf(q, auth, reportSide(name), query.filter);
  return AGGREGATED[name] ? aggregatedPage(q, name, ctx, query, false) : detailPage(q, name, ctx, query, false);
}

/**
 * One cell of the export: decimals as number cells at the reader's places (never through a JS number),
 * days as date cells, status codes by name; a masked `***` stays text.
 */
function cellOf(
  value: string | number | null | undefined,
  column: ReportColumn,
  places: DecimalPlaces,
  status?: readonly string[],
): Cell {
  if (value === null || value === undefined) return null;
  if (status) return status[Number(value)] ?? String(value);
  const text = String(value);
  switch (column.kind) {
    case 'qty':
      return decimalCell(text, places.quantity);
    case 'price':
      return decimalCell(text, places.price);
    case 'money':
      return decimalCell(text, places.amount);
    case 'rate':
      return decimalCell(text, RATE_PLACES);
    case 'int':
      return decimalCell(text, 0);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? dayCell(text) : text;
    default:
      return value;
  }
}

/** Every row of the filter (up to the cap) as an Excel sheet, masked exactly like the screen. */
export async function exportReport(
  { tx, auth, locale }: RequestContext,
  name: ReportName,
  filter: ReportFilter,
): Promise<Buffer> {
  const ctx = await contextOf(tx, auth, reportSide(name), filter);
  const query: ReportQuery = { filter, pageParam: { pageNum: 1, pageSize: 20 } };
  const reply = AGGREGATED[name]
    ? await aggregatedPage(tx, name, ctx, query, true)
    : await detailPage(tx, name, ctx, query, true);
  const rows = maskForViewer(reply.dataList, auth);
  const places = await getDecimalPlaces(tx, auth.tenantId);
  const labels = REPORT_LABELS[locale];
  const columns = REPORTS[name].columns;
  return await writeWorkbook({
    name: labels.sheet[name],
    header: columns.map((c) => labels.columns[c.key] ?? c.key),
    widths: columns.map((c) => (c.kind === 'text' ? 20 : 14)),
    rows: rows.map((r) =>
      columns.map((c) => cellOf(r[c.key], c, places, c.status ? labels.status[c.status] : undefined)),
    ),
  });
}

/**
 * The partners a report can be filtered by: the buyer's suppliers that have documents it may see,
 * or the customers that sent the supplier orders.
 */
export async function listReportPartners({ tx: q, auth }: RequestContext, side: ReportSide): Promise<ReportPartner[]> {
  const ctx = await contextOf(q, auth, side, undefined);
  const result =
    side === 'buyer'
      ? await q.execute<{ id: string; name: string }>(sql`
          select s.id::text as id, s.sup_name as name from suppliers s
           where s.tenant_id = ${ctx.me}
             and exists (select 1 from purchase_orders po where po.tenant_id = s.tenant_id and po.supplier_id = s.id
                            and ${visibleTo(ctx, 'po', 'po')})
           order by s.sup_code limit 500`)
      : await q.execute<{ id: string; name: string }>(sql`
          select e.id::text as id, coalesce(nullif(e.short_name, ''), e.name) as name from enterprises e
           where e.id in (select distinct po.tenant_id from purchase_orders po where ${visibleTo(ctx, 'po', 'po')})
           order by 2 limit 500`);
  return result.rows;
}
