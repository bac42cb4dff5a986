import type { ProcurementReportName, ReportChartType, ReportName, ReportStatusKind } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from '../../platform/documents.ts';
import { and, commonFilters, partnerKey, partnerName, type ReportContext, visibleTo } from './reports.scope.ts';

/**
 * The row-level reports. Each names one SELECT (`base`) whose column aliases are the report's column
 * keys; the service pages it and computes its summary, currency totals and chart in one more statement
 * (`figuresOf` in reports.service.ts). Dates leave the database as text so no driver turns them into
 * time-zone-shifted instants.
 */
export interface DetailReport {
  base: SQL;
  /** Default order over base columns (a stable tie-breaker on "id" is added). */
  order: string;
  /**
   * The default order on the base's own indexed columns: the page is read in that order and stops after
   * its rows, instead of sorting every row of the period (issue 20). Without it the page sorts `order`.
   */
  pageOrder?: SQL;
  summary: Figure[];
  /** The report's `currencyTotals` figures per currency (base column `currency`): never a sum across two. */
  currencyTotals?: Figure[];
  chart: {
    type: ReportChartType;
    /** What the chart groups by, over the base's columns. */
    category: SQL;
    /** The category is a month (a date), shown as `YYYY-MM`. */
    month?: boolean;
    /** How a category is shown, from the category (`category`): a partner's name from its id. */
    label?: SQL;
    /** The category is a status code the web names, or a partner name to mask like the columns. */
    categoryStatus?: ReportStatusKind;
    partnerCategory?: boolean;
    series: (Figure & { kind: 'qty' | 'int' })[];
  };
}

/**
 * A figure summed in two steps, so that one parallel scan of the rows serves the summary, the currency
 * totals and the chart: `parts` per (chart category, currency) group of the rows, `whole` over the
 * groups' parts. Counting distinct notes is such a part when each note falls in one category.
 */
export interface Figure {
  key: string;
  parts: SQL[];
  whole: (parts: SQL[]) => SQL;
}

export const countOf = (key: string, where?: SQL): Figure => ({
  key,
  parts: [where ? sql`count(*) filter (where ${where})` : sql`count(*)`],
  whole: ([p]) => sql`sum(${p})::int`,
});
export const sumOf = (key: string, column: string): Figure => ({
  key,
  parts: [sql`sum(${sql.raw(column)})`],
  whole: ([p]) => sql`sum(${p})`,
});
const series = (figure: Figure, kind: 'qty' | 'int' = 'qty') => ({ ...figure, kind });

/** An instant as every reply carries it: RFC 3339 in UTC (the web shows it in the reader's zone). */
const RFC3339_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ts = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', ${RFC3339_UTC})`);
const period = (ctx: ReportContext, col: string) =>
  sql`${sql.raw(col)} between ${ctx.filter.dateFrom} and ${ctx.filter.dateTo}`;
/** The partner column's quoted alias: the supplier on the buyer side, the customer on the supplier side. */
const partnerAlias = (ctx: ReportContext) => (ctx.side === 'buyer' ? '"supName"' : '"customerName"');
const partnerColumn = (ctx: ReportContext) => sql.raw(partnerAlias(ctx));
/** A partner's name from the chart category `category` that holds its id (`partner_id` of the base). */
const partnerLabel = (ctx: ReportContext) =>
  partnerName(ctx, 'category', ctx.side === 'buyer' ? `${ctx.me}::bigint` : 'category');

