import { z } from 'zod';
import { PROCUREMENT_REPORT_NAMES, PROCUREMENT_REPORTS } from './contracts.reports.ts';
import { srmIdSchema } from './notices.schema.ts';
import { orderParamSchema, pageParamSchema } from './paging.ts';
import type { PermissionCode } from './permissions.ts';
import { dateSchema, textSchema } from './primitives.ts';
import { dayReplySchema, idReplySchema, moneyReplySchema, pageReplySchema } from './wire.ts';

/**
 * The delivery reports of both sides (`POST /gateway/srm/reports/<reportName>`, Excel through
 * `GET /gateway/srm/reports/<reportName>/export`). The catalogue below is what server and web share:
 * which side a report belongs to, its family (rate reports carry a definition and a month chart),
 * its filters and its columns. How each figure is computed is written in docs/reports.md.
 */

export const BUYER_REPORTS = [
  'procurementExecution',
  'deliveryPage',
  'poTimelyArrivalRate',
  'poQualityYield',
  'poLzDetails',
  'poDiffReconciliation',
  'poUnqualifiedReasonReport',
  'poConfirmDetails',
  ...PROCUREMENT_REPORT_NAMES,
] as const;
export const SUPPLIER_REPORTS = [
  'supTimelyArrivalRate',
  'supQualityYield',
  'supLzDetails',
  'supDiffReconciliation',
  'unreconciledDetails',
  'supConfirmDetails',
] as const;
export const REPORT_NAMES = [...BUYER_REPORTS, ...SUPPLIER_REPORTS] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export type ReportSide = 'buyer' | 'supplier';

export const REPORT_PERMISSION: Record<ReportSide, PermissionCode> = { buyer: 'PO_REP', supplier: 'SU_CRE' };
export const reportSide = (name: ReportName): ReportSide =>
  (BUYER_REPORTS as readonly string[]).includes(name) ? 'buyer' : 'supplier';

/** Exports hold every row of the filter up to this many; beyond it the caller narrows the filter. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;

export type ReportFilterKey =
  | 'period'
  | 'supplierId'
  | 'customerId'
  | 'material'
  | 'orderNo'
  | 'noteNo'
  | 'noteStatus'
  | 'groupBy';
/**
 * How a column's values are read and shown: `qty` a quantity, `price` a unit price and `money` an amount
 * (both in the row's `currency`), `rate` a percentage; all four are decimal text on the wire.
 */
export type ReportColumnKind = 'text' | 'date' | 'datetime' | 'qty' | 'price' | 'money' | 'rate' | 'int' | 'status';
export type ReportStatusKind = 'note' | 'statement' | 'orderLine';
export interface ReportColumn {
  key: string;
  kind: ReportColumnKind;
  /** For `status` columns: which status names the code indexes. */
  status?: ReportStatusKind;
}
export type ReportFamily = 'rate' | 'detail';
export type ReportChartType = 'line' | 'bar' | 'pie';

export interface ReportDefinition {
  family: ReportFamily;
  /** The rate a rate report defines (its definition text is `definitions.<rate>` in the locales). */
  rate?: 'onTimeRate' | 'qualityYield';
  chart: ReportChartType;
  filters: readonly ReportFilterKey[];
  columns: readonly ReportColumn[];
  /** Summary figures in display order, with the kind that formats them. */
  summary: readonly ReportColumn[];
  /**
   * Money figures totalled per currency: one row per currency of the report's rows, never a sum
   * across currencies (issue 16). Reports without amounts have none.
   */
  currencyTotals?: readonly ReportColumn[];
}

const col = (key: string, kind: ReportColumnKind = 'text', status?: ReportStatusKind): ReportColumn =>
  status ? { key, kind, status } : { key, kind };

const partner = (side: ReportSide) => (side === 'buyer' ? col('supName') : col('customerName'));
const partnerFilter = (side: ReportSide): ReportFilterKey => (side === 'buyer' ? 'supplierId' : 'customerId');

