import {
  type DeliveryNoteDetail,
  PURCHASE_ORDER_STATUS as PS,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  type ReceiptDetail,
  type ReconciliationDetail,
} from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, cell, createTestContext, login, sheetOf, type TestContext } from './helpers.ts';

/**
 * Issue 16, "must show": one order of 3 × 2.675 and 5 × 1.005 at 13 %, prices including tax, carries
 * the same exact figures (8.03 and 5.03, 13.06 in total, where binary floating point says 8.02 and
 * 5.02) from the order through the supplier's answer, the delivery, the receipt and the reconciliation
 * statement to its Excel export and the order PDF, on both sides. Every step goes through the HTTP API.
 */

const ORDERS = '/gateway/srm/purchase-orders';
const DELIVERIES = '/gateway/srm/delivery-notes';
const RECEIVING = '/gateway/srm/receipts/notes';
const RECEIPTS = '/gateway/srm/receipts';
const RECON = '/gateway/srm/reconciliations';

const today = new Date().toISOString().slice(0, 10);
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Per line [amount, excl, tax, incl]: incl = round(qty × price), excl = round(incl ÷ 1.13), tax = incl − excl. */
const LINES = [
  ['8.03', '7.11', '0.92', '8.03'],
  ['5.03', '4.45', '0.58', '5.03'],
];
/** [amount, excl, tax, incl] of the whole order: sums of the lines. */
const TOTALS = ['13.06', '11.56', '1.5', '13.06'];

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let buyerTenant: string;
let order: PurchaseOrderDetail;
let receiptId: string;
let statementId: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

const orderFigures = (d: PurchaseOrderDetail) => ({
  lines: d.lines.map((l) => [l.qty, l.price, l.taxRate, l.amount, l.amountExcl, l.taxAmount, l.amountIncl]),
  totals: [d.totalAmount, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl],
});
const ORDER_FIGURES = {
  lines: [
    ['3', '2.675', '13', ...LINES[0]!],
    ['5', '1.005', '13', ...LINES[1]!],
  ],
  totals: TOTALS,
};

/** The text items of every page, as pdfjs (legacy build, for Node) extracts them. */
async function pdfItems(body: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const items: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    items.push(...content.items.map((item) => ('str' in item ? item.str : '')));
  }
  await doc.destroy();
  return items;
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  buyerTenant = await tenantOf(buyer);
});
afterAll(() => t.close());

