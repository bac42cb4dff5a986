import { CONTRACT_STATUS_NAMES, type ContractDetail, type Locale, MASK, roundDecimal } from '@concord/shared';
import { inArray } from 'drizzle-orm';
import { enterprises } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { maskForViewer } from '../../platform/masking.ts';
import {
  CONTENT_WIDTH,
  type Column,
  documentLayout,
  PAGE,
  pageFooter,
  printedDecimal,
  renderPdf,
  signatureTable,
  table,
  textBlock,
} from '../../platform/pdf-document.ts';
import { dayIn } from '../../platform/time.ts';
import { getContract } from './contracts.query.ts';

/**
 * The contract as a PDF (issue 22 scope 5), drawn with the kit of the order PDF: both parties with
 * their addresses, the agreed lines with price breaks, caps and what is ordered so far, the terms, and
 * a signature and stamp block for each party. The detail is masked for the viewer first, so prices
 * read `***` exactly as on screen for a viewer without the price flag.
 */

const LABELS = {
  'en-US': {
    colon: ': ',
    title: 'Purchase Contract',
    contractNo: 'Contract no.',
    kind: 'Kind',
    kinds: { framework: 'Framework price agreement', oneOff: 'One-off contract' },
    validity: 'Valid',
    to: ' to ',
    status: 'Status',
    currency: 'Currency',
    taxIncluded: ' (prices include tax)',
    taxExcluded: ' (prices exclude tax)',
    paymentTerms: 'Payment terms',
    amountCap: 'Amount cap',
    signed: 'Signed by the supplier',
    countersigned: 'Countersigned by the buyer',
    buyer: 'Buyer',
    supplier: 'Supplier',
    name: 'Name',
    address: 'Address',
    phone: 'Tel.',
    head: [
      '#',
      'Material',
      'Name / specification',
      'Unit',
      'Unit price',
      'Tax rate',
      'Price breaks',
      'Qty cap',
      'Ordered',
    ],
    from: 'from',
    noCap: 'none',
    terms: 'Terms',
    signatory: 'Authorised signature',
    signDate: 'Date',
    stamp: 'Company stamp',
    page: 'Page {currentPage} of {totalPages}',
    statuses: {
      draft: 'Draft',
      sent: 'Sent for signature',
      signed: 'Signed by the supplier',
      returned: 'Returned',
      effective: 'Effective',
      expired: 'Expired',
      terminated: 'Terminated',
      cancelled: 'Cancelled',
    },
  },
  'zh-CN': {
    colon: '：',
    title: '采购合同',
    contractNo: '合同编号',
    kind: '类型',
    kinds: { framework: '框架价格协议', oneOff: '单次采购合同' },
    validity: '有效期',
    to: ' 至 ',
    status: '状态',
    currency: '币种',
    taxIncluded: '（含税价）',
    taxExcluded: '（不含税价）',
    paymentTerms: '付款条件',
    amountCap: '金额上限',
    signed: '供应商签署',
    countersigned: '采购方会签',
    buyer: '买方',
    supplier: '卖方',
    name: '名称',
    address: '地址',
    phone: '电话',
    head: ['行号', '物料编码', '名称 / 规格', '单位', '单价', '税率', '阶梯价', '数量上限', '已下单'],
    from: '起',
    noCap: '不限',
    terms: '合同条款',
    signatory: '授权代表签字',
    signDate: '日期',
    stamp: '盖章处',
    page: '第 {currentPage} 页，共 {totalPages} 页',
    statuses: {
      draft: '草稿',
      sent: '待签署',
      signed: '供应商已签署',
      returned: '已退回',
      effective: '已生效',
      expired: '已到期',
      terminated: '已终止',
      cancelled: '已作废',
    },
  },
  'zh-TW': {
    colon: '：',
    title: '採購合約',
    contractNo: '合約編號',
    kind: '類型',
    kinds: { framework: '框架價格協議', oneOff: '單次採購合約' },
    validity: '有效期',
    to: ' 至 ',
    status: '狀態',
    currency: '幣別',
    taxIncluded: '（含稅價）',
    taxExcluded: '（未稅價）',
    paymentTerms: '付款條件',
    amountCap: '金額上限',
    signed: '供應商簽署',
    countersigned: '採購方會簽',
    buyer: '買方',
    supplier: '賣方',
    name: '名稱',
    address: '地址',
    phone: '電話',
    head: ['項次', '物料編碼', '名稱 / 規格', '單位', '單價', '稅率', '階梯價', '數量上限', '已下單'],
    from: '起',
    noCap: '不限',
    terms: '合約條款',
    signatory: '授權代表簽字',
    signDate: '日期',
    stamp: '蓋章處',
    page: '第 {currentPage} 頁，共 {totalPages} 頁',
    statuses: {
      draft: '草稿',
      sent: '待簽署',
      signed: '供應商已簽署',
      returned: '已退回',
      effective: '已生效',
      expired: '已到期',
      terminated: '已終止',
      cancelled: '已作廢',
    },
  },
} as const satisfies Record<Locale, unknown>;