/** Order lines with what was delivered, received, qualified and warehoused against them. */
function procurementExecution(ctx: ReportContext): DetailReport {
  return {
    base: sql`
      select ol.id::text as id, po.order_no as "orderNo", ol.line_no as "orderLineNo", po.order_date::text as "orderDate",
             date_trunc('month', po.order_date)::date as month,
             ${partnerName(ctx, 'po.supplier_id', 'po.tenant_id')} as "supName",
             ol.prdt_no as "prdtNo", ol.prdt_name as "prdtName", ol.unit_name as "unitName",
             coalesce(ol.confirmed_date, ol.requested_date)::text as "dueDate",
             ol.qty as "orderedQty", ol.confirmed_qty as "confirmedQty",
             coalesce(d.delivered, 0) as "deliveredQty", coalesce(d.received, 0) as "receivedQty",
             coalesce(d.qualified, 0) as "qualifiedQty", coalesce(d.warehoused, 0) as "warehousedQty",
             greatest(coalesce(ol.confirmed_qty, ol.qty) - coalesce(d.warehoused, 0), 0) as "openQty"
        from purchase_order_lines ol
        join purchase_orders po on po.tenant_id = ol.tenant_id and po.id = ol.order_id
        left join lateral (
          select sum(nl.qty) as delivered, sum(nl.received_qty) as received,
                 sum(case when nl.is_check then nl.qualified_qty else nl.received_qty end) as qualified,
                 sum(nl.warehoused_qty) as warehoused
            from delivery_note_lines nl
            join delivery_notes dn on dn.tenant_id = nl.tenant_id and dn.id = nl.note_id
           where nl.tenant_id = ol.tenant_id and nl.order_line_id = ol.id and dn.status in (1, 2, 3, 4)) d on true
       where ${and([
         visibleTo(ctx, 'ol', 'po'),
         // The header's own side too: the page walks the header's index in the report's order.
         visibleTo(ctx, 'po', 'po'),
         sql`po.status in (1, 2, 3, 4, 5) and ol.status <> 3`,
         period(ctx, 'po.order_date'),
         ...commonFilters(ctx, {
           supplierId: 'po.supplier_id',
           prdtNo: 'ol.prdt_no',
           prdtName: 'ol.prdt_name',
           orderNo: 'po.order_no',
         }),
       ])}`,
    order: '"orderDate" desc, "orderNo" desc, "orderLineNo"',
    pageOrder: sql`po.order_date desc, po.order_no desc, ol.line_no`,
    summary: [
      countOf('lines'),
      sumOf('orderedQty', '"orderedQty"'),
      sumOf('deliveredQty', '"deliveredQty"'),
      sumOf('warehousedQty', '"warehousedQty"'),
      sumOf('openQty', '"openQty"'),
    ],
    chart: {
      type: 'bar',
      category: sql`month`,
      month: true,
      series: [
        series(sumOf('orderedQty', '"orderedQty"')),
        series(sumOf('deliveredQty', '"deliveredQty"')),
        series(sumOf('warehousedQty', '"warehousedQty"')),
      ],
    },
  };
}

/** Delivery note lines of sent notes (the buyer never sees the supplier's drafts). */
function deliveryPage(ctx: ReportContext): DetailReport {
  const f = ctx.filter;
  return {
    base: sql`
      select nl.id::text as id, nl.note_id, dn.note_no as "noteNo", dn.status as "noteStatus", dn.ship_date::text as "shipDate",
             date_trunc('month', dn.ship_date)::date as month, dn.expected_date::text as "expectedDate",
             to_char(dn.arrived_at at time zone (select e.time_zone from enterprises e where e.id = dn.tenant_id),
                     'YYYY-MM-DD') as "arrivalDate",
             ${partnerName(ctx, 'dn.supplier_id', 'dn.tenant_id')} as "supName",
             nl.order_no as "orderNo", nl.order_line_no as "orderLineNo", nl.prdt_no as "prdtNo",
             nl.prdt_name as "prdtName", nl.unit_name as "unitName", nl.batch_no as "batchNo",
             nl.due_date::text as "dueDate", nl.qty, nl.received_qty as "receivedQty",
             nl.qualified_qty as "qualifiedQty", nl.unqualified_qty as "unqualifiedQty",
             nl.warehoused_qty as "warehousedQty"
        from delivery_note_lines nl
        join delivery_notes dn on dn.tenant_id = nl.tenant_id and dn.id = nl.note_id
       where ${and([
         visibleTo(ctx, 'nl', 'dn'),
         visibleTo(ctx, 'dn', 'dn'),
         sql`dn.status <> 0`,
         period(ctx, 'dn.ship_date'),
         ...commonFilters(ctx, {
           supplierId: 'dn.supplier_id',
           prdtNo: 'nl.prdt_no',
           prdtName: 'nl.prdt_name',
           orderNo: 'nl.order_no',
         }),
         ...(f.noteNo ? [sql`dn.note_no ilike ${escapeLike(f.noteNo)}`] : []),
         ...(f.noteStatus !== undefined ? [sql`dn.status = ${f.noteStatus}`] : []),
       ])}`,
    order: '"shipDate" desc, "noteNo" desc',
    pageOrder: sql`dn.ship_date desc, dn.note_no desc, nl.line_no`,
    // A note ships on one day: counted per ship month, the notes of the months add up.
    summary: [
      { key: 'notes', parts: [sql`count(distinct note_id)`], whole: ([p]) => sql`sum(${p})::int` },
      countOf('lines'),
      sumOf('qty', 'qty'),
      sumOf('receivedQty', '"receivedQty"'),
      sumOf('warehousedQty', '"warehousedQty"'),
    ],
    chart: {
      type: 'bar',
      category: sql`month`,
      month: true,
      series: [
        series(sumOf('qty', 'qty')),
        series(sumOf('receivedQty', '"receivedQty"')),
        series(sumOf('warehousedQty', '"warehousedQty"')),
      ],
    },
  };
}

