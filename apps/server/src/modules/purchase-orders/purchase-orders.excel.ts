import {
  text as catalogueText,
  currencySchema,
  DECIMAL_TEXT,
  decimalInputSchema,
  decimalTextOfCell,
  type Locale,
  OPERATION_TYPE,
  PURCHASE_ORDER_LINE_STATUS_NAMES,
  PURCHASE_ORDER_MAX_LINES,
  PURCHASE_ORDER_STATUS_NAMES,
  type PurchaseOrderImportResult,
  placesOf,
  type purchaseOrderExportSchema,
  purchaseOrderLineInputSchema,
} from '@concord/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { materials, suppliers, warehouses } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { actorOf, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { writeXlsx } from '../../platform/xlsx.ts';
import {
  type ImportCell,
  type ImportColumn,
  localizeRowErrors,
  type RowError,
  readXlsxRows,
  zodRowErrors,
} from '../../platform/xlsx-import.ts';
// The typed-cell writer (number formats, date cells) the statement export introduced; platform/xlsx.ts
// writes plain text and numbers only.
import { type Cell, dayCell, decimalCell, RATE_PLACES, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { namesOf } from '../enterprises/enterprises.names.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { BUYER_READ } from './purchase-orders.common.ts';
import { ORDER_MODULE } from './purchase-orders.notify.ts';
import { orderListWhere } from './purchase-orders.query.ts';
import { insertOrder } from './purchase-orders.service.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from './purchase-orders.table.ts';

type ExportQuery = z.infer<typeof purchaseOrderExportSchema>;

/** One export holds at most this many lines; narrow the filter for more. */
export const EXPORT_MAX_LINES = 50_000;

const HEADERS: Record<Locale, string[]> = {
  'en-US': [
    'Order no.',
    'Revision',
    'Order date',
    'Supplier',
    'Customer',
    'Status',
    'Currency',
    'Line',
    'Material',
    'Name',
    'Specification',
    'Supplier part',
    'Unit',
    'Quantity',
    'Price',
    'Tax %',
    'Amount',
    'Requested date',
    'Line status',
    'Confirmed qty',
    'Confirmed date',
    'Proposed qty',
    'Proposed date',
    'Delivered qty',
  ],
  'zh-CN': [
    '订单号',
    '版本',
    '订单日期',
    '供应商',
    '客户',
    '订单状态',
    '币种',
    '行号',
    '物料编码',
    '物料名称',
    '规格',
    '供应商料号',
    '单位',
    '数量',
    '单价',
    '税率%',
    '金额',
    '需求日期',
    '行状态',
    '确认数量',
    '确认日期',
    '建议数量',
    '建议日期',
    '已送货数量',
  ],
  'zh-TW': [
    '訂單號碼',
    '版次',
    '訂單日期',
    '供應商',
    '客戶',
    '訂單狀態',
    '幣別',
    '項次',
    '料號',
    '品名',
    '規格',
    '供應商料號',
    '單位',
    '數量',
    '單價',
    '稅率%',
    '金額',
    '需求日期',
    '明細狀態',
    '確認數量',
    '確認日期',
    '建議數量',
    '建議日期',
    '已送貨數量',
  ],
};

const day = (v: string | null): Cell => (v === null ? null : dayCell(v));

/**
 * The orders of the filter, one row per line, as the caller may see them: the same side, data scope
 * and masking as the list; a viewer without the price flag gets `***` (text) in every price and amount.
 * Quantities, prices, rates and amounts are number cells written from the stored decimal text and shown
 * with the order's places, so a spreadsheet sums them; dates are date cells.
 */
export async function exportOrders(ctx: RequestContext, query: ExportQuery): Promise<Buffer> {
  const { tx, auth } = ctx;
  const where = await orderListWhere(tx, auth, {
    side: query.side,
    orderNo: query.orderNo,
    statuses: query.status !== undefined ? [query.status] : undefined,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
  });
  const rows = await tx
    .select({
      orderNo: po.orderNo,
      revision: po.revision,
      orderDate: po.orderDate,
      supName: suppliers.supName,
      orderStatus: po.status,
      currency: po.currency,
      places: po.decimalPlaces,
      customerTenantId: po.tenantId,
      lineNo: pol.lineNo,
      prdtNo: pol.prdtNo,
      prdtName: pol.prdtName,
      prdtSpc: pol.prdtSpc,
      supPrdtNo: pol.supPrdtNo,
      unitName: pol.unitName,
      qty: pol.qty,
      price: pol.price,
      taxRate: pol.taxRate,
      amount: pol.amount,
      requestedDate: pol.requestedDate,
      status: pol.status,
      confirmedQty: pol.confirmedQty,
      confirmedDate: pol.confirmedDate,
      proposedQty: pol.proposedQty,
      proposedDate: pol.proposedDate,
      deliveredQty: pol.deliveredQty,
    })
    .from(po)
    .innerJoin(pol, and(eq(pol.tenantId, po.tenantId), eq(pol.orderId, po.id)))
    .leftJoin(suppliers, and(eq(suppliers.tenantId, po.tenantId), eq(suppliers.id, po.supplierId)))
    .where(where)
    .orderBy(desc(po.createdAt), desc(po.id), asc(pol.lineNo))
    .limit(EXPORT_MAX_LINES);
  const names = await namesOf(tx, [...new Set(rows.map((r) => r.customerTenantId))]);
  const masked = maskForViewer(rows, auth);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.EXPORT,
    module: ORDER_MODULE,
    summary: catalogueText('purchaseOrders.exported', { count: rows.length }),
  });
  return await writeWorkbook({
    name: 'Orders',
    header: HEADERS[ctx.locale],
    widths: [16, 8, 12, 28, 28, 16, 8, 6, 16, 24, 20, 16, 8, 12, 12, 8, 14, 12, 12, 12, 12, 12, 12, 12],
    rows: masked.map((r): Cell[] => {
      const p = r.places;
      return [
        r.orderNo,
        r.revision,
        day(r.orderDate),
        r.supName ?? '',
        names.get(r.customerTenantId) ?? '',
        PURCHASE_ORDER_STATUS_NAMES[r.orderStatus],
        r.currency,
        r.lineNo,
        r.prdtNo,
        r.prdtName,
        r.prdtSpc,
        r.supPrdtNo,
        r.unitName,
        decimalCell(r.qty, p.quantity),
        decimalCell(r.price, p.price),
        decimalCell(r.taxRate, RATE_PLACES),
        decimalCell(r.amount, p.amount),
        day(r.requestedDate),
        PURCHASE_ORDER_LINE_STATUS_NAMES[r.status],
        decimalCell(r.confirmedQty, p.quantity),
        day(r.confirmedDate),
        decimalCell(r.proposedQty, p.quantity),
        day(r.proposedDate),
        decimalCell(r.deliveredQty, p.quantity),
      ];
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Import

type ImportKey =
  | 'orderRef'
  | 'supplierCode'
  | 'orderDate'
  | 'currency'
  | 'paymentTerms'
  | 'materialCode'
  | 'qty'
  | 'price'
  | 'taxRate'
  | 'requestedDate'
  | 'warehouseCode'
  | 'remark';

/** The template's header in each language; rows with the same order reference form one order. */
export const IMPORT_COLUMNS: readonly ImportColumn<ImportKey>[] = [
  { key: 'orderRef', headers: ['Order ref', '订单分组', '訂單分組'], required: true },
  { key: 'supplierCode', headers: ['Supplier code', '供应商编码', '供應商編號'], required: true },
  { key: 'orderDate', headers: ['Order date', '订单日期', '訂單日期'], required: true },
  { key: 'currency', headers: ['Currency', '币种', '幣別'] },
  { key: 'paymentTerms', headers: ['Payment terms', '付款条件', '付款條件'] },
  { key: 'materialCode', headers: ['Material code', '物料编码', '料號'], required: true },
  { key: 'qty', headers: ['Quantity', '数量', '數量'], required: true },
  { key: 'price', headers: ['Price', '单价', '單價'], required: true },
  { key: 'taxRate', headers: ['Tax %', '税率%', '稅率%'] },
  { key: 'requestedDate', headers: ['Requested date', '需求日期', '需求日期'], required: true },
  { key: 'warehouseCode', headers: ['Warehouse code', '仓库编码', '倉庫編號'] },
  { key: 'remark', headers: ['Remark', '备注', '備註'] },
];

const HEADER_INDEX: Record<Locale, number> = { 'en-US': 0, 'zh-CN': 1, 'zh-TW': 2 };

/** The empty import workbook: the header row in the caller's language, which the import also reads. */
export function orderImportTemplate({ locale }: Pick<RequestContext, 'locale'>): Promise<Buffer> {
  const i = HEADER_INDEX[locale];
  return writeXlsx({
    name: ['Purchase orders', '采购订单', '採購訂單'][i]!,
    header: IMPORT_COLUMNS.map((c) => c.headers[i]!),
    rows: [],
    widths: IMPORT_COLUMNS.map((c) => (c.key === 'remark' ? 30 : 16)),
  });
}

/** Date cells arrive as Excel serial numbers (styles are not read); text dates pass as they are. */
function dateOf(v: ImportCell): string | null {
  if (v === null) return null;
  if (typeof v === 'number')
    return new Date(Date.UTC(1899, 11, 30) + Math.round(v) * 86_400_000).toISOString().slice(0, 10);
  return String(v).trim().replace(/\//g, '-');
}

const text = (v: ImportCell) => (v === null ? '' : String(v).trim());

const rowSchema = z.object({
  orderRef: z.string().min(1).max(64),
  supplierCode: z.string().min(1).max(64),
  orderDate: purchaseOrderLineInputSchema.shape.requestedDate,
  currency: currencySchema,
  paymentTerms: z.string().max(200),
  materialCode: z.string().min(1).max(64),
  qty: decimalInputSchema({ min: 'positive' }),
  price: decimalInputSchema(),
  taxRate: decimalInputSchema({ max: '100' }),
  requestedDate: purchaseOrderLineInputSchema.shape.requestedDate,
  warehouseCode: z.string().max(64),
  remark: z.string().max(500),
});

const DECIMAL_KEYS = ['qty', 'price', 'taxRate'] as const;

const decimalOf = (v: ImportCell, fallback?: string) =>
  v === null ? fallback : typeof v === 'number' ? decimalTextOfCell(v) : v.trim();

/**
 * Orders from a workbook, all or nothing: every row is checked (codes must name the caller's
 * suppliers, materials and warehouses) and any error refuses the whole file with per-row reasons.
 */
export async function importOrders(ctx: RequestContext, file: Buffer): Promise<PurchaseOrderImportResult> {
  const { tx, auth, tenantId: me, locale } = ctx;
  requireAny(auth, [BUYER_READ]);
  const read = await readXlsxRows(file, IMPORT_COLUMNS, { limits: { maxRows: PURCHASE_ORDER_MAX_LINES } });
  const columnOf = (key: string) => IMPORT_COLUMNS.find((c) => c.key === key)?.headers[0] ?? key;
  const errors: RowError[] = [...read.errors];
  const places = await getDecimalPlaces(tx, me);
  const allowed = { qty: places.quantity, price: places.price, taxRate: RATE_INPUT_PLACES } as const;
  const parsed: { row: number; value: z.infer<typeof rowSchema> }[] = [];
  for (const r of read.rows) {
    const v = r.values;
    const figures = { qty: decimalOf(v.qty), price: decimalOf(v.price), taxRate: decimalOf(v.taxRate, '0') };
    // Checked before the schema, which refuses more than 6 places as "not a number": a cell typed with
    // too many places is told so, at the places the enterprise allows, and is never rounded silently.
    const tooPrecise = new Set<string>();
    for (const key of DECIMAL_KEYS) {
      const value = figures[key];
      if (value === undefined || !DECIMAL_TEXT.test(value) || placesOf(value) <= allowed[key]) continue;
      tooPrecise.add(columnOf(key));
      errors.push({
        row: r.row,
        column: columnOf(key),
        reason: 'IMPORT_DECIMAL_PLACES',
        params: { places: allowed[key] },
      });
    }
    const result = rowSchema.safeParse({
      orderRef: text(v.orderRef),
      supplierCode: text(v.supplierCode),
      orderDate: dateOf(v.orderDate),
      currency: text(v.currency) || 'CNY',
      paymentTerms: text(v.paymentTerms),
      materialCode: text(v.materialCode),
      ...figures,
      requestedDate: dateOf(v.requestedDate),
      warehouseCode: text(v.warehouseCode),
      remark: text(v.remark),
    });
    if (result.success && !tooPrecise.size) parsed.push({ row: r.row, value: result.data });
    else if (!result.success)
      errors.push(...zodRowErrors(r.row, result.error, v, columnOf).filter((e) => !tooPrecise.has(e.column)));
  }
  const reject = () => {
    const sorted = [...errors].sort((a, b) => a.row - b.row);
    throw new AppError('IMPORT_ROWS_INVALID', { count: sorted.length }, localizeRowErrors(sorted, locale));
  };
  if (errors.length) reject();
  // Imported orders are drafts: the buyer checks and sends them like hand-made ones.
  return idempotent(tx, ctx.idem, async () => {
    const codes = (k: 'supplierCode' | 'materialCode' | 'warehouseCode') => [
      ...new Set(parsed.map((p) => p.value[k]).filter(Boolean)),
    ];
    const supplierIds = new Map(
      (
        await tx
          .select({ code: suppliers.supCode, id: suppliers.id })
          .from(suppliers)
          .where(and(eq(suppliers.tenantId, me), inArray(suppliers.supCode, codes('supplierCode'))))
      ).map((r) => [r.code, r.id]),
    );
    const materialIds = new Map(
      (
        await tx
          .select({ code: materials.prdtNo, id: materials.id })
          .from(materials)
          .where(and(eq(materials.tenantId, me), inArray(materials.prdtNo, codes('materialCode'))))
      ).map((r) => [r.code, r.id]),
    );
    const warehouseCodes = codes('warehouseCode');
    const warehouseIds = new Map(
      warehouseCodes.length
        ? (
            await tx
              .select({ code: warehouses.code, id: warehouses.id })
              .from(warehouses)
              .where(and(eq(warehouses.tenantId, me), inArray(warehouses.code, warehouseCodes)))
          ).map((r) => [r.code, r.id])
        : [],
    );
    const unknown = (row: number, key: ImportKey, value: string) =>
      errors.push({ row, column: columnOf(key), reason: 'IMPORT_VALUE_UNKNOWN', params: { value } });
    const groups = new Map<string, typeof parsed>();
    for (const p of parsed) {
      const v = p.value;
      if (!supplierIds.has(v.supplierCode)) unknown(p.row, 'supplierCode', v.supplierCode);
      if (!materialIds.has(v.materialCode)) unknown(p.row, 'materialCode', v.materialCode);
      if (v.warehouseCode && !warehouseIds.has(v.warehouseCode)) unknown(p.row, 'warehouseCode', v.warehouseCode);
      const group = groups.get(v.orderRef) ?? [];
      if (group.length && group[0]!.value.supplierCode !== v.supplierCode)
        errors.push({ row: p.row, column: columnOf('supplierCode'), reason: 'IMPORT_VALUE_INVALID' });
      groups.set(v.orderRef, [...group, p]);
    }
    if (errors.length) reject();
    const created = [];
    for (const group of groups.values()) {
      const head = group[0]!.value;
      created.push(
        await insertOrder(ctx, {
          supplierId: supplierIds.get(head.supplierCode)!,
          currency: head.currency,
          taxIncluded: true,
          paymentTerms: head.paymentTerms,
          orderDate: head.orderDate,
          remarks: '',
          attachments: [],
          send: false,
          lines: group.map(({ value: v }) => ({
            materialId: materialIds.get(v.materialCode)!,
            prdtNo: '',
            prdtName: '',
            prdtSpc: '',
            unitNo: '',
            unitName: '',
            qty: v.qty,
            price: v.price,
            taxRate: v.taxRate,
            requestedDate: v.requestedDate,
            warehouseId: v.warehouseCode ? warehouseIds.get(v.warehouseCode)! : null,
            remark: v.remark,
          })),
        }),
      );
    }
    return { orderIds: created.map((c) => c.id), orderNos: created.map((c) => c.orderNo) };
  });
}
