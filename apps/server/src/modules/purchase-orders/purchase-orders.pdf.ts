import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  formatDecimal,
  type Locale,
  MASK,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS_NAMES,
} from '@concord/shared';
import type { Font, Template } from '@pdfme/common';
import type { RequestContext } from '../../platform/context.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { getOrder } from './purchase-orders.query.ts';

/**
 * The order as a PDF (issue 6 §8): pdfme with the Noto Sans Hans (CJK) font, subset so the file
 * carries only the glyphs it uses. The detail is masked for the viewer before anything is drawn, so
 * a viewer without the price flag gets `***` for every price and amount, exactly like the screen.
 */

const FONT_NAME = 'NotoSansHans';
let fontData: Promise<Uint8Array<ArrayBuffer>> | null = null;

/** Read once per process: the font is 8 MB and every print subsets it anew. */
function loadFont(): Promise<Uint8Array<ArrayBuffer>> {
  if (!fontData) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    fontData = readFile(path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf')).then(
      (b) => new Uint8Array(b),
    );
  }
  return fontData;
}

/** Print labels in the caller's language (Noto Sans Hans also carries the Traditional glyphs used here). */
const LABELS = {
  'en-US': {
    title: 'Purchase Order',
    orderNo: 'Order no.',
    revision: 'Revision',
    orderDate: 'Order date',
    status: 'Status',
    buyer: 'Buyer',
    supplier: 'Supplier',
    currency: 'Currency',
    tax: 'Prices',
    taxIncluded: 'tax included',
    taxExcluded: 'tax excluded',
    paymentTerms: 'Payment terms',
    total: 'Total amount',
    remarks: 'Remarks',
    head: [
      '#',
      'Material',
      'Name / specification',
      'Supplier part',
      'Qty',
      'Unit',
      'Price',
      'Tax %',
      'Amount',
      'Requested',
      'Confirmed',
    ],
    statuses: {
      draft: 'Draft',
      sent: 'Sent',
      partiallyConfirmed: 'Partially confirmed',
      counterProposed: 'Counter-proposed',
      confirmed: 'Confirmed',
      closed: 'Closed',
      cancelled: 'Cancelled',
    },
    cancelledLine: 'cancelled',
  },
  'zh-CN': {
    title: '采购订单',
    orderNo: '订单号',
    revision: '版本',
    orderDate: '订单日期',
    status: '状态',
    buyer: '采购方',
    supplier: '供应商',
    currency: '币种',
    tax: '价格',
    taxIncluded: '含税',
    taxExcluded: '不含税',
    paymentTerms: '付款条件',
    total: '订单金额',
    remarks: '备注',
    head: [
      '行号',
      '物料编码',
      '名称 / 规格',
      '供应商料号',
      '数量',
      '单位',
      '单价',
      '税率%',
      '金额',
      '需求日期',
      '确认',
    ],
    statuses: {
      draft: '草稿',
      sent: '已发送',
      partiallyConfirmed: '部分确认',
      counterProposed: '供应商反馈待处理',
      confirmed: '已确认',
      closed: '已关闭',
      cancelled: '已取消',
    },
    cancelledLine: '已取消',
  },
  'zh-TW': {
    title: '採購訂單',
    orderNo: '訂單號碼',
    revision: '版次',
    orderDate: '訂單日期',
    status: '狀態',
    buyer: '採購方',
    supplier: '供應商',
    currency: '幣別',
    tax: '價格',
    taxIncluded: '含稅',
    taxExcluded: '未稅',
    paymentTerms: '付款條件',
    total: '訂單金額',
    remarks: '備註',
    head: ['項次', '料號', '品名 / 規格', '供應商料號', '數量', '單位', '單價', '稅率%', '金額', '需求日期', '確認'],
    statuses: {
      draft: '草稿',
      sent: '已發送',
      partiallyConfirmed: '部分確認',
      counterProposed: '供應商回覆待處理',
      confirmed: '已確認',
      closed: '已結案',
      cancelled: '已取消',
    },
    cancelledLine: '已取消',
  },
} as const satisfies Record<Locale, unknown>;

const WIDTHS = [5, 10, 20, 10, 8, 5, 9, 6, 10, 9, 8];
const RIGHT = [4, 6, 7, 8];

const number = (v: string | null, places: number) => (v === null ? '' : v === MASK ? MASK : formatDecimal(v, places));

function textField(name: string, x: number, y: number, width: number, fontSize = 9, alignment = 'left') {
  return {
    name,
    type: 'text',
    position: { x, y },
    width,
    height: fontSize * 0.55,
    fontSize,
    fontName: FONT_NAME,
    alignment,
    verticalAlignment: 'top',
    lineHeight: 1,
    characterSpacing: 0,
    fontColor: '#000000',
    backgroundColor: '',
  };
}

