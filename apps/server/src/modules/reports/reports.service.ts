import {
  type DecimalPlaces,
  type ProcurementReportName,
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
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { pageOf } from '../../platform/paging.ts';
import { type Cell, dayCell, decimalCell, RATE_PLACES, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { DETAIL_REPORTS, type DetailReport } from './reports.details.ts';
import { PROCUREMENT_DETAIL_REPORTS } from './reports.procurement.ts';
import {
  type Aggregated,
  decimalText,
  type GroupPaging,
  qualityYield,
  timelyArrival,
  unqualifiedReasons,
} from './reports.rates.ts';
import { contextOf, type ReportContext, sortTerms, visibleTo } from './reports.scope.ts';

const AGGREGATED: Partial<
  Record<ReportName, (q: Queryable, ctx: ReportContext, paging: GroupPaging) => Promise<Aggregated>>
> = {
  poTimelyArrivalRate: timelyArrival,
  supTimelyArrivalRate: timelyArrival,
  poQualityYield: qualityYield,
  supQualityYield: qualityYield,
  poUnqualifiedReasonReport: unqualifiedReasons,
};

const DECIMAL_KINDS = new Set(['qty', 'price', 'money', 'rate']);

/** A row as the reply carries it: its report's keys, decimals as text without the numeric's trailing zeros, counts as numbers. */
function normalize(name: ReportName, row: Record<string, unknown>): ReportRow {
  const out: ReportRow = {};
  const def = REPORTS[name];
  const kinds = new Map([...def.columns, ...def.summary].map((c) => [c.key, c.kind]));
  for (const [key, value] of Object.entries(row)) {
    // The SELECT may carry what it sorts or groups by (a month, an inquiry id): only the report's keys leave.
    if (key !== 'id' && !kinds.has(key)) continue;
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

async function aggregatedPage(
  q: Queryable,
  name: ReportName,
  ctx: ReportContext,
  query: ReportQuery,
  all: boolean,
): Promise<ReportReply> {
  const page = pageOf(query.pageParam);
  const paging: GroupPaging = {
    sort: sortOf(name, query.orderParam),
    limit: all ? REPORT_EXPORT_MAX_ROWS + 1 : page.limit,
    offset: all ? 0 : page.offset,
  };
  const result = await AGGREGATED[name]!(q, ctx, paging);
  if (all && result.rows.length > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError('EXPORT_TOO_LARGE', { max: REPORT_EXPORT_MAX_ROWS, count: `>${REPORT_EXPORT_MAX_ROWS}` });
  }
  return {
    dataList: result.rows,
    totalCount: result.total,
    summary: result.summary,
    currencyTotals: [],
    chart: result.chart,
    period: { dateFrom: ctx.filter.dateFrom, dateTo: ctx.filter.dateTo },
  };
}

/**
 * The summary, the per-currency totals and the chart of a row-level report in one statement: the rows
 * are grouped once by (chart category, currency) — a scan PostgreSQL runs in parallel — and each figure's
 * whole is summed from those groups for the three grouping sets (docs/reports.md, issue 20).
 */
async function figuresOf(q: Queryable, name: ReportName, report: DetailReport, ctx: ReportContext) {
  const { chart } = report;
  const tagged = [
    ...report.summary.map((f) => ['s', f] as const),
    ...(report.currencyTotals ?? []).map((f) => ['c', f] as const),
    ...chart.series.map((f, i) => [`k${i}`, f] as const),
  ];
  const parts: SQL[] = [];
  const wholes: SQL[] = [];
  for (const [tag, figure] of tagged) {
    const columns = figure.parts.map((part) => {
      const column = sql.raw(`p${parts.length}`);
      parts.push(sql`${part} as ${column}`);
      return column;
    });
    wholes.push(sql`${figure.whole(columns)} as ${sql.raw(`"${tag}.${figure.key}"`)}`);
  }
  const byCurrency = !!report.currencyTotals;
  const label = chart.label ?? (chart.month ? sql`to_char(category, 'YYYY-MM')` : sql`category::text`);
  const result = await q.execute<Record<string, unknown>>(sql`
    with b as (${report.base}),
    p as (select ${chart.category} as category, ${byCurrency ? sql`currency` : sql`''`} as currency,
                 ${sql.join(parts, sql`, `)}
            from b group by 1, 2)
    select grouping(category) as by_all_categories,
           ${byCurrency ? sql`grouping(currency)` : sql`1`} as by_all_currencies,
           ${label} as label, ${byCurrency ? sql`currency` : sql`''`} as currency, ${sql.join(wholes, sql`, `)}
      from p
     group by grouping sets ((), ${byCurrency ? sql`(currency), ` : sql``}(category))
     order by 3, 4`);
  const pick = (row: Record<string, unknown>, tag: string) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => k.startsWith(`${tag}.`))
        .map(([k, v]) => [k.slice(tag.length + 1), v]),
    );
  const summaryRow = result.rows.find((r) => Number(r.by_all_categories) && Number(r.by_all_currencies)) ?? {};
  const currencyRows = result.rows.filter((r) => Number(r.by_all_categories) && !Number(r.by_all_currencies));
  const categoryRows = result.rows.filter((r) => !Number(r.by_all_categories));
  const masked = chart.partnerCategory && ctx.side === 'buyer' && !ctx.showSupplier;
  return {
    summary: normalize(name, pick(summaryRow, 's')),
    currencyTotals: currencyRows.map((r) => currencyTotalOf(name, { currency: r.currency, ...pick(r, 'c') })),
    chart: {
      type: chart.type,
      categories: categoryRows.map((r) => (masked ? '***' : String(r.label ?? ''))),
      series: chart.series.map((f, i) => ({
        key: f.key,
        kind: f.kind,
        type: chart.type,
        data: categoryRows.map((r) => Number(r[`k${i}.${f.key}`] ?? 0)),
      })),
      ...(chart.categoryStatus ? { categoryStatus: chart.categoryStatus } : {}),
    } satisfies ReportChart,
  };
}

async function detailPage(
  q: Queryable,
  name: ReportName,
  ctx: ReportContext,
  query: ReportQuery,
  all: boolean,
): Promise<ReportReply> {
  const report = (
    PROCUREMENT_DETAIL_REPORTS[name as ProcurementReportName] ?? DETAIL_REPORTS[name as keyof typeof DETAIL_REPORTS]
  )(ctx);
  const sort = sortOf(name, query.orderParam);
  const page = pageOf(query.pageParam);
  const paging = all ? sql`limit ${REPORT_EXPORT_MAX_ROWS + 1}` : sql`limit ${page.limit} offset ${page.offset}`;
  const rowsSql =
    report.pageOrder && !sort.length
      ? sql`${report.base} order by ${report.pageOrder} ${paging}`
      : sql`with b as (${report.base}) select * from b order by ${sql.raw(
          sort.length ? sortTerms(sort).join(', ') : report.order,
        )}, id ${paging}`;
  const rows = await q.execute<Record<string, unknown>>(rowsSql);
  if (all && rows.rows.length > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError('EXPORT_TOO_LARGE', { max: REPORT_EXPORT_MAX_ROWS, count: `>${REPORT_EXPORT_MAX_ROWS}` });
  }
  const dataList = rows.rows.map((r) => normalize(name, r));
  if (all) {
    return {
      dataList,
      totalCount: dataList.length,
      summary: {},
      currencyTotals: [],
      chart: { type: report.chart.type, categories: [], series: [] },
      period: { dateFrom: ctx.filter.dateFrom, dateTo: ctx.filter.dateTo },
    };
  }
  const figures = await figuresOf(q, name, report, ctx);
  return {
    dataList,
    totalCount: Number(figures.summary.lines ?? 0),
    ...figures,
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