describe('exact money from the order to the statement (issue 16)', () => {
  it('the order: line amounts 8.03 and 5.03, total 13.06, on both sides', async () => {
    const options: PurchaseOrderOptions = await ok(buyer.get(`${ORDERS}/options`));
    const created = await ok<{ id: string }>(
      buyer.post(ORDERS, {
        supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
        currency: 'CNY',
        taxIncluded: true,
        orderDate: today,
        send: true,
        lines: [
          ['3', '2.675'],
          ['5', '1.005'],
        ].map(([qty, price], i) => ({
          prdtNo: `MONEY-${i + 1}`,
          prdtName: `精确金额 Exact money ${i + 1}`,
          unitName: 'pcs',
          qty,
          price,
          taxRate: '13',
          requestedDate: dayAfter(today, 7),
        })),
      }),
    );
    order = await ok(buyer.get(`${ORDERS}/${created.id}`));
    expect(orderFigures(order)).toEqual(ORDER_FIGURES);
    const seen: PurchaseOrderDetail = await ok(supplier.get(`${ORDERS}/${order.id}`));
    expect(seen.side).toBe('supplier');
    expect(orderFigures(seen)).toEqual(ORDER_FIGURES);
  });

  it('the supplier confirms: the figures stand', async () => {
    const confirmed: PurchaseOrderDetail = await ok(
      supplier.post(`${ORDERS}/${order.id}/actions/confirm`, { all: true }),
    );
    expect(confirmed.status).toBe(PS.CONFIRMED);
    expect(orderFigures(confirmed)).toEqual(ORDER_FIGURES);
    expect(orderFigures(await ok(buyer.get(`${ORDERS}/${order.id}`)))).toEqual(ORDER_FIGURES);
  });

  it('the supplier delivers, the buyer receives and warehouses: the receipt has the same figures', async () => {
    const note = await ok<{ id: string }>(
      supplier.post(DELIVERIES, {
        customerTenantId: buyerTenant,
        shipDate: today,
        expectedDate: today,
        send: true,
        lines: order.lines.map((l) => ({ orderLineId: l.id, qty: l.qty })),
      }),
    );
    const delivered: DeliveryNoteDetail = await ok(supplier.get(`${DELIVERIES}/${note.id}`));
    expect(delivered.lines.map((l) => [l.prdtNo, l.qty])).toEqual([
      ['MONEY-1', '3'],
      ['MONEY-2', '5'],
    ]);
    expect(delivered.totalQty).toBe('8');

    await ok(buyer.post(`${RECEIVING}/${note.id}/actions/arrive`, {}));
    const lines: DeliveryNoteDetail = await ok(buyer.get(`${DELIVERIES}/${note.id}`));
    await ok(
      buyer.post(`${RECEIVING}/${note.id}/receive`, {
        lines: lines.lines.map((l) => ({ lineId: l.id, qty: l.qty })),
      }),
    );
    await ok(buyer.post(`${RECEIVING}/${note.id}/actions/accept`, {}));
    receiptId = (await ok<{ receiptId: string }>(buyer.post(`${RECEIVING}/${note.id}/actions/warehouse`, {})))
      .receiptId;
    for (const side of [buyer, supplier]) {
      const d: ReceiptDetail = await ok(side.get(`${RECEIPTS}/${receiptId}`));
      expect(
        d.lines.map((l) => [l.qty, l.price, l.taxRate, l.amount, l.amountExcl, l.taxAmount, l.amountIncl]),
      ).toEqual(ORDER_FIGURES.lines);
      expect([d.totalAmount, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(TOTALS);
      expect(d.totalQty).toBe('8');
    }
  });

  it('the statement drafted over that receipt: the same figures, on both sides once sent', async () => {
    const receipt: ReceiptDetail = await ok(buyer.get(`${RECEIPTS}/${receiptId}`));
    const drafted = await ok<{ id: string }>(
      buyer.post(RECON, {
        side: 'buyer',
        supplierId: order.supplierId,
        periodFrom: receipt.receiptDate,
        periodTo: receipt.receiptDate,
        receiptLineIds: receipt.lines.map((l) => l.id),
      }),
    );
    statementId = drafted.id;
    await ok(buyer.post(`${RECON}/${statementId}/actions/send`, {}));
    for (const side of [buyer, supplier]) {
      const d: ReconciliationDetail = await ok(side.get(`${RECON}/${statementId}`));
      expect(d.currency).toBe('CNY');
      expect(
        d.lines.map((l) => [l.qty, l.price, l.taxRate, l.amount, l.amountExcl, l.taxAmount, l.amountIncl]),
      ).toEqual(ORDER_FIGURES.lines);
      expect(d.lines.every((l) => l.taxIncluded)).toBe(true);
      expect([d.totalAmount, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(TOTALS);
      expect(d.taxTotals).toEqual([{ taxRate: '13', amountExcl: '11.56', taxAmount: '1.5', amountIncl: '13.06' }]);
      expect([d.totalQty, d.differenceAmount]).toEqual(['8', '0']);
    }
  });

  it('the statement export: the same figures as number cells at the statement places', async () => {
    const res = await buyer.get(`${RECON}/${statementId}/export`, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    const ws = await sheetOf(res.rawPayload);
    // H quantity, I price, K rate, L amount, M excl, N tax, O incl; line rows 2–3, the total row 4.
    const figures = (row: number) => ['H', 'I', 'K', 'L', 'M', 'N', 'O'].map((col) => cell(ws, `${col}${row}`).value);
    expect([figures(2), figures(3)]).toEqual([
      [3, 2.675, 13, 8.03, 7.11, 0.92, 8.03],
      [5, 1.005, 13, 5.03, 4.45, 0.58, 5.03],
    ]);
    expect(ws.getCell('A4').value).toBe('Total (CNY)');
    expect(['L', 'M', 'N', 'O'].map((col) => cell(ws, `${col}4`).value)).toEqual([13.06, 11.56, 1.5, 13.06]);
    expect(cell(ws, 'L4').numFmt).toBe('#,##0.00');
    expect(cell(ws, 'I2').numFmt).toBe('#,##0.0000');
  });

  it('the order PDF: the same figures printed at the order places, on both sides', async () => {
    for (const side of [buyer, supplier]) {
      const res = await side.get(`${ORDERS}/${order.id}/pdf`, { 'accept-language': 'en-US' });
      expect(res.statusCode).toBe(200);
      const items = await pdfItems(res.rawPayload);
      // Quantities and prices at the order's places, then per line excl, tax and incl.
      for (const figure of ['3.00', '2.6750', '5.00', '1.0050', '8.03', '7.11', '0.92', '5.03', '4.45', '0.58'])
        expect(items, figure).toContain(figure);
      // Totals: excl 11.56 + tax 1.50 = incl 13.06.
      for (const figure of ['11.56', '1.50', '13.06']) expect(items, figure).toContain(figure);
      expect(items).not.toContain('8.02');
      expect(items).not.toContain('5.02');
    }
  });
});
