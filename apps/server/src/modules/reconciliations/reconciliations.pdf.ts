import {
  chineseCapitalAmount,
  compareDecimals,
  formatDecimal,
  type Locale,
  MASK,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_STATUS_NAMES,
  type ReconciliationDetail,
  roundDecimal,
} from '@concord/shared';
import type { Schema } from '@pdfme/common';
import { and, asc, desc, eq } from 'drizzle-orm';
import { enterprises, supplierContacts } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { maskForViewer } from '../../platform/masking.ts';
import {
  CONTENT_WIDTH,
  type Column,
  PAGE,
  pageFooter,
  renderPdf,
  signatureTable,
  table,
  textBlock,
} from '../../platform/pdf-document.ts';
import { dayIn, timeZoneOf } from '../../platform/time.ts';
import { getStatement } from './reconciliations.query.ts';

/**
 * The statement as a PDF of the same quality as the order's (issue 16 §6), drawn with the same kit:
 * both parties, every receipt line with its amount excluding tax, tax and amount including tax,
 * disputed lines marked with the reason and what the counterpart holds right, the totals by tax
 * rate, for zh documents the total in capital numerals, and a signature and stamp block for each
 * party. The detail is masked for the viewer before anything is drawn, so a viewer without the price
 * flag gets `***` for every price and amount and no capital numerals, exactly like the screen.
 */

/** Print labels in the caller's language (Noto Sans Hans also carries the Traditional glyphs used here). */
const LABELS = {
  'en-US': {
    colon: ': ',
    aside: (text: string) => ` (${text})`,
    title: 'Reconciliation Statement',
    statementNo: 'Statement no.',
    period: 'Period',
    status: 'Status',
    currency: 'Currency',
    buyer: 'Buyer',
    supplier: 'Supplier',
    name: 'Name',
    contact: 'Contact',
    confirmed: 'Confirmed',
    head: [
      '#',
      'Receipt no. / date',
      'Material code / name',
      'Qty',
      'Unit',
      'Unit price',
      'Amount excl. tax',
      'Tax rate',
      'Tax',
      'Amount incl. tax',
      'Dispute',
    ],
    taxHead: ['Tax rate', 'Amount excl. tax', 'Tax', 'Amount incl. tax'],
    total: 'Total',
    inWords: '',
    inFigures: '',
    remarks: 'Remarks',
    signatory: 'Authorised signature',
    signDate: 'Date',
    stamp: 'Company stamp',
    page: 'Page {currentPage} of {totalPages}',
    statuses: {
      draft: 'Draft',
      sent: 'Sent',
      disputed: 'Disputed',
      counterpartConfirmed: 'Confirmed by counterpart',
      confirmed: 'Confirmed',
      cancelled: 'Cancelled',
    },
    disputed: 'Disputed',
    claimedQty: 'Qty held',
    claimedPrice: 'Price held',
  },
  'zh-CN': {
    colon: '：',
    aside: (text: string) => `（${text}）`,
    title: '对账单',
    statementNo: '对账单号',
    period: '对账期间',
    status: '状态',
    currency: '币种',
    buyer: '买方',
    supplier: '卖方',
    name: '名称',
    contact: '联系人',
    confirmed: '确认',
    head: [
      '行号',
      '入库单号 / 日期',
      '物料编码 / 名称',
      '数量',
      '单位',
      '单价',
      '不含税金额',
      '税率',
      '税额',
      '价税合计',
      '异议',
    ],
    taxHead: ['税率', '不含税金额', '税额', '价税合计'],
    total: '合计',
    inWords: '价税合计（大写）',
    inFigures: '（小写）',
    remarks: '备注',
    signatory: '授权代表签字',
    signDate: '日期',
    stamp: '盖章处',
    page: '第 {currentPage} 页，共 {totalPages} 页',
    statuses: {
      draft: '草稿',
      sent: '已发送',
      disputed: '有异议',
      counterpartConfirmed: '对方已确认',
      confirmed: '已确认',
      cancelled: '已取消',
    },
    disputed: '有异议',
    claimedQty: '对方数量',
    claimedPrice: '对方单价',
  },
  'zh-TW': {
    colon: '：',
    aside: (text: string) => `（${text}）`,
    title: '對帳單',
    statementNo: '對帳單號',
    period: '對帳期間',
    status: '狀態',
    currency: '幣別',
    buyer: '買方',
    supplier: '賣方',
    name: '名稱',
    contact: '聯絡人',
    confirmed: '確認',
    head: [
      '項次',
      '入庫單號 / 日期',
      '料號 / 品名',
      '數量',
      '單位',
      '單價',
      '未稅金額',
      '稅率',
      '稅額',
      '含稅金額',
      '異議',
    ],
    taxHead: ['稅率', '未稅金額', '稅額', '含稅金額'],
    total: '合計',
    inWords: '含稅總額（大寫）',
    inFigures: '（小寫）',
    remarks: '備註',
    signatory: '授權代表簽字',
    signDate: '日期',
    stamp: '蓋章處',
    page: '第 {currentPage} 頁，共 {totalPages} 頁',
    statuses: {
      draft: '草稿',
      sent: '已發送',
      disputed: '有異議',
      counterpartConfirmed: '對方已確認',
      confirmed: '已確認',
      cancelled: '已取消',
    },
    disputed: '有異議',
    claimedQty: '對方數量',
    claimedPrice: '對方單價',
  },
} as const satisfies Record<Locale, unknown>;

