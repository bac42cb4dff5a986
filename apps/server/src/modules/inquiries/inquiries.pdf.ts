import { formatDecimal, type InquiryDetail, type Locale } from '@concord/shared';
import { eq } from 'drizzle-orm';
import { enterprises } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import {
  CONTENT_WIDTH,
  type Column,
  documentLayout,
  PAGE,
  pageFooter,
  renderPdf,
  signatureTable,
  table,
  textBlock,
} from '../../platform/pdf-document.ts';
import { dateTimeIn, timeZoneOf } from '../../platform/time.ts';
import { getInquiry } from './inquiries.query.ts';

/**
 * The inquiry as a PDF for suppliers off the network (issue 21): the buyer prints or mails it, the
 * supplier writes its prices into the blank columns and sends it back, and the buyer records the quote.
 * It carries what a supplier may read — the lines with their drawings, quantities and dates, the
 * deadline and terms — and never the target prices, the other invitees or any bid.
 */

const LABELS = {
  'en-US': {
    colon: ': ',
    title: 'Request for Quotation',
    inquiryNo: 'Inquiry no.',
    round: 'Round',
    deadline: 'Quote deadline',
    currency: 'Currency',
    taxIncluded: ' (prices include tax)',
    taxExcluded: ' (prices exclude tax)',
    paymentTerms: 'Payment terms',
    deliveryAddress: 'Delivery address',
    buyer: 'Buyer',
    supplier: 'Supplier',
    name: 'Name',
    contact: 'Contact',
    address: 'Address',
    phone: 'Tel.',
    head: [
      '#',
      'Material',
      'Name / specification',
      'Drawing',
      'Qty',
      'Unit',
      'Required',
      'Unit price',
      'Tax %',
      'Lead days',
      'MOQ',
      'Remark',
    ],
    instructions:
      'Please write your unit price, tax rate, lead time in days and minimum order quantity for each line (or "no bid"), sign and return this form before the quote deadline.',
    remarks: 'Remarks',
    attachments: 'Attached documents',
    signatory: 'Authorised signature',
    signDate: 'Date',
    stamp: 'Company stamp',
    page: 'Page {currentPage} of {totalPages}',
  },
  'zh-CN': {
    colon: '：',
    title: '询价单',
    inquiryNo: '询价单号',
    round: '轮次',
    deadline: '报价截止时间',
    currency: '币种',
    taxIncluded: '（含税价）',
    taxExcluded: '（不含税价）',
    paymentTerms: '付款条件',
    deliveryAddress: '交货地址',
    buyer: '询价方',
    supplier: '报价方',
    name: '名称',
    contact: '联系人',
    address: '地址',
    phone: '电话',
    head: [
      '行号',
      '物料编码',
      '名称 / 规格',
      '图纸',
      '数量',
      '单位',
      '需求日期',
      '单价',
      '税率%',
      '交期(天)',
      '最小订购量',
      '备注',
    ],
    instructions:
      '请逐行填写单价、税率、交货周期（天）和最小订购量（不报价的行请注明“不报价”），签字盖章后于报价截止时间前回传。',
    remarks: '备注',
    attachments: '附件',
    signatory: '授权代表签字',
    signDate: '日期',
    stamp: '盖章处',
    page: '第 {currentPage} 页，共 {totalPages} 页',
  },
  'zh-TW': {
    colon: '：',
    title: '詢價單',
    inquiryNo: '詢價單號',
    round: '輪次',
    deadline: '報價截止時間',
    currency: '幣別',
    taxIncluded: '（含稅價）',
    taxExcluded: '（未稅價）',
    paymentTerms: '付款條件',
    deliveryAddress: '交貨地址',
    buyer: '詢價方',
    supplier: '報價方',
    name: '名稱',
    contact: '聯絡人',
    address: '地址',
    phone: '電話',
    head: [
      '項次',
      '料號',
      '品名 / 規格',
      '圖面',
      '數量',
      '單位',
      '需求日期',
      '單價',
      '稅率%',
      '交期(天)',
      '最小訂購量',
      '備註',
    ],
    instructions:
      '請逐項填寫單價、稅率、交貨天數與最小訂購量（不報價之項次請註明「不報價」），簽名蓋章後於報價截止時間前回傳。',
    remarks: '備註',
    attachments: '附件',
    signatory: '授權代表簽名',
    signDate: '日期',
    stamp: '用印處',
    page: '第 {currentPage} 頁，共 {totalPages} 頁',
  },
} as const satisfies Record<Locale, unknown>;

const NONE = '—';