/** Warehousing receipt lines. `unreconciled`: only those on no confirmed statement. */
function receiptLines(ctx: ReportContext, unreconciled: boolean): DetailReport {
  return {
    base: sql`
      select rl.id::text as id, r.receipt_no as "receiptNo", rl.receipt_date::text as "receiptDate",
             date_trunc('month', rl.receipt_date)::date as month,
             ${partnerName(ctx, 'rl.supplier_id', 'rl.tenant_id')} as ${partnerColumn(ctx)},
             ${partnerKey(ctx, 'rl.supplier_id', 'rl.tenant_id')} as partner_id,
             (select dn.note_no from delivery_notes dn where dn.tenant_id = rl.tenant_id and dn.id = rl.note_id) as "noteNo",
             rl.order_no as "orderNo", rl.prdt_no as "prdtNo", rl.prdt_name as "prdtName", rl.prdt_spc as "prdtSpc",
             rl.unit_name as "unitName", rl.qty, rl.price, rl.tax_rate as "taxRate", rl.amount, rl.currency,
             rl.due_date::text as "dueDate", rl.arrival_date::text as "arrivalDate",
             c.statement_no as "statementNo", c.status as "statementStatus"
        from receipt_lines rl
        -- Every line has its receipt; a left join on its key is one PostgreSQL leaves out of the totals,
        -- which read no column of it.
        left join receipts r on r.tenant_id = rl.tenant_id and r.id = rl.receipt_id
        left join reconciliations c on c.tenant_id = rl.tenant_id and c.id = rl.reconciliation_id
       where ${and([
         visibleTo(ctx, 'rl', 'r'),
         period(ctx, 'rl.receipt_date'),
         ...(unreconciled ? [sql`(c.id is null or c.status <> 4)`] : []),
         ...commonFilters(ctx, {
           supplierId: 'rl.supplier_id',
           tenantId: 'rl.tenant_id',
           prdtNo: 'rl.prdt_no',
           prdtName: 'rl.prdt_name',
           orderNo: 'rl.order_no',
         }),
       ])}`,
    order: '"receiptDate" desc, "receiptNo" desc',
    pageOrder: sql`rl.receipt_date desc, r.receipt_no desc, rl.id desc`,
    summary: [countOf('lines'), sumOf('qty', 'qty')],
    currencyTotals: [countOf('lines'), sumOf('amount', 'amount')],
    chart: unreconciled
      ? {
          type: 'bar',
          category: sql`partner_id`,
          label: partnerLabel(ctx),
          partnerCategory: true,
          series: [series(sumOf('qty', 'qty'))],
        }
      : { type: 'bar', category: sql`month`, month: true, series: [series(sumOf('qty', 'qty'))] },
  };
}

/** Disputed statement lines with what the answering side holds right and the difference. */
function reconciliationDifferences(ctx: ReportContext): DetailReport {
  return {
    base: sql`
      select cl.id::text as id, c.statement_no as "statementNo", c.status as "statementStatus",
             ${partnerName(ctx, 'c.supplier_id', 'c.tenant_id')} as ${partnerColumn(ctx)},
             ${partnerKey(ctx, 'c.supplier_id', 'c.tenant_id')} as partner_id, cl.receipt_no as "receiptNo", cl.receipt_date::text as "receiptDate", cl.order_no as "orderNo",
             cl.prdt_no as "prdtNo", cl.prdt_name as "prdtName", cl.qty, cl.price, cl.amount,
             cl.dispute_qty as "disputeQty", cl.dispute_price as "disputePrice",
             coalesce(cl.dispute_qty, cl.qty) - cl.qty as "differenceQty",
             cl.difference_amount as "differenceAmount", c.currency, cl.dispute_reason as "disputeReason"
        from reconciliation_lines cl
        join reconciliations c on c.tenant_id = cl.tenant_id and c.id = cl.reconciliation_id
       where ${and([
         visibleTo(ctx, 'cl', 'c'),
         sql`cl.status = 2 and c.status not in (0, 5)`,
         period(ctx, 'cl.receipt_date'),
         ...commonFilters(ctx, {
           supplierId: 'c.supplier_id',
           tenantId: 'c.tenant_id',
           prdtNo: 'cl.prdt_no',
           prdtName: 'cl.prdt_name',
           orderNo: 'cl.order_no',
         }),
       ])}`,
    order: '"statementNo" desc, "receiptDate"',
    summary: [countOf('lines'), sumOf('differenceQty', '"differenceQty"')],
    currencyTotals: [countOf('lines'), sumOf('differenceAmount', '"differenceAmount"')],
    // Quantities only: a chart series is a bare list of numbers that field-name masking cannot reach.
    chart: {
      type: 'bar',
      category: sql`partner_id`,
      label: partnerLabel(ctx),
      partnerCategory: true,
      series: [series(countOf('lines'), 'int'), series(sumOf('differenceQty', '"differenceQty"'))],
    },
  };
}

