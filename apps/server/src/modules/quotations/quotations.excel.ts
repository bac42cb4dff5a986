import {
  DECIMAL_TEXT,
  decimalTextOfCell,
  firstUnorderedBreak,
  type Locale,
  placesOf,
  type QuotationBidLineInput,
  type QuotationImportResult,
  quotationBidLineSchema,
} from '@concord/shared';
import type { RequestContext } from '../../platform/context.ts';
import { RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type ImportCell,
  type ImportColumn,
  localizeRowErrors,
  type RowError,
  readXlsxRows,
  zodRowErrors,
} from '../../platform/xlsx-import.ts';
import {
  type Cell,
  dayCell,
  decimalCell,
  LOCALE_INDEX,
  RATE_PLACES,
  writeWorkbook,
} from '../../platform/xlsx-typed.ts';
import { saveBids } from './quotations.actions.ts';
import { getQuotation } from './quotations.query.ts';

/*
 * The supplier's bids as a workbook (issue 21): `GET /:id/template` writes the quotation's lines with
 * what is saved so far; `POST /:id/import` reads the bid columns back and saves them as the draft, all
 * or nothing — any wrong cell refuses the file with per-row reasons in the caller's language, like the
 * other imports. Submitting stays a step of its own on the page.
 */

type BidKey =
  | 'lineNo'
  | 'unitPrice'
  | 'taxRate'
  | 'leadDays'
  | 'moq'
  | 'validUntil'
  | 'priceBreaks'
  | 'noBid'
  | 'noBidReason'
  | 'remark';

/** The columns read back, by header in every language (the line number ties a row to its line). */
export const BID_COLUMNS: readonly ImportColumn<BidKey>[] = [
  { key: 'lineNo', headers: ['Line', '行号', '項次'], required: true },
  { key: 'unitPrice', headers: ['Unit price', '单价', '單價'], required: true },
  { key: 'taxRate', headers: ['Tax %', '税率%', '稅率%'] },
  { key: 'leadDays', headers: ['Lead days', '交期(天)', '交期(天)'] },
  { key: 'moq', headers: ['MOQ', '最小订购量', '最小訂購量'] },
  { key: 'validUntil', headers: ['Valid until', '报价有效期', '報價有效期'] },
  {
    key: 'priceBreaks',
    headers: ['Price breaks (qty:price; …)', '阶梯价(数量:单价; …)', '階梯價(數量:單價; …)'],
  },
  { key: 'noBid', headers: ['No bid (Y)', '不报价(Y)', '不報價(Y)'] },
  { key: 'noBidReason', headers: ['No-bid reason', '不报价原因', '不報價原因'] },
  { key: 'remark', headers: ['Remark', '备注', '備註'] },
];

/** The inquiry's own columns, written for the supplier's reference and not read back. */
const SHOWN_HEADERS: Record<Locale, string[]> = {
  'en-US': ['Material', 'Name', 'Specification', 'Drawing', 'Quantity', 'Unit', 'Required date'],
  'zh-CN': ['物料编码', '物料名称', '规格', '图纸', '数量', '单位', '需求日期'],
  'zh-TW': ['料號', '品名', '規格', '圖面', '數量', '單位', '需求日期'],
};

const header = (key: BidKey, locale: Locale) => BID_COLUMNS.find((c) => c.key === key)!.headers[LOCALE_INDEX[locale]]!;