const cellStyle = (fontSize: number, background: string) => ({
  fontName: FONT_NAME,
  alignment: 'left',
  verticalAlignment: 'middle',
  fontSize,
  lineHeight: 1,
  characterSpacing: 0,
  fontColor: '#000000',
  backgroundColor: background,
  borderColor: '#888888',
  borderWidth: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 },
  padding: { top: 1, right: 1, bottom: 1, left: 1 },
});

/** The order as the caller sees it, printed in the caller's language, with the file name it downloads as. */
export async function printOrder(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const d = maskForViewer(await getOrder(ctx, id), ctx.auth);
  const l = LABELS[ctx.locale];
  const p = d.decimalPlaces;
  // The supplier reads its own name from its enterprise; the buyer's archive name is masked by the flag.
  const supplierName = d.side === 'supplier' ? await nameOf(ctx.tx, ctx.tenantId) : d.supName;
  const rows = d.lines.map((line) => [
    String(line.lineNo),
    line.prdtNo,
    [line.prdtName, line.prdtSpc].filter(Boolean).join(' / '),
    line.supPrdtNo,
    number(line.qty, p.quantity),
    line.unitName || line.unitNo,
    number(line.price, p.price),
    number(line.taxRate, 2),
    number(line.amount, p.amount),
    line.requestedDate,
    line.status === PURCHASE_ORDER_LINE_STATUS.CANCELLED
      ? l.cancelledLine
      : line.confirmedQty !== null
        ? `${number(line.confirmedQty, p.quantity)} ${line.confirmedDate ?? ''}`
        : '',
  ]);
  const fields = [
    ['orderNo', `${l.orderNo}: ${d.orderNo}`, 10, 24],
    ['revision', `${l.revision}: ${d.revision}`, 110, 24],
    ['orderDate', `${l.orderDate}: ${d.orderDate}`, 10, 30],
    ['status', `${l.status}: ${l.statuses[PURCHASE_ORDER_STATUS_NAMES[d.status]]}`, 110, 30],
    ['buyer', `${l.buyer}: ${d.customerName}`, 10, 36],
    ['supplier', `${l.supplier}: ${supplierName}`, 110, 36],
    ['currency', `${l.currency}: ${d.currency}  ${l.tax}: ${d.taxIncluded ? l.taxIncluded : l.taxExcluded}`, 10, 42],
    ['paymentTerms', `${l.paymentTerms}: ${d.paymentTerms}`, 110, 42],
    ['total', `${l.total}: ${number(d.totalAmount, p.amount)}`, 10, 48],
    ['remarks', `${l.remarks}: ${d.remarks.replace(/\s+/g, ' ').slice(0, 120)}`, 110, 48],
  ] as const;
  const template = {
    basePdf: { width: 210, height: 297, padding: [12, 10, 12, 10] },
    schemas: [
      [
        textField('title', 10, 12, 190, 18, 'center'),
        ...fields.map(([name, , x, y]) => textField(name, x, y, 90)),
        {
          name: 'lines',
          type: 'table',
          position: { x: 10, y: 56 },
          width: 190,
          height: 20,
          showHead: true,
          repeatHead: true,
          head: [...l.head],
          headWidthPercentages: WIDTHS,
          tableStyles: { borderColor: '#888888', borderWidth: 0.2 },
          headStyles: { ...cellStyle(7, '#eeeeee') },
          bodyStyles: { ...cellStyle(7, ''), alternateBackgroundColor: '#f7f7f7' },
          columnStyles: { alignment: Object.fromEntries(RIGHT.map((i) => [i, 'right'])) },
        },
      ],
    ],
  } as unknown as Template;
  const input: Record<string, string> = {
    title: `${l.title} ${d.orderNo}`,
    lines: JSON.stringify(rows.length ? rows : [l.head.map(() => '')]),
  };
  for (const [name, value] of fields) input[name] = value;
  const font: Font = { [FONT_NAME]: { data: await loadFont(), fallback: true, subset: true } };
  // Loaded on first print: pdfme takes 1.3 s to import, which every server start would otherwise pay.
  const [{ generate }, { table, text }] = await Promise.all([import('@pdfme/generator'), import('@pdfme/schemas')]);
  const pdf = await generate({ template, inputs: [input], options: { font }, plugins: { text, table } });
  return { body: Buffer.from(pdf), name: `${d.orderNo}.pdf` };
}