type Labels = (typeof LABELS)[Locale];

/** The currency named before an amount in capital numerals; other currencies go by their ISO code. */
const CURRENCY_WORDS: Partial<Record<Locale, Record<string, string>>> = {
  'zh-CN': { CNY: '人民币', HKD: '港币', TWD: '新台币', USD: '美元', EUR: '欧元', JPY: '日元' },
  'zh-TW': { CNY: '人民幣', HKD: '港幣', TWD: '新臺幣', USD: '美元', EUR: '歐元', JPY: '日圓' },
};

const NONE = '—';

const number = (v: string | null, places: number) => (v === null ? '' : v === MASK ? MASK : formatDecimal(v, places));

/** "13%": the rate in its shortest form. */
const percent = (rate: string) => `${roundDecimal(rate, 6)}%`;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join('  ');

/** The day of a timestamp in the buyer's zone (the statement's owner), as printed next to who confirmed. */
const day = (at: string | Date | null, zone: string) => (at === null ? '' : dayIn(new Date(at), zone));

/**
 * The parties' names and contacts. The buyer is named by its enterprise's print name and its contact
 * is the statement's owner; the supplier reads its own enterprise's print name, the buyer its archive
 * name (masked without the supplier flag), and the supplier's contact is the primary one both keep.
 */
async function partiesOf(ctx: RequestContext, d: ReconciliationDetail) {
  const { tx } = ctx;
  const enterprise = (id: string) =>
    tx
      .select({ printName: enterprises.printName, name: enterprises.name })
      .from(enterprises)
      .where(eq(enterprises.id, id))
      .then((rows) => rows[0]);
  const [buyer, own, contact] = await Promise.all([
    enterprise(d.customerTenantId),
    d.side === 'supplier' ? enterprise(ctx.tenantId) : undefined,
    tx
      .select({ name: supplierContacts.name, mobile: supplierContacts.mobile, email: supplierContacts.email })
      .from(supplierContacts)
      .where(and(eq(supplierContacts.tenantId, d.customerTenantId), eq(supplierContacts.supplierId, d.supplierId)))
      .orderBy(desc(supplierContacts.isPrimary), asc(supplierContacts.createdAt))
      .limit(1)
      .then((rows) => rows[0]),
  ]);
  const supplierHidden = d.supName === MASK;
  return {
    buyerName: buyer?.printName || buyer?.name || d.customerName,
    buyerContact: d.ownerName ?? '',
    supplierName: own ? own.printName || own.name : d.supName,
    supplierContact: supplierHidden ? MASK : joined(contact?.name, contact?.mobile, contact?.email),
  };
}

/** The total in capital numerals for zh documents, when the amount stops at 分. */
function inWords(l: Labels, locale: Locale, currency: string, total: string): string {
  if (!l.inWords || total === MASK || compareDecimals(roundDecimal(total, 2), total) !== 0) return '';
  const words = chineseCapitalAmount(total, locale === 'zh-TW' ? 'traditional' : 'simplified');
  return `${l.inWords}${l.colon}${CURRENCY_WORDS[locale]?.[currency] ?? currency} ${words}`;
}

function lineRows(d: ReconciliationDetail, l: Labels): string[][] {
  const p = d.decimalPlaces;
  return d.lines.map((line) => {
    // A line still disputed carries the reason and the quantity and price the counterpart holds right.
    const dispute =
      line.status === RECONCILIATION_LINE_STATUS.DISPUTED
        ? [
            l.disputed,
            line.disputeReason,
            line.disputeQty === null ? '' : `${l.claimedQty}${l.colon}${number(line.disputeQty, p.quantity)}`,
            line.disputePrice === null ? '' : `${l.claimedPrice}${l.colon}${number(line.disputePrice, p.price)}`,
          ]
            .filter(Boolean)
            .join('\n')
        : '';
    return [
      String(line.lineNo),
      `${line.receiptNo}\n${line.receiptDate}`,
      [line.prdtNo, line.prdtName].filter(Boolean).join('\n'),
      number(line.qty, p.quantity),
      line.unitName,
      number(line.price, p.price),
      number(line.amountExcl, p.amount),
      percent(line.taxRate),
      number(line.taxAmount, p.amount),
      number(line.amountIncl, p.amount),
      dispute,
    ];
  });
}