/** `GET /:id/template`: the supplier's workbook of its quotation, with the bids saved so far. */
export async function quotationTemplate(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const d = await getQuotation(ctx, id);
  if (d.side !== 'supplier') throw new AppError('QUOTATION_WRONG_SIDE');
  const p = d.decimalPlaces;
  const locale = ctx.locale;
  const bidHeaders = BID_COLUMNS.filter((c) => c.key !== 'lineNo').map((c) => c.headers[LOCALE_INDEX[locale]]!);
  const body = await writeWorkbook({
    name: ['Quotation', '报价单', '報價單'][LOCALE_INDEX[locale]]!,
    header: [header('lineNo', locale), ...SHOWN_HEADERS[locale], ...bidHeaders],
    widths: [6, 16, 24, 20, 14, 12, 8, 12, 12, 8, 10, 12, 12, 28, 10, 20, 24],
    rows: d.lines.map((l): Cell[] => {
      const b = l.bid;
      return [
        l.lineNo,
        l.prdtNo,
        l.prdtName,
        l.prdtSpc,
        l.drawingNo ? `${l.drawingNo}${l.drawingVersion === null ? '' : ` V${l.drawingVersion}`}` : '',
        decimalCell(l.qty, p.quantity),
        l.unitName,
        dayCell(l.requiredDate),
        b && !b.noBid ? decimalCell(b.unitPrice, p.price) : null,
        b ? decimalCell(b.taxRate, RATE_PLACES, RATE_INPUT_PLACES) : null,
        b?.leadDays ?? null,
        b ? decimalCell(b.moq, p.quantity) : null,
        b?.validUntil ? dayCell(b.validUntil) : null,
        b ? b.priceBreaks.map((x) => `${x.minQty}:${x.price}`).join('; ') : null,
        b?.noBid ? 'Y' : null,
        b?.noBid ? b.noBidReason : null,
        b?.remark || null,
      ];
    }),
  });
  return { body, name: `${d.inquiryNo}-${['quotation', '报价', '報價'][LOCALE_INDEX[locale]]}.xlsx` };
}