const timelyArrival = (side: ReportSide): ReportDefinition => ({
  family: 'rate',
  rate: 'onTimeRate',
  chart: 'line',
  filters: ['period', partnerFilter(side), 'material', 'orderNo'],
  columns: [
    partner(side),
    col('dueLines', 'int'),
    col('dueQty', 'qty'),
    col('onTimeQty', 'qty'),
    col('receivedQty', 'qty'),
    col('onTimeRate', 'rate'),
  ],
  summary: [col('dueLines', 'int'), col('dueQty', 'qty'), col('onTimeQty', 'qty'), col('onTimeRate', 'rate')],
});

const qualityYield = (side: ReportSide): ReportDefinition => ({
  family: 'rate',
  rate: 'qualityYield',
  chart: 'line',
  filters: ['period', partnerFilter(side), 'material', 'groupBy'],
  columns: [
    partner(side),
    col('prdtNo'),
    col('prdtName'),
    col('inspectionCount', 'int'),
    col('inspectedQty', 'qty'),
    col('qualifiedQty', 'qty'),
    col('unqualifiedQty', 'qty'),
    col('qualityYield', 'rate'),
  ],
  summary: [
    col('inspectedQty', 'qty'),
    col('qualifiedQty', 'qty'),
    col('unqualifiedQty', 'qty'),
    col('qualityYield', 'rate'),
  ],
});

const receiptDetails = (side: ReportSide): ReportDefinition => ({
  family: 'detail',
  chart: 'bar',
  filters: ['period', partnerFilter(side), 'material', 'orderNo'],
  columns: [
    col('receiptNo'),
    col('receiptDate', 'date'),
    partner(side),
    col('noteNo'),
    col('orderNo'),
    col('prdtNo'),
    col('prdtName'),
    col('prdtSpc'),
    col('unitName'),
    col('qty', 'qty'),
    col('price', 'price'),
    col('taxRate', 'rate'),
    col('amount', 'money'),
    col('currency'),
    col('dueDate', 'date'),
    col('arrivalDate', 'date'),
  ],
  summary: [col('lines', 'int'), col('qty', 'qty')],
  currencyTotals: [col('amount', 'money')],
});

const reconciliationDifferences = (side: ReportSide): ReportDefinition => ({
  family: 'detail',
  chart: 'bar',
  filters: ['period', partnerFilter(side), 'material', 'orderNo'],
  columns: [
    col('statementNo'),
    col('statementStatus', 'status', 'statement'),
    partner(side),
    col('receiptNo'),
    col('receiptDate', 'date'),
    col('orderNo'),
    col('prdtNo'),
    col('prdtName'),
    col('qty', 'qty'),
    col('price', 'price'),
    col('amount', 'money'),
    col('disputeQty', 'qty'),
    col('disputePrice', 'price'),
    col('differenceQty', 'qty'),
    col('differenceAmount', 'money'),
    col('currency'),
    col('disputeReason'),
  ],
  summary: [col('lines', 'int'), col('differenceQty', 'qty')],
  currencyTotals: [col('differenceAmount', 'money')],
});

const confirmDetails = (side: ReportSide): ReportDefinition => ({
  family: 'detail',
  chart: 'pie',
  filters: ['period', partnerFilter(side), 'material', 'orderNo'],
  columns: [
    col('orderNo'),
    col('orderLineNo', 'int'),
    partner(side),
    col('prdtNo'),
    col('prdtName'),
    col('unitName'),
    col('lineStatus', 'status', 'orderLine'),
    col('requestedQty', 'qty'),
    col('confirmedQty', 'qty'),
    col('requestedDate', 'date'),
    col('confirmedDate', 'date'),
    col('sentAt', 'datetime'),
    col('answeredAt', 'datetime'),
    col('answerHours', 'qty'),
  ],
  summary: [
    col('lines', 'int'),
    col('confirmedLines', 'int'),
    col('proposedLines', 'int'),
    col('pendingLines', 'int'),
    col('answerHours', 'qty'),
  ],
});