/** How each column of `head` is sized: codes wrap at a hyphen past 40 mm, a unit is never cut. */
const LINE_COLUMNS: Omit<Column, 'head'>[] = [
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap' },
  { fit: 'fill', limit: 60 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 20 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'fill', limit: 45 },
];

/** The statement as the caller sees it, printed in the caller's language, with the file name it downloads as. */
export async function printStatement(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const d = maskForViewer(await getStatement(ctx, id), ctx.auth);
  const locale = ctx.locale;
  const l = LABELS[locale];
  const p = d.decimalPlaces;
  const parties = await partiesOf(ctx, d);
  const zone = await timeZoneOf(ctx.tx, d.customerTenantId);

  const schemas: Schema[] = [];
  const input: Record<string, string> = {};
  let y = PAGE.top;
  const place = (schema: Schema, value: string, gap = 3) => {
    schemas.push(schema);
    input[schema.name] = value;
    y += schema.height + gap;
  };
  const add = (built: { schema: Schema; value: string }, gap?: number) => place(built.schema, built.value, gap);

  place(
    textBlock('title', { x: PAGE.left, y, width: CONTENT_WIDTH }, { fontSize: 16, alignment: 'center' }),
    l.title,
    2,
  );
  const label = (name: string, value: string) => `${name}${l.colon}${value || NONE}`;
  add(
    table('statement', {
      y,
      grid: 'none',
      showHead: false,
      fontSize: 9,
      columns: [
        { head: '', fit: 'fill' },
        { head: '', fit: 'fill' },
        { head: '', fit: 'fill' },
        { head: '', fit: 'fill' },
      ],
      rows: [
        [
          label(l.statementNo, d.statementNo),
          label(l.period, `${d.periodFrom} – ${d.periodTo}`),
          label(l.currency, d.currency),
          label(l.status, l.statuses[RECONCILIATION_STATUS_NAMES[d.status]]),
        ],
      ],
    }),
    2,
  );
  const confirmed = (by: string, at: string | Date | null) => label(l.confirmed, joined(by, day(at, zone)));
  add(
    table('parties', {
      y,
      fontSize: 9,
      columns: [
        { head: l.buyer, fit: 'fill' },
        { head: l.supplier, fit: 'fill' },
      ],
      rows: [
        [label(l.name, parties.buyerName), label(l.name, parties.supplierName)],
        [label(l.contact, parties.buyerContact), label(l.contact, parties.supplierContact)],
        [confirmed(d.buyerConfirmedBy, d.buyerConfirmedAt), confirmed(d.supplierConfirmedBy, d.supplierConfirmedAt)],
      ],
    }),
  );
  add(
    table('lines', {
      y,
      grid: 'rows',
      fontSize: 8,
      columns: l.head.map((head, i) => ({ head, ...LINE_COLUMNS[i]! })),
      rows: lineRows(d, l),
    }),
  );
  add(
    table('taxes', {
      y,
      width: 'natural',
      fontSize: 8.5,
      columns: l.taxHead.map((head) => ({ head, fit: 'nowrap', align: 'right' })),
      rows: [
        ...d.taxTotals.map((s) => [
          percent(s.taxRate),
          number(s.amountExcl, p.amount),
          number(s.taxAmount, p.amount),
          number(s.amountIncl, p.amount),
        ]),
        [
          l.total + l.aside(d.currency),
          number(d.totalAmountExcl, p.amount),
          number(d.totalTaxAmount, p.amount),
          number(d.totalAmountIncl, p.amount),
        ],
      ],
    }),
  );
  const words = inWords(l, locale, d.currency, d.totalAmountIncl);
  if (words) {
    place(
      textBlock(
        'inWords',
        { x: PAGE.left, y, width: CONTENT_WIDTH },
        { fontSize: 10, alignment: 'right', expand: true },
      ),
      `${words}    ${l.inFigures}${number(d.totalAmountIncl, p.amount)}`,
    );
  }
  if (d.remark.trim()) {
    place(
      textBlock('remarks', { x: PAGE.left, y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
      label(l.remarks, d.remark.trim()),
      2,
    );
  }
  const signing = {
    buyer: l.buyer,
    supplier: l.supplier,
    stamp: l.stamp,
    signatory: label(l.signatory, '______________________'),
    signDate: label(l.signDate, '______________________'),
  };
  add(signatureTable(y + 2, signing, parties.buyerName, parties.supplierName));
  const footer = pageFooter(`${l.title} ${d.statementNo}`, l.page);
  return { body: await renderPdf(schemas, input, footer), name: `${d.statementNo}.pdf` };
}