/** Date cells arrive as Excel serial numbers (styles are not read); text dates pass as they are. */
function dateOf(v: ImportCell): string | null {
  if (v === null) return null;
  if (typeof v === 'number')
    return new Date(Date.UTC(1899, 11, 30) + Math.round(v) * 86_400_000).toISOString().slice(0, 10);
  return String(v).trim().replace(/\//g, '-');
}

const text = (v: ImportCell) => (v === null ? '' : String(v).trim());
const decimalOf = (v: ImportCell) => (v === null ? null : typeof v === 'number' ? decimalTextOfCell(v) : v.trim());
const YES = new Set(['y', 'yes', 'x', '1', 'true', '是', '√', '✓']);

/** "1000:3.05; 5000:2.9" (full-width separators too) → breaks; null when the text does not read so. */
function breaksOf(v: ImportCell): { minQty: string; price: string }[] | null {
  const raw = text(v);
  if (!raw) return [];
  const parts = raw
    .split(/[;；\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const breaks = parts.map((part) => {
    const m = /^([0-9.,]+)\s*[:：=]\s*([0-9.,]+)$/.exec(part);
    return m ? { minQty: m[1]!.replace(/,/g, ''), price: m[2]!.replace(/,/g, '') } : null;
  });
  if (breaks.some((b) => b === null || !DECIMAL_TEXT.test(b.minQty) || !DECIMAL_TEXT.test(b.price))) return null;
  return breaks as { minQty: string; price: string }[];
}

/**
 * `POST /:id/import`: the workbook's bids become the supplier's saved draft, all or nothing. Every row
 * names a line of the quotation once; figures keep the buyer's places (more places are refused, never
 * rounded); a no-bid needs its reason; price breaks rise by quantity. Rows left blank leave their line
 * as it was saved.
 */
export async function importBids(
  ctx: RequestContext,
  id: string,
  upload: () => Promise<Buffer>,
): Promise<QuotationImportResult> {
  // The quotation first: another enterprise's id answers 404 whatever the request carries (T-01).
  const d = await getQuotation(ctx, id);
  if (d.side !== 'supplier') throw new AppError('QUOTATION_WRONG_SIDE');
  const read = await readXlsxRows(await upload(), BID_COLUMNS, { limits: { maxRows: d.lines.length + 100 } });
  const columnOf = (key: string) => BID_COLUMNS.find((c) => c.key === key)?.headers[LOCALE_INDEX[ctx.locale]] ?? key;
  const errors: RowError[] = [...read.errors];
  const places = d.decimalPlaces;
  const allowed = { unitPrice: places.price, moq: places.quantity, taxRate: RATE_INPUT_PLACES } as const;
  const lineOf = new Map(d.lines.map((l) => [String(l.lineNo), l]));
  const seen = new Map<string, number>();
  const lines: QuotationBidLineInput[] = [];
  for (const r of read.rows) {
    const v = r.values;
    const lineNo = text(typeof v.lineNo === 'number' ? String(v.lineNo) : v.lineNo);
    const line = lineOf.get(lineNo);
    if (!line) {
      errors.push({
        row: r.row,
        column: columnOf('lineNo'),
        reason: 'IMPORT_VALUE_UNKNOWN',
        params: { value: lineNo },
      });
      continue;
    }
    const before = seen.get(lineNo);
    if (before !== undefined) {
      errors.push({
        row: r.row,
        column: columnOf('lineNo'),
        reason: 'IMPORT_VALUE_DUPLICATE',
        params: { value: lineNo, row: before },
      });
      continue;
    }
    seen.set(lineNo, r.row);
    const noBid = YES.has(text(v.noBid).toLowerCase());
    const figures = { unitPrice: decimalOf(v.unitPrice), taxRate: decimalOf(v.taxRate), moq: decimalOf(v.moq) };
    // Neither a price nor a no-bid: the row says nothing, and the saved bid of its line stays.
    if (!noBid && figures.unitPrice === null && !text(v.noBidReason)) continue;
    const tooPrecise = new Set<string>();
    for (const key of ['unitPrice', 'taxRate', 'moq'] as const) {
      const value = figures[key];
      if (value === null || !DECIMAL_TEXT.test(value) || placesOf(value) <= allowed[key]) continue;
      tooPrecise.add(columnOf(key));
      errors.push({
        row: r.row,
        column: columnOf(key),
        reason: 'IMPORT_DECIMAL_PLACES',
        params: { places: allowed[key] },
      });
    }
    const breaks = noBid ? [] : breaksOf(v.priceBreaks);
    if (breaks === null || (breaks.length && firstUnorderedBreak(breaks) >= 0)) {
      errors.push({ row: r.row, column: columnOf('priceBreaks'), reason: 'IMPORT_VALUE_INVALID' });
      continue;
    }
    if (noBid && !text(v.noBidReason)) {
      errors.push({ row: r.row, column: columnOf('noBidReason'), reason: 'IMPORT_VALUE_REQUIRED' });
      continue;
    }
    const leadDays = v.leadDays === null ? null : Number(text(v.leadDays));
    const input = {
      lineId: line.id,
      noBid,
      noBidReason: noBid ? text(v.noBidReason) : '',
      unitPrice: noBid ? null : figures.unitPrice,
      taxRate: figures.taxRate ?? '0',
      leadDays: noBid ? null : leadDays,
      moq: noBid ? null : figures.moq,
      validUntil: noBid ? null : dateOf(v.validUntil),
      priceBreaks: breaks,
      remark: text(v.remark),
    };
    const parsed = quotationBidLineSchema.safeParse(input);
    if (!parsed.success) {
      errors.push(...zodRowErrors(r.row, parsed.error, v, columnOf).filter((e) => !tooPrecise.has(e.column)));
      continue;
    }
    if (!tooPrecise.size) lines.push(input);
  }
  if (errors.length) {
    const sorted = [...errors].sort((a, b) => a.row - b.row);
    throw new AppError('IMPORT_ROWS_INVALID', { count: sorted.length }, localizeRowErrors(sorted, ctx.locale));
  }
  if (!lines.length) throw new AppError('QUOTATION_IMPORT_EMPTY');
  const quotation = await saveBids(ctx, id, {
    version: d.version,
    remark: d.remark,
    lines: lines.map((l) => quotationBidLineSchema.parse(l)),
  });
  return { lines: lines.length, quotation };
}
