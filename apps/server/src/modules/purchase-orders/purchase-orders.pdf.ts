import {
  chineseCapitalAmount,
  compareDecimals,
  formatDecimal,
  type Locale,
  MASK,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS_NAMES,
  type PurchaseOrderDetail,
  type PurchaseOrderLine,
  roundDecimal,
  sumTaxed,
} from '@concord/shared';
import type { Schema } from '@pdfme/common';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { enterprises, supplierContacts, suppliers, warehouses } from '../../db/schema.ts';
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
import { getOrder } from './purchase-orders.query.ts';

/**
 * The order as a PDF fit to send to the supplier (issue 6 §8, issue 16 §6): both parties with their
 * contacts and addresses, every line with its amount excluding tax, tax and amount including tax,
 * the totals by tax rate, for zh documents the total in capital numerals (大写金额), the terms and a
 * signature and stamp block for each party. The detail is masked for the viewer before anything is
 * drawn, so a viewer without the price flag gets `***` for every price and amount, exactly like the
 * screen, and one without the supplier flag gets no supplier name, address or contact.
 */

/** Print labels in the caller's language (Noto Sans Hans also carries the Traditional glyphs used here). */
const LABELS = {
  'en-US': {
    colon: ': ',
    aside: (text: string) => ` (${text})`,
    title: 'Purchase Order',
    orderNo: 'Order no.',
    orderDate: 'Order date',
    revision: 'Revision',
    status: 'Status',
    currency: 'Currency',
    taxIncluded: 'prices include tax',
    taxExcluded: 'prices exclude tax',
    paymentTerms: 'Payment terms',
    buyer: 'Buyer',
    supplier: 'Supplier',
    name: 'Name',
    contact: 'Contact',
    phone: 'Tel.',
    deliveryAddress: 'Delivery address',
    address: 'Address',
    head: [
      '#',
      'Material / supplier part',
      'Name / specification',
      'Qty',
      'Unit',
      'Unit price',
      'Amount excl. tax',
      'Tax rate',
      'Tax',
      'Amount incl. tax',
      'Requested',
      'Confirmed',
    ],
    taxHead: ['Tax rate', 'Amount excl. tax', 'Tax', 'Amount incl. tax'],
    total: 'Total',
    inWords: '',
    inFigures: '',
    remarks: 'Remarks',
    terms: 'Terms',
    signatory: 'Authorised signature',
    signDate: 'Date',
    stamp: 'Company stamp',
    page: 'Page {currentPage} of {totalPages}',
    statuses: {
      draft: 'Draft',
      sent: 'Sent',
      partiallyConfirmed: 'Partially confirmed',
      counterProposed: 'Counter-proposed',
      confirmed: 'Confirmed',
      closed: 'Closed',
      cancelled: 'Cancelled',
    },
    proposedLine: 'proposed',
    cancelledLine: 'cancelled',
  },
  'zh-CN': {
    colon: '：',
    aside: (text: string) => `（${text}）`,
    title: '采购订单',
    orderNo: '订单号',
    orderDate: '订单日期',
    revision: '版本',
    status: '状态',
    currency: '币种',
    taxIncluded: '含税价',
    taxExcluded: '不含税价',
    paymentTerms: '付款条件',
    buyer: '买方',
    supplier: '卖方',
    name: '名称',
    contact: '联系人',
    phone: '电话',
    deliveryAddress: '交货地址',
    address: '地址',
    head: [
      '行号',
      '物料编码 / 供应商料号',
      '名称 / 规格',
      '数量',
      '单位',
      '单价',
      '不含税金额',
      '税率',
      '税额',
      '价税合计',
      '需求日期',
      '确认',
    ],
    taxHead: ['税率', '不含税金额', '税额', '价税合计'],
    total: '合计',
    inWords: '价税合计（大写）',
    inFigures: '（小写）',
    remarks: '备注',
    terms: '条款',
    signatory: '授权代表签字',
    signDate: '日期',
    stamp: '盖章处',
    page: '第 {currentPage} 页，共 {totalPages} 页',
    statuses: {
      draft: '草稿',
      sent: '已发送',
      partiallyConfirmed: '部分确认',
      counterProposed: '供应商反馈待处理',
      confirmed: '已确认',
      closed: '已关闭',
      cancelled: '已取消',
    },
    proposedLine: '反馈待处理',
    cancelledLine: '已取消',
  },
  'zh-TW': {
    colon: '：',
    aside: (text: string) => `（${text}）`,
    title: '採購訂單',
    orderNo: '訂單號碼',
    orderDate: '訂單日期',
    revision: '版次',
    status: '狀態',
    currency: '幣別',
    taxIncluded: '含稅價',
    taxExcluded: '未稅價',
    paymentTerms: '付款條件',
    buyer: '買方',
    supplier: '賣方',
    name: '名稱',
    contact: '聯絡人',
    phone: '電話',
    deliveryAddress: '交貨地址',
    address: '地址',
    head: [
      '項次',
      '料號 / 供應商料號',
      '品名 / 規格',
      '數量',
      '單位',
      '單價',
      '未稅金額',
      '稅率',
      '稅額',
      '含稅金額',
      '需求日期',
      '確認',
    ],
    taxHead: ['稅率', '未稅金額', '稅額', '含稅金額'],
    total: '合計',
    inWords: '含稅總額（大寫）',
    inFigures: '（小寫）',
    remarks: '備註',
    terms: '條款',
    signatory: '授權代表簽字',
    signDate: '日期',
    stamp: '蓋章處',
    page: '第 {currentPage} 頁，共 {totalPages} 頁',
    statuses: {
      draft: '草稿',
      sent: '已發送',
      partiallyConfirmed: '部分確認',
      counterProposed: '供應商回覆待處理',
      confirmed: '已確認',
      closed: '已結案',
      cancelled: '已取消',
    },
    proposedLine: '回覆待處理',
    cancelledLine: '已取消',
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

/** Who the order is between, as far as the caller may read it. */
interface Parties {
  buyerName: string;
  buyerContact: string;
  buyerAddress: string;
  deliveryAddress: string;
  supplierName: string;
  supplierContact: string;
  supplierAddress: string;
  terms: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The parties' names, contacts and addresses. The buyer is named by its enterprise's print name, with
 * the enterprise's address and telephone; its contact is the order's owner. The receiving warehouses
 * of the lines (their plant and name), where the goods go, only the buyer can read. The supplier's
 * address and contact come from its archive: the buyer's copy for the buyer, the supplier's own
 * registration data and the contacts both sides keep for the supplier, else its enterprise record.
 */
async function partiesOf(ctx: RequestContext, d: PurchaseOrderDetail, l: Labels): Promise<Parties> {
  const { tx } = ctx;
  const enterprise = (id: string) =>
    tx
      .select({
        printName: enterprises.printName,
        name: enterprises.name,
        contractTerms: enterprises.contractTerms,
        address: enterprises.address,
        phone: enterprises.phone,
      })
      .from(enterprises)
      .where(eq(enterprises.id, id))
      .then((rows) => rows[0]);
  const warehouseIds = [...new Set(d.lines.flatMap((l) => (l.warehouseId ? [l.warehouseId] : [])))];
  const [buyer, own, archive, contact, stores] = await Promise.all([
    enterprise(d.customerTenantId),
    d.side === 'supplier' ? enterprise(ctx.tenantId) : undefined,
    tx
      .select({ archive: suppliers.archive, registration: suppliers.registration })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, d.customerTenantId), eq(suppliers.id, d.supplierId)))
      .then((rows) => rows[0]),
    tx
      .select({ name: supplierContacts.name, mobile: supplierContacts.mobile, email: supplierContacts.email })
      .from(supplierContacts)
      .where(and(eq(supplierContacts.tenantId, d.customerTenantId), eq(supplierContacts.supplierId, d.supplierId)))
      .orderBy(desc(supplierContacts.isPrimary), asc(supplierContacts.createdAt))
      .limit(1)
      .then((rows) => rows[0]),
    d.side === 'buyer' && warehouseIds.length
      ? tx
          .selectDistinct({ plant: warehouses.segmentName, name: warehouses.name })
          .from(warehouses)
          .where(and(eq(warehouses.tenantId, ctx.tenantId), inArray(warehouses.id, warehouseIds)))
          .orderBy(warehouses.segmentName, warehouses.name)
      : [],
  ]);
  const registration = archive?.registration ?? {};
  const descriptive = d.side === 'buyer' ? (archive?.archive ?? {}) : {};
  const field = (key: string) => text(descriptive[key]) || text(registration[key]);
  const supplierHidden = d.supName === MASK;
  const phone = (number: string | undefined) => (number ? `${l.phone}${l.colon}${number}` : '');
  return {
    buyerName: buyer?.printName || buyer?.name || d.customerName,
    buyerContact: joined(d.ownerName, phone(buyer?.phone)),
    buyerAddress: buyer?.address ?? '',
    deliveryAddress: stores.map((s) => joined(s.plant, s.name)).join('; '),
    supplierName: own ? own.printName || own.name : d.supName,
    supplierContact: supplierHidden
      ? MASK
      : joined(contact?.name, contact?.mobile || field('supConnectPhone') || own?.phone, contact?.email),
    supplierAddress: supplierHidden ? MASK : field('businessAddress') || own?.address || '',
    terms: buyer?.contractTerms ?? '',
  };
}