/** The printed columns: the inquiry's on the left, blank ones for the supplier's answer on the right. */
const LINE_COLUMNS: Omit<Column, 'head'>[] = [
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 36 },
  { fit: 'fill', limit: 60 },
  { fit: 'words', limit: 26 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 16 },
  { fit: 'nowrap' },
  { fit: 'fixed', limit: 22 },
  { fit: 'fixed', limit: 14 },
  { fit: 'fixed', limit: 16 },
  { fit: 'fixed', limit: 20 },
  { fit: 'fixed', limit: 26 },
];

function lineRows(d: InquiryDetail): string[][] {
  return d.lines.map((line) => [
    String(line.lineNo),
    line.prdtNo,
    [line.prdtName, line.prdtSpc].filter(Boolean).join('\n'),
    line.drawingNo ? `${line.drawingNo}${line.drawingVersion === null ? '' : ` V${line.drawingVersion}`}` : '',
    formatDecimal(line.qty, d.decimalPlaces.quantity),
    line.unitName,
    line.requiredDate,
    '',
    '',
    '',
    '',
    '',
  ]);
}

/** `GET /:id/pdf`: the inquiry in the caller's language, with the file name it downloads as. */
export async function printInquiry(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const d = await getInquiry(ctx, id);
  const l = LABELS[ctx.locale];
  const [buyer] = await ctx.tx
    .select({
      printName: enterprises.printName,
      name: enterprises.name,
      address: enterprises.address,
      phone: enterprises.phone,
    })
    .from(enterprises)
    .where(eq(enterprises.id, ctx.tenantId))
    .limit(1);
  const zone = await timeZoneOf(ctx.tx, ctx.tenantId);
  const label = (name: string, value: string) => `${name}${l.colon}${value || NONE}`;
  const deadline = d.quoteDeadline ? `${dateTimeIn(new Date(d.quoteDeadline), zone).slice(0, 16)} (${zone})` : '';
  const buyerName = buyer?.printName || buyer?.name || '';

  const doc = documentLayout();
  const fill: Column = { head: '', fit: 'fill' };
  doc.place(
    textBlock('title', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 16, alignment: 'center' }),
    l.title,
    2,
  );
  doc.place(
    textBlock('subject', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 10, alignment: 'center' }),
    d.title,
    2,
  );
  doc.add(
    table('facts', {
      y: doc.y,
      grid: 'none',
      showHead: false,
      fontSize: 9,
      columns: [fill, fill, fill],
      rows: [
        [label(l.inquiryNo, d.inquiryNo), label(l.round, String(d.round)), label(l.deadline, deadline)],
        [
          label(l.currency, d.currency + (d.taxIncluded ? l.taxIncluded : l.taxExcluded)),
          label(l.paymentTerms, d.paymentTerms),
          label(l.deliveryAddress, d.deliveryAddress),
        ],
      ],
    }),
    2,
  );
  doc.add(
    table('parties', {
      y: doc.y,
      fontSize: 9,
      columns: [
        { head: l.buyer, fit: 'fill' },
        { head: l.supplier, fit: 'fill' },
      ],
      rows: [
        [label(l.name, buyerName), `${l.name}${l.colon}`],
        [label(l.contact, d.ownerName ?? ''), `${l.contact}${l.colon}`],
        [label(l.address, buyer?.address ?? ''), `${l.address}${l.colon}`],
        [label(l.phone, buyer?.phone ?? ''), `${l.phone}${l.colon}`],
      ],
    }),
  );
  doc.place(
    textBlock('instructions', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
    l.instructions,
    2,
  );
  doc.add(
    table('lines', {
      y: doc.y,
      grid: 'full',
      fontSize: 8,
      columns: l.head.map((head, i) => ({ head, ...LINE_COLUMNS[i]! })),
      rows: lineRows(d),
    }),
  );
  if (d.remarks.trim())
    doc.place(
      textBlock('remarks', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
      label(l.remarks, d.remarks.trim()),
      2,
    );
  if (d.attachments.length)
    doc.place(
      textBlock('attachments', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
      label(l.attachments, d.attachments.map((a) => a.name).join('; ')),
      2,
    );
  const signing = {
    buyer: l.buyer,
    supplier: l.supplier,
    stamp: l.stamp,
    signatory: label(l.signatory, '______________________'),
    signDate: label(l.signDate, '______________________'),
  };
  doc.add(signatureTable(doc.y + 2, signing, buyerName, ''));
  const footer = pageFooter(`${l.title} ${d.inquiryNo}`, l.page);
  return { body: await renderPdf(doc.schemas, doc.input, footer), name: `${d.inquiryNo}.pdf` };
}