const NONE = '—';
const number = printedDecimal;

/** The codes and figures never wrap; names and the price breaks do. */
const LINE_COLUMNS: Omit<Column, 'head'>[] = [
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 40 },
  { fit: 'fill', limit: 60 },
  { fit: 'words', limit: 20 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
  { fit: 'words', limit: 50 },
  { fit: 'nowrap', align: 'right' },
  { fit: 'nowrap', align: 'right' },
];

/** The contract as the caller sees it, printed in the caller's language, with the file name it downloads as. */
export async function printContract(ctx: RequestContext, id: string): Promise<{ body: Buffer; name: string }> {
  const d: ContractDetail = maskForViewer(await getContract(ctx, id), ctx.auth);
  const l = LABELS[ctx.locale];
  const p = d.decimalPlaces;
  const ids = [d.customerTenantId, ...(d.side === 'supplier' ? [ctx.tenantId] : [])];
  const found = await ctx.tx
    .select({
      id: enterprises.id,
      printName: enterprises.printName,
      name: enterprises.name,
      address: enterprises.address,
      phone: enterprises.phone,
    })
    .from(enterprises)
    .where(inArray(enterprises.id, ids));
  const buyer = found.find((e) => e.id === d.customerTenantId);
  const own = d.side === 'supplier' ? found.find((e) => e.id === ctx.tenantId) : undefined;
  const supplierHidden = d.supName === MASK;
  const label = (name: string, value: string) => `${name}${l.colon}${value || NONE}`;
  const day = (at: string | null) => (at ? dayIn(new Date(at), d.buyerTimeZone) : '');

  const doc = documentLayout();
  const fill: Column = { head: '', fit: 'fill' };

  doc.place(
    textBlock('title', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 16, alignment: 'center' }),
    l.title,
    2,
  );
  if (d.title)
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
        [
          label(l.contractNo, d.contractNo),
          label(l.kind, l.kinds[d.kind]),
          label(l.status, l.statuses[CONTRACT_STATUS_NAMES[d.status]]),
        ],
        [
          label(l.validity, `${d.validFrom}${l.to}${d.validTo}`),
          label(l.currency, d.currency + (d.taxIncluded ? l.taxIncluded : l.taxExcluded)),
          label(l.amountCap, d.amountCap === null ? l.noCap : number(d.amountCap, p.amount)),
        ],
        [
          label(l.paymentTerms, d.paymentTerms),
          label(l.signed, day(d.signedAt)),
          label(l.countersigned, day(d.countersignedAt)),
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
        [
          label(l.name, buyer?.printName || buyer?.name || d.customerName),
          label(l.name, own ? own.printName || own.name : d.supName),
        ],
        [label(l.address, buyer?.address ?? ''), label(l.address, supplierHidden ? MASK : (own?.address ?? ''))],
        [label(l.phone, buyer?.phone ?? ''), label(l.phone, supplierHidden ? MASK : (own?.phone ?? ''))],
      ],
    }),
  );
  doc.add(
    table('lines', {
      y: doc.y,
      grid: 'rows',
      fontSize: 8,
      columns: l.head.map((head, i) => ({ head, ...LINE_COLUMNS[i]! })),
      rows: d.lines.map((line) => [
        String(line.lineNo),
        line.prdtNo,
        [line.prdtName, line.prdtSpc].filter(Boolean).join('\n'),
        line.unitName || line.unitNo,
        number(line.price, p.price),
        `${roundDecimal(line.taxRate, 6)}%`,
        line.priceBreaks
          .map((b) => `≥ ${number(b.minQty, p.quantity)} ${l.from}: ${number(b.price, p.price)}`)
          .join('\n'),
        line.qtyCap === null ? l.noCap : number(line.qtyCap, p.quantity),
        number(line.orderedQty, p.quantity),
      ]),
    }),
  );
  if (d.terms.trim()) {
    doc.place(
      textBlock('terms', { x: PAGE.left, y: doc.y, width: CONTENT_WIDTH }, { fontSize: 8.5, expand: true }),
      label(l.terms, d.terms.trim()),
      2,
    );
  }
  const supplierName = own ? own.printName || own.name : d.supName;
  const signing = {
    buyer: l.buyer,
    supplier: l.supplier,
    stamp: l.stamp,
    signatory: label(l.signatory, '______________________'),
    signDate: label(l.signDate, '______________________'),
  };
  doc.add(signatureTable(doc.y + 2, signing, buyer?.printName || buyer?.name || d.customerName, supplierName));
  const footer = pageFooter(`${l.title} ${d.contractNo}`, l.page);
  return { body: await renderPdf(doc.schemas, doc.input, footer), name: `${d.contractNo}.pdf` };
}