/** The lines not cancelled summed by tax rate, highest rate first, then the order's total. */
function taxSummary(d: PurchaseOrderDetail) {
  const places = d.decimalPlaces.amount;
  const byRate = new Map<string, PurchaseOrderLine[]>();
  for (const line of d.lines) {
    if (line.status === PURCHASE_ORDER_LINE_STATUS.CANCELLED) continue;
    const rate = roundDecimal(line.taxRate, 6);
    byRate.set(rate, [...(byRate.get(rate) ?? []), line]);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => compareDecimals(b, a))
    .map(([rate, lines]) => {
      const sum = sumTaxed(
        lines.map((l) => ({ excl: l.amountExcl, tax: l.taxAmount, incl: l.amountIncl })),
        places,
      );
      return { rate, amountExcl: sum.excl, taxAmount: sum.tax, amountIncl: sum.incl };
    });
}

/** The total in capital numerals for zh documents, when the amount stops at 分. */
function inWords(l: Labels, locale: Locale, currency: string, total: string): string {
  if (!l.inWords || total === MASK || compareDecimals(roundDecimal(total, 2), total) !== 0) return '';
  const words = chineseCapitalAmount(total, locale === 'zh-TW' ? 'traditional' : 'simplified');
  return `${l.inWords}${l.colon}${CURRENCY_WORDS[locale]?.[currency] ?? currency} ${words}`;
}

