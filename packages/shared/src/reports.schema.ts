import { z } from 'zod';
import type { Locale } from './locales.ts';
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

type Labels = {
  sheet: Record<ReportName, string>;
  columns: Record<string, string>;
  status: Record<ReportStatusKind, readonly string[]>;
};

const COLUMNS_EN = {
  orderNo: 'Order no.',
  orderLineNo: 'Line',
  orderDate: 'Order date',
  supName: 'Supplier',
  customerName: 'Customer',
  prdtNo: 'Material',
  prdtName: 'Material name',
  prdtSpc: 'Specification',
  unitName: 'Unit',
  dueDate: 'Due date',
  orderedQty: 'Ordered',
  confirmedQty: 'Confirmed',
  deliveredQty: 'Delivered',
  receivedQty: 'Received',
  qualifiedQty: 'Qualified',
  unqualifiedQty: 'Unqualified',
  warehousedQty: 'Warehoused',
  openQty: 'Open',
  noteNo: 'Delivery note no.',
  noteStatus: 'Status',
  shipDate: 'Ship date',
  expectedDate: 'Expected arrival',
  arrivalDate: 'Arrival date',
  batchNo: 'Batch no.',
  qty: 'Quantity',
  dueLines: 'Due lines',
  dueQty: 'Quantity due',
  onTimeQty: 'Received on time',
  onTimeRate: 'On-time rate',
  inspectionCount: 'Inspections',
  inspectedQty: 'Inspected',
  qualityYield: 'Quality yield',
  receiptNo: 'Receipt no.',
  receiptDate: 'Receipt date',
  price: 'Price',
  taxRate: 'Tax rate %',
  amount: 'Amount',
  currency: 'Currency',
  statementNo: 'Statement no.',
  statementStatus: 'Statement status',
  disputeQty: 'Disputed quantity',
  disputePrice: 'Disputed price',
  differenceQty: 'Quantity difference',
  differenceAmount: 'Amount difference',
  disputeReason: 'Dispute reason',
  reasonCode: 'Reason code',
  reason: 'Unqualified reason',
  share: 'Share',
  requestedQty: 'Requested quantity',
  requestedDate: 'Requested date',
  confirmedDate: 'Confirmed date',
  lineStatus: 'Line status',
  sentAt: 'Sent at',
  answeredAt: 'Answered at',
  answerHours: 'Answer time (h)',
  lines: 'Lines',
  notes: 'Delivery notes',
  confirmedLines: 'Confirmed lines',
  proposedLines: 'Counter-proposed lines',
  pendingLines: 'Unanswered lines',
  month: 'Month',
};
export type ReportColumnKey = keyof typeof COLUMNS_EN;

const COLUMNS_CN: Record<ReportColumnKey, string> = {
  orderNo: '订单号',
  orderLineNo: '行号',
  orderDate: '订单日期',
  supName: '供应商',
  customerName: '客户',
  prdtNo: '物料编码',
  prdtName: '物料名称',
  prdtSpc: '规格',
  unitName: '单位',
  dueDate: '应交日期',
  orderedQty: '订单数量',
  confirmedQty: '确认数量',
  deliveredQty: '送货数量',
  receivedQty: '收货数量',
  qualifiedQty: '合格数量',
  unqualifiedQty: '不合格数量',
  warehousedQty: '入库数量',
  openQty: '未交数量',
  noteNo: '送货单号',
  noteStatus: '状态',
  shipDate: '发货日期',
  expectedDate: '预计到货',
  arrivalDate: '到货日期',
  batchNo: '批次号',
  qty: '数量',
  dueLines: '应交行数',
  dueQty: '应交数量',
  onTimeQty: '准时到货数量',
  onTimeRate: '准时到货率',
  inspectionCount: '检验次数',
  inspectedQty: '检验数量',
  qualityYield: '质量合格率',
  receiptNo: '入库单号',
  receiptDate: '入库日期',
  price: '单价',
  taxRate: '税率%',
  amount: '金额',
  currency: '币种',
  statementNo: '对账单号',
  statementStatus: '对账单状态',
  disputeQty: '异议数量',
  disputePrice: '异议单价',
  differenceQty: '数量差异',
  differenceAmount: '金额差异',
  disputeReason: '异议原因',
  reasonCode: '原因代码',
  reason: '不合格原因',
  share: '占比',
  requestedQty: '需求数量',
  requestedDate: '需求日期',
  confirmedDate: '确认交期',
  lineStatus: '行状态',
  sentAt: '发出时间',
  answeredAt: '答复时间',
  answerHours: '答复时长(小时)',
  lines: '行数',
  notes: '送货单数',
  confirmedLines: '已确认行',
  proposedLines: '有反馈建议行',
  pendingLines: '未答复行',
  month: '月份',
};