export const REPORTS: Record<ReportName, ReportDefinition> = {
  procurementExecution: {
    family: 'detail',
    chart: 'bar',
    filters: ['period', 'supplierId', 'material', 'orderNo'],
    columns: [
      col('orderNo'),
      col('orderLineNo', 'int'),
      col('orderDate', 'date'),
      col('supName'),
      col('prdtNo'),
      col('prdtName'),
      col('unitName'),
      col('dueDate', 'date'),
      col('orderedQty', 'qty'),
      col('confirmedQty', 'qty'),
      col('deliveredQty', 'qty'),
      col('receivedQty', 'qty'),
      col('qualifiedQty', 'qty'),
      col('warehousedQty', 'qty'),
      col('openQty', 'qty'),
    ],
    summary: [
      col('lines', 'int'),
      col('orderedQty', 'qty'),
      col('deliveredQty', 'qty'),
      col('warehousedQty', 'qty'),
      col('openQty', 'qty'),
    ],
  },
  deliveryPage: {
    family: 'detail',
    chart: 'bar',
    filters: ['period', 'supplierId', 'material', 'orderNo', 'noteNo', 'noteStatus'],
    columns: [
      col('noteNo'),
      col('noteStatus', 'status', 'note'),
      col('shipDate', 'date'),
      col('expectedDate', 'date'),
      col('arrivalDate', 'date'),
      col('supName'),
      col('orderNo'),
      col('orderLineNo', 'int'),
      col('prdtNo'),
      col('prdtName'),
      col('unitName'),
      col('batchNo'),
      col('dueDate', 'date'),
      col('qty', 'qty'),
      col('receivedQty', 'qty'),
      col('qualifiedQty', 'qty'),
      col('unqualifiedQty', 'qty'),
      col('warehousedQty', 'qty'),
    ],
    summary: [
      col('notes', 'int'),
      col('lines', 'int'),
      col('qty', 'qty'),
      col('receivedQty', 'qty'),
      col('warehousedQty', 'qty'),
    ],
  },
  poTimelyArrivalRate: timelyArrival('buyer'),
  poQualityYield: qualityYield('buyer'),
  poLzDetails: receiptDetails('buyer'),
  poDiffReconciliation: reconciliationDifferences('buyer'),
  poUnqualifiedReasonReport: {
    family: 'detail',
    chart: 'pie',
    filters: ['period', 'supplierId', 'material'],
    columns: [
      col('reasonCode'),
      col('reason'),
      col('inspectionCount', 'int'),
      col('unqualifiedQty', 'qty'),
      col('share', 'rate'),
    ],
    summary: [col('inspectionCount', 'int'), col('unqualifiedQty', 'qty')],
  },
  poConfirmDetails: confirmDetails('buyer'),
  supTimelyArrivalRate: timelyArrival('supplier'),
  supQualityYield: qualityYield('supplier'),
  supLzDetails: receiptDetails('supplier'),
  supDiffReconciliation: reconciliationDifferences('supplier'),
  unreconciledDetails: {
    family: 'detail',
    chart: 'bar',
    filters: ['period', 'customerId', 'material', 'orderNo'],
    columns: [
      col('receiptNo'),
      col('receiptDate', 'date'),
      col('customerName'),
      col('orderNo'),
      col('prdtNo'),
      col('prdtName'),
      col('unitName'),
      col('qty', 'qty'),
      col('price', 'price'),
      col('amount', 'money'),
      col('currency'),
      col('statementNo'),
      col('statementStatus', 'status', 'statement'),
    ],
    summary: [col('lines', 'int'), col('qty', 'qty')],
    currencyTotals: [col('amount', 'money')],
  },
  supConfirmDetails: confirmDetails('supplier'),
  ...PROCUREMENT_REPORTS,
};