/**
 * Order lines of sent orders with the supplier's answer. The answer time is the line's last change
 * after the order was sent while it is confirmed or counter-proposed (order lines keep no separate
 * answer stamp).
 */
function confirmDetails(ctx: ReportContext): DetailReport {
  const answered = sql`case when ol.status in (1, 2) then ol.updated_at end`;
  return {
    base: sql`
      select ol.id::text as id, po.order_no as "orderNo", ol.line_no as "orderLineNo",
             ${partnerName(ctx, 'po.supplier_id', 'po.tenant_id')} as ${partnerColumn(ctx)},
             ol.prdt_no as "prdtNo", ol.prdt_name as "prdtName", ol.unit_name as "unitName",
             ol.status as "lineStatus", ol.qty as "requestedQty", ol.confirmed_qty as "confirmedQty",
             ol.requested_date::text as "requestedDate", ol.confirmed_date::text as "confirmedDate",
             ${ts('po.sent_at')} as "sentAt", to_char((${answered}) at time zone 'UTC', ${sql.raw(RFC3339_UTC)}) as "answeredAt",
             round((extract(epoch from (${answered} - po.sent_at)) / 3600)::numeric, 1) as "answerHours"
        from purchase_order_lines ol
        join purchase_orders po on po.tenant_id = ol.tenant_id and po.id = ol.order_id
       where ${and([
         visibleTo(ctx, 'ol', 'po'),
         // The header's own side too: the page walks the header's index in the report's order.
         visibleTo(ctx, 'po', 'po'),
         sql`po.status <> 0 and po.sent_at is not null`,
         period(ctx, 'po.order_date'),
         ...commonFilters(ctx, {
           supplierId: 'po.supplier_id',
           tenantId: 'po.tenant_id',
           prdtNo: 'ol.prdt_no',
           prdtName: 'ol.prdt_name',
           orderNo: 'po.order_no',
         }),
       ])}`,
    order: '"sentAt" desc, "orderNo" desc, "orderLineNo"',
    pageOrder: sql`po.sent_at desc, po.order_no desc, ol.line_no`,
    summary: [
      countOf('lines'),
      countOf('confirmedLines', sql`"lineStatus" = 1`),
      countOf('proposedLines', sql`"lineStatus" = 2`),
      countOf('pendingLines', sql`"lineStatus" = 0`),
      {
        key: 'answerHours',
        parts: [sql`sum("answerHours")`, sql`count("answerHours")`],
        whole: ([hours, answered]) => sql`round(sum(${hours}) / nullif(sum(${answered}), 0), 1)`,
      },
    ],
    chart: {
      type: 'pie',
      category: sql`"lineStatus"`,
      categoryStatus: 'orderLine',
      series: [series(countOf('lines'), 'int')],
    },
  };
}

type DetailName = Exclude<
  ReportName,
  | 'poTimelyArrivalRate'
  | 'supTimelyArrivalRate'
  | 'poQualityYield'
  | 'supQualityYield'
  | 'poUnqualifiedReasonReport'
  | ProcurementReportName
>;

export const DETAIL_REPORTS: Record<DetailName, (ctx: ReportContext) => DetailReport> = {
  procurementExecution,
  deliveryPage,
  poLzDetails: (ctx) => receiptLines(ctx, false),
  supLzDetails: (ctx) => receiptLines(ctx, false),
  unreconciledDetails: (ctx) => receiptLines(ctx, true),
  poDiffReconciliation: reconciliationDifferences,
  supDiffReconciliation: reconciliationDifferences,
  poConfirmDetails: confirmDetails,
  supConfirmDetails: confirmDetails,
};
