import { MASK, type PurchaseOrderDetail, type PurchaseOrderOptions } from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../src/db/schema.ts';
import { receiptLines, receipts } from '../src/modules/receipts/receipts.table.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const RECON = '/gateway/srm/reconciliations';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let id: string;
let statementNo: string;

/** The text of every page, as pdfjs (legacy build, for Node) extracts it. */
async function pdfText(body: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

beforeAll(async () => {
  t = await createTestContext();
  // The seeded clerk position has no reconciliation permission; it is granted here so the masking of a
  // position without view-price can be tried on the print.
  const [clerkPosition] = await t.database.db.select().from(positions).where(eq(positions.code, 'PUR-CLK'));
  await t.database.db
    .update(positions)
    .set({ permissions: [...clerkPosition!.permissions, 'PU_BI'] })
    .where(and(eq(positions.tenantId, clerkPosition!.tenantId), eq(positions.id, clerkPosition!.id)));
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  const supplierId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  const buyerTenant = await tenantOf(buyer);
  const supplierTenant = await tenantOf(supplier);
  const created = await buyer.post(ORDERS, {
    supplierId,
    orderDate: '2025-05-02',
    send: true,
    lines: [
      { prdtNo: 'RC-P', prdtName: '对账物料', unitName: 'pcs', qty: '100', price: '1', requestedDate: '2025-05-10' },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const order: PurchaseOrderDetail = (await buyer.get(`${ORDERS}/${created.json().data.id}`)).json().data;
  // Warehoused receipt lines as the receipts module writes them: 10 × 7319.4271 at 13 %, 3 × 1.005 at 6 %.
  const lines = [
    { qty: '10', price: '7319.4271', taxRate: '13', amount: '73194.27', name: '铝合金外壳' },
    { qty: '3', price: '1.005', taxRate: '6', amount: '3.02', name: '散热片' },
  ];
  await inTenantTx(t.database.db, buyerTenant, async (tx) => {
    const receiptId = newId();
    const noteId = newId();
    await tx.insert(receipts).values({
      tenantId: buyerTenant,
      supplierTenantId: supplierTenant,
      id: receiptId,
      receiptNo: 'RK-PRINT-1',
      noteId,
      supplierId,
      receiptDate: '2025-05-06',
      lineCount: lines.length,
    });
    await tx.insert(receiptLines).values(
      lines.map((l, i) => ({
        tenantId: buyerTenant,
        supplierTenantId: supplierTenant,
        id: newId(),
        receiptId,
        lineNo: i + 1,
        noteId,
        noteLineId: newId(),
        orderId: order.id,
        orderLineId: order.lines[0]!.id,
        orderNo: order.orderNo,
        supplierId,
        prdtNo: `RC-P-${i + 1}`,
        prdtName: l.name,
        unitName: 'pcs',
        qty: l.qty,
        price: l.price,
        taxRate: l.taxRate,
        amount: l.amount,
        currency: 'CNY',
        dueDate: '2025-05-06',
        arrivalDate: '2025-05-06',
        receiptDate: '2025-05-06',
      })),
    );
  });
  // Drafted by the clerk, whose data scope is its own statements; the buyer manager sees them too.
  const statement = await clerk.post(RECON, {
    side: 'buyer',
    supplierId,
    periodFrom: '2025-05-01',
    periodTo: '2025-05-31',
  });
  expect(statement.statusCode, statement.body).toBe(200);
  ({ id, statementNo } = statement.json().data);
  expect((await clerk.post(`${RECON}/${id}/actions/send`, {})).statusCode).toBe(200);
  const sent = (await supplier.get(`${RECON}/${id}`)).json().data;
  const answer = await supplier.post(`${RECON}/${id}/actions/answer`, {
    lines: [
      { id: sent.lines[0].id, agree: true },
      { id: sent.lines[1].id, agree: false, reason: '单价不符', price: '1' },
    ],
  });
  expect(answer.statusCode, answer.body).toBe(200);
});
afterAll(() => t.close());

describe('statement PDF', () => {
  it('prints the statement, its lines split by tax, the totals and the capital numerals for both sides', async () => {
    const detail = (await buyer.get(`${RECON}/${id}`)).json().data;
    const res = await buyer.get(`${RECON}/${id}/pdf`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('对账单');
    expect(text).toContain(statementNo);
    expect(text).toContain('RK-PRINT-1');
    expect(text).toContain('7,319.4271');
    for (const head of ['不含税金额', '税额', '价税合计', '13%', '6%']) expect(text).toContain(head);
    // 73194.27 incl. 13 % → 64773.69 + 8420.58; 3.02 incl. 6 % → 2.85 + 0.17.
    expect([detail.totalAmountExcl, detail.totalTaxAmount, detail.totalAmountIncl]).toEqual([
      '64776.54',
      '8420.75',
      '73197.29',
    ]);
    for (const figure of ['64,776.54', '8,420.75', '73,197.29']) expect(text).toContain(figure);
    expect(text).toContain('大写');
    expect(text).toContain('人民币 柒万叁仟壹佰玖拾柒元贰角玖分');
    // The disputed line is marked with its reason.
    expect(text).toContain('有异议');
    expect(text).toContain('单价不符');
    expect(text).toContain('盖章处');
    expect(text).toContain('第 1 页，共 1 页');

    const mine = await supplier.get(`${RECON}/${id}/pdf`, { 'accept-language': 'en-US' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const english = await pdfText(mine.rawPayload);
    expect(english).toContain('Reconciliation Statement');
    expect(english).toContain(statementNo);
    expect(english).toContain('73,197.29');
    expect(english).toContain('Company stamp');
    expect(english).not.toContain('壹');
  });

  it('prints *** and no capital numerals for a viewer without the price flag', async () => {
    const res = await clerk.get(`${RECON}/${id}/pdf`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(statementNo);
    expect(text).toContain(MASK);
    expect(text).not.toContain('大写');
    expect(text).not.toMatch(/7,?319|73,?197|64,?776/);
  });

  it('is not found for another tenant', async () => {
    expect((await supplier2.get(`${RECON}/${id}/pdf`)).statusCode).toBe(404);
  });
});