const COLUMNS_TW: Record<ReportColumnKey, string> = {
  orderNo: '訂單號碼',
  orderLineNo: '項次',
  orderDate: '訂單日期',
  supName: '供應商',
  customerName: '客戶',
  prdtNo: '料號',
  prdtName: '品名',
  prdtSpc: '規格',
  unitName: '單位',
  dueDate: '應交日期',
  orderedQty: '訂購數量',
  confirmedQty: '確認數量',
  deliveredQty: '送貨數量',
  receivedQty: '收貨數量',
  qualifiedQty: '合格數量',
  unqualifiedQty: '不合格數量',
  warehousedQty: '入庫數量',
  openQty: '未交數量',
  noteNo: '送貨單號',
  noteStatus: '狀態',
  shipDate: '出貨日期',
  expectedDate: '預計到貨',
  arrivalDate: '到貨日期',
  batchNo: '批號',
  qty: '數量',
  dueLines: '應交筆數',
  dueQty: '應交數量',
  onTimeQty: '準時到貨數量',
  onTimeRate: '準時到貨率',
  inspectionCount: '檢驗次數',
  inspectedQty: '檢驗數量',
  qualityYield: '品質良率',
  receiptNo: '入庫單號',
  receiptDate: '入庫日期',
  price: '單價',
  taxRate: '稅率%',
  amount: '金額',
  currency: '幣別',
  statementNo: '對帳單號',
  statementStatus: '對帳單狀態',
  disputeQty: '異議數量',
  disputePrice: '異議單價',
  differenceQty: '數量差異',
  differenceAmount: '金額差異',
  disputeReason: '異議原因',
  reasonCode: '原因代碼',
  reason: '不良原因',
  share: '占比',
  requestedQty: '需求數量',
  requestedDate: '需求日期',
  confirmedDate: '確認交期',
  lineStatus: '項次狀態',
  sentAt: '發出時間',
  answeredAt: '回覆時間',
  answerHours: '回覆時長(小時)',
  lines: '筆數',
  notes: '送貨單數',
  confirmedLines: '已確認筆數',
  proposedLines: '有回饋建議筆數',
  pendingLines: '未回覆筆數',
  month: '月份',
};

/** Column headers and status names of the reports, used by the Excel export and the web locales. */
export const REPORT_LABELS: Record<Locale, Labels> = {
  'en-US': {
    sheet: {
      procurementExecution: 'Procurement execution',
      deliveryPage: 'Deliveries',
      poTimelyArrivalRate: 'On-time arrival rate',
      poQualityYield: 'Quality yield',
      poLzDetails: 'Warehousing details',
      poDiffReconciliation: 'Reconciliation differences',
      poUnqualifiedReasonReport: 'Unqualified reasons',
      poConfirmDetails: 'Order confirmation details',
      supTimelyArrivalRate: 'On-time arrival rate',
      supQualityYield: 'Quality yield',
      supLzDetails: 'Warehousing details',
      supDiffReconciliation: 'Reconciliation differences',
      unreconciledDetails: 'Unreconciled details',
      supConfirmDetails: 'Order confirmation details',
    },
    columns: COLUMNS_EN,
    status: {
      note: ['Not sent', 'Sent', 'Arrived', 'Accepted', 'Warehoused', 'Cancelled'],
      statement: ['Draft', 'Sent', 'Disputed', 'Confirmed by counterpart', 'Confirmed', 'Cancelled'],
      orderLine: ['Waiting for answer', 'Confirmed', 'Counter-proposed', 'Cancelled'],
    },
  },
  'zh-CN': {
    sheet: {
      procurementExecution: '采购执行情况',
      deliveryPage: '送货明细',
      poTimelyArrivalRate: '准时到货率',
      poQualityYield: '质量合格率',
      poLzDetails: '入库明细',
      poDiffReconciliation: '对账差异',
      poUnqualifiedReasonReport: '不合格原因分析',
      poConfirmDetails: '订单确认明细',
      supTimelyArrivalRate: '准时到货率',
      supQualityYield: '质量合格率',
      supLzDetails: '入库明细',
      supDiffReconciliation: '对账差异',
      unreconciledDetails: '未对账明细',
      supConfirmDetails: '订单确认明细',
    },
    columns: COLUMNS_CN,
    status: {
      note: ['未发送', '已发送', '已到货', '已验收', '已入库', '已取消'],
      statement: ['草稿', '已发送', '有异议', '对方已确认', '已确认', '已取消'],
      orderLine: ['待答复', '已确认', '有反馈建议', '已取消'],
    },
  },
  'zh-TW': {
    sheet: {
      procurementExecution: '採購執行狀況',
      deliveryPage: '送貨明細',
      poTimelyArrivalRate: '準時到貨率',
      poQualityYield: '品質良率',
      poLzDetails: '入庫明細',
      poDiffReconciliation: '對帳差異',
      poUnqualifiedReasonReport: '不良原因分析',
      poConfirmDetails: '訂單確認明細',
      supTimelyArrivalRate: '準時到貨率',
      supQualityYield: '品質良率',
      supLzDetails: '入庫明細',
      supDiffReconciliation: '對帳差異',
      unreconciledDetails: '未對帳明細',
      supConfirmDetails: '訂單確認明細',
    },
    columns: COLUMNS_TW,
    status: {
      note: ['未發送', '已發送', '已到貨', '已驗收', '已入庫', '已取消'],
      statement: ['草稿', '已發送', '有異議', '對方已確認', '已確認', '已取消'],
      orderLine: ['待回覆', '已確認', '有回饋建議', '已取消'],
    },
  },
};