const dateText = dateSchema;
const shortText = textSchema(64);

/**
 * Filters of every report; each report reads those of its `filters`. Flat, so the same object is the
 * export's query string. The period defaults to the last six months (server side).
 */
export const reportFilterSchema = z.object({
  dateFrom: dateText.optional(),
  dateTo: dateText.optional(),
  supplierId: srmIdSchema.optional(),
  /** The customer enterprise (the buyer's tenant id) on supplier reports. */
  customerId: srmIdSchema.optional(),
  material: shortText.optional(),
  orderNo: shortText.optional(),
  noteNo: shortText.optional(),
  noteStatus: z.coerce.number().int().min(0).max(5).optional(),
  /** Quality yield rows: per partner (default) or per partner and material. */
  groupBy: z.enum(['partner', 'material']).optional(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportQuerySchema = z.object({
  filter: reportFilterSchema.optional(),
  orderParam: orderParamSchema.max(5).optional(),
  pageParam: pageParamSchema.default({ pageNum: 1, pageSize: 20 }),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const reportCellSchema = z.union([z.string(), z.number(), z.null()]);

/**
 * One row or the summary of a report: its column keys (REPORTS) to values. Quantities, prices, amounts
 * and rates are decimal text (never a JSON number); money cells may read `***`.
 */
export const reportRowSchema = z.record(z.string(), reportCellSchema);
export type ReportRow = z.input<typeof reportRowSchema>;

/**
 * The totals of one currency: how many rows are in it and the sum of each of the report's
 * `currencyTotals` figures over them (exact, in the database), e.g. `{ currency: 'USD', lines: 2,
 * sums: { amount: '250.5' } }`. Ordered by currency code.
 */
export const reportCurrencyTotalSchema = z.object({
  currency: z.string(),
  lines: z.number().int().nonnegative(),
  sums: z.record(z.string(), moneyReplySchema),
});
export type ReportCurrencyTotal = z.input<typeof reportCurrencyTotalSchema>;

const chartTypeSchema = z.enum(['line', 'bar', 'pie'] satisfies ReportChartType[]);

/**
 * Chart data ready for ECharts: `categories` is the x axis (months, partners) or the pie's slices,
 * each series one line, bar or pie. `key` names a figure the web translates; `name` is data (a
 * partner's name) when the series is one partner's.
 */
export const reportChartSchema = z.object({
  type: chartTypeSchema,
  categories: z.array(z.string()),
  /**
   * Plotted values (the chart library draws doubles; the figures themselves travel as decimal text in
   * rows and summary). Charts plot quantities, counts and rates only, never amounts, which would mix
   * currencies. A rate is null in a month with nothing to measure: a gap on the chart, not 0 %.
   */
  series: z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['qty', 'rate', 'int']),
      type: chartTypeSchema,
      data: z.array(z.number().nullable()),
    }),
  ),
  /** The categories are status codes of this kind, which the web names in the reader's language. */
  categoryStatus: z.enum(['note', 'statement', 'orderLine'] satisfies ReportStatusKind[]).optional(),
});
export type ReportChart = z.input<typeof reportChartSchema>;

export const reportReplySchema = pageReplySchema(reportRowSchema).extend({
  summary: reportRowSchema,
  /** One row per currency of the filtered rows (empty for reports without amounts). */
  currencyTotals: z.array(reportCurrencyTotalSchema),
  chart: reportChartSchema,
  /** The period the figures cover (the defaults applied). */
  period: z.object({ dateFrom: dayReplySchema, dateTo: dayReplySchema }),
});
export type ReportReply = z.input<typeof reportReplySchema>;

/** A report's partner choices for its filter (suppliers on the buyer side, customers on the supplier side). */
export const reportPartnerSchema = z.object({ id: idReplySchema, name: z.string() });
export type ReportPartner = z.input<typeof reportPartnerSchema>;