function lineRows(d: PurchaseOrderDetail, l: Labels): string[][] {
  const p = d.decimalPlaces;
  return d.lines.map((line) => {
    const cancelled = line.status === PURCHASE_ORDER_LINE_STATUS.CANCELLED;
    // A cancelled line is not in the totals, so its amounts are not printed to be added up.
    const amount = (v: string) => (cancelled ? NONE : number(v, p.amount));
    const answer = cancelled
      ? l.cancelledLine
      : line.status === PURCHASE_ORDER_LINE_STATUS.PROPOSED
        ? `${l.proposedLine}\n${number(line.proposedQty, p.quantity)}\n${line.proposedDate ?? ''}`
        : line.confirmedQty !== null
          ? `${number(line.confirmedQty, p.quantity)}\n${line.confirmedDate ?? ''}`
          : '';
    return [
      String(line.lineNo),
      [line.prdtNo, line.supPrdtNo].filter(Boolean).join('\n'),
      [line.prdtName, line.prdtSpc].filter(Boolean).join('\n'),
      number(line.qty, p.quantity),
      line.unitName || line.unitNo,
      number(line.price, p.price),
      amount(line.amountExcl),
      percent(line.taxRate),
      amount(line.taxAmount),
      amount(line.amountIncl),
      line.requestedDate,
      answer.trim(),
    ];
  });
}

/** How each column of `head` is sized: codes wrap at a hyphen past 40 mm, a unit is never cut. */
const LINE_COLUMNS: Omit<Column, 'head'>[] = [
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 40 },
  { fit: 'fill', limit: 50 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 20 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap' },
  { fit: 'nowrap' },
];

/** The order as the caller sees it, printed in the caller's language, with the file name it downloads as. */
export async function printOrder(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const detail = await getOrder(ctx, id);
  const d = maskForViewer(detail, ctx.auth);
  const locale = ctx.locale;
  const l = LABELS[locale];
  const p = d.decimalPlaces;
  const parties = await partiesOf(ctx, d, l);
  const summary = maskForViewer(taxSummary(detail), ctx.auth);

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
    table('order', {
      y,
      grid: 'none',
      showHead: false,
      fontSize: 9,
      columns: [
        { head: '', fit: 'fill' },
        { head: '', fit: 'fill' },
        { head: '', fit: 'fill' },
      ],
      rows: [
        [
          label(l.orderNo, d.orderNo),
          label(l.orderDate, d.orderDate),
          joined(
            label(l.revision, String(d.revision)),
            label(l.status, l.statuses[PURCHASE_ORDER_STATUS_NAMES[d.status]]),
          ),
        ],
        [
          label(l.currency, d.currency + l.aside(d.taxIncluded ? l.taxIncluded : l.taxExcluded)),
          label(l.paymentTerms, d.paymentTerms),
          '',
        ],
      ],
    }),
    2,
  );
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
        [label(l.address, parties.buyerAddress), label(l.address, parties.supplierAddress)],
        // Only the buyer reads its warehouses: the supplier's copy has no delivery row to leave empty.
        ...(d.side === 'buyer' ? [[label(l.deliveryAddress, parties.deliveryAddress), '']] : []),
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
  const totalRow = [
    l.total + l.aside(d.currency),
    number(d.totalAmountExcl, p.amount),
    number(d.totalTaxAmount, p.amount),
    number(d.totalAmountIncl, p.amount),
  ];
  add(
    table('taxes', {
      y,
      width: 'natural',
      fontSize: 8.5,
      columns: l.taxHead.map((head) => ({ head, fit: 'nowrap', align: 'right' })),
      rows: [
        ...summary.map((s) => [
          percent(s.rate),
          number(s.amountExcl, p.amount),
          number(s.taxAmount, p.amount),
          number(s.amountIncl, p.amount),
        ]),
        totalRow,
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
  for (const [name, heading, value] of [
    ['remarks', l.remarks, d.remarks],
    ['terms', l.terms, parties.terms],
  ] as const) {
    if (!value.trim()) continue;
    place(
      textBlock(name, { x: PAGE.left, y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
      label(heading, value.trim()),
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
  const footer = pageFooter(`${l.title} ${d.orderNo}`, l.page);
  return { body: await renderPdf(schemas, input, footer), name: `${d.orderNo}.pdf` };
}
