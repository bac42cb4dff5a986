import {
  RECONCILIATION_LINE_STATUS as LS,
  lineAmount,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  type ReconcilableLine,
  type ReconciliationDetail,
  renderText,
  RECONCILIATION_STATUS as S,
} from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, materialCustomers, materials, messages, positions } from '../src/db/schema.ts';
import { receiptLines, receipts } from '../src/modules/receipts/receipts.table.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { seedReconciliations } from '../src/seed/reconciliations.ts';
import { as, type Caller, cell, createTestContext, login, sheetOf, type TestContext, zipPart } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const RECON = '/gateway/srm/reconciliations';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let precisionId: string;
let buyerTenant: string;
let supplierTenant: string;
let order: PurchaseOrderDetail;
let receiptSeq = 0;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

/** Warehoused receipt lines as the receipts module writes them, on one receipt of the given date. */
async function warehouse(
  date: string,
  lines: { qty: string; price: string; taxRate?: string; currency?: string; prdtName?: string }[],
  partner = { supplierId: '', tenantId: '' },
  from: PurchaseOrderDetail = order,
): Promise<string[]> {
  const supplierId = partner.supplierId || precisionId;
  const supplierTenantId = partner.tenantId || supplierTenant;
  const ids = lines.map(() => newId());
  await inTenantTx(t.database.db, buyerTenant, async (tx) => {
    const receiptId = newId();
    const noteId = newId();
    receiptSeq++;
    await tx.insert(receipts).values({
      tenantId: buyerTenant,
      supplierTenantId,
      id: receiptId,
      receiptNo: `RK-TEST-${receiptSeq}`,
      noteId,
      supplierId,
      receiptDate: date,
      lineCount: lines.length,
    });
    await tx.insert(receiptLines).values(
      lines.map((l, i) => ({
        tenantId: buyerTenant,
        supplierTenantId,
        id: ids[i]!,
        receiptId,
        lineNo: i + 1,
        noteId,
        noteLineId: newId(),
        orderId: from.id,
        orderLineId: from.lines[0]!.id,
        orderNo: from.orderNo,
        supplierId,
        prdtNo: `RC-${receiptSeq}-${i + 1}`,
        prdtName: l.prdtName ?? `对账物料 Material ${i + 1}`,
        unitName: 'pcs',
        qty: l.qty,
        price: l.price,
        taxRate: l.taxRate ?? '13',
        amount: lineAmount(l.qty, l.price, 2),
        currency: l.currency ?? 'CNY',
        dueDate: date,
        arrivalDate: date,
        receiptDate: date,
      })),
    );
  });
  return ids;
}

async function detail(c: Caller, id: string): Promise<ReconciliationDetail> {
  const res = await c.get(`${RECON}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function create(c: Caller, body: unknown, headers?: Record<string, string>) {
  const res = await c.post(RECON, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; statementNo: string; status: number; version: number };
}

const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${RECON}/${id}/actions/${action}`, body);

async function actOk(c: Caller, id: string, action: string, body: unknown = {}): Promise<ReconciliationDetail> {
  const res = await act(c, id, action, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let options: PurchaseOrderOptions;
let march: string[];
let marchId: string;
let april: string[];

beforeAll(async () => {
  t = await createTestContext();
  // The seeded clerk position follows orders and plans only; reconciliation is granted here so the
  // masking of a position without view-price can be tried on statements.
  const [clerkPosition] = await t.database.db.select().from(positions).where(eq(positions.code, 'PUR-CLK'));
  await t.database.db
    .update(positions)
    .set({ permissions: [...clerkPosition!.permissions, 'PU_BI'] })
    .where(and(eq(positions.tenantId, clerkPosition!.tenantId), eq(positions.id, clerkPosition!.id)));
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  options = (await buyer.get(`${ORDERS}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  buyerTenant = await tenantOf(buyer);
  supplierTenant = await tenantOf(supplier);
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2025-02-20',
    send: true,
    lines: [
      {
        prdtNo: 'RC-1',
        prdtName: '对账物料',
        unitName: 'pcs',
        qty: '1000',
        price: '7319.4271',
        requestedDate: '2025-03-10',
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  order = (await buyer.get(`${ORDERS}/${res.json().data.id}`)).json().data;
  march = await warehouse('2025-03-05', [
    { qty: '10', price: '7319.4271' },
    { qty: '3', price: '1.005' },
    { qty: '2.5', price: '0.3333' },
  ]);
  april = await warehouse('2025-04-02', [
    { qty: '4', price: '12.5' },
    { qty: '6', price: '20' },
  ]);
});
afterAll(() => t.close());

const period = { periodFrom: '2025-03-01', periodTo: '2025-03-31' };

describe('a statement drafted by the buyer', () => {
  let id: string;

  it('offers the warehoused lines of the period on both sides', async () => {
    const res = await buyer.post(`${RECON}/reconcilable-lines/list`, {
      side: 'buyer',
      supplierId: precisionId,
      ...period,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines: ReconcilableLine[] = res.json().data;
    expect(lines.map((l) => l.id)).toEqual(march);
    const mine = await supplier.post(`${RECON}/reconcilable-lines/list`, {
      side: 'supplier',
      customerTenantId: buyerTenant,
      ...period,
    });
    expect(mine.json().data.map((l: ReconcilableLine) => l.id)).toEqual(march);
    const other = await supplier2.post(`${RECON}/reconcilable-lines/list`, {
      side: 'supplier',
      customerTenantId: buyerTenant,
      ...period,
    });
    expect(other.json().data).toEqual([]);
    const partners = (await supplier.get(`${RECON}/partners?side=supplier`)).json().data;
    expect(partners.map((p: { id: string }) => p.id)).toContain(buyerTenant);
  });

  it('drafts once per Idempotency-Key with prices of the receipt lines and totals rounded by the decimal places', async () => {
    const body = { side: 'buyer', supplierId: precisionId, ...period, remark: '三月对账' };
    const first = await create(buyer, body, { 'idempotency-key': 'rc-1' });
    const again = await create(buyer, body, { 'idempotency-key': 'rc-1' });
    expect(again.id).toBe(first.id);
    expect(first.statementNo).toMatch(/^RC\d{10}$/);
    expect(first.status).toBe(S.DRAFT);
    id = first.id;
    marchId = id;
    const d = await detail(buyer, id);
    expect(d.role).toBe('drafter');
    expect(d.actions).toEqual(['send', 'cancel']);
    expect(d.decimalPlaces).toEqual({ quantity: 2, price: 4, amount: 2 });
    // 10 × 7319.4271 = 73194.271 → 73194.27; 3 × 1.005 = 3.015 → 3.02 (a binary float would say 3.01);
    // 2.5 × 0.3333 = 0.83325 → 0.83.
    expect(d.lines.map((l) => [l.qty, l.price, l.amount])).toEqual([
      ['10', '7319.4271', '73194.27'],
      ['3', '1.005', '3.02'],
      ['2.5', '0.3333', '0.83'],
    ]);
    expect([d.lineCount, d.totalQty, d.totalAmount, d.differenceAmount]).toEqual([3, '15.5', '73198.12', '0']);
    // The order's prices include 13 % tax: excl = round(amount ÷ 1.13), tax = amount − excl, per line
    // and in total (sums of the lines).
    expect(d.lines.map((l) => [l.taxIncluded, l.taxRate, l.amountExcl, l.taxAmount, l.amountIncl])).toEqual([
      [true, '13', '64773.69', '8420.58', '73194.27'],
      [true, '13', '2.67', '0.35', '3.02'],
      [true, '13', '0.73', '0.1', '0.83'],
    ]);
    expect([d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(['64777.09', '8421.03', '73198.12']);
    expect(d.taxTotals).toEqual([
      { taxRate: '13', amountExcl: '64777.09', taxAmount: '8421.03', amountIncl: '73198.12' },
    ]);
  });

  it('hides a draft from the other side and from foreign tenants (404)', async () => {
    expect((await supplier.get(`${RECON}/${id}`)).statusCode).toBe(404);
    expect((await supplier2.get(`${RECON}/${id}`)).statusCode).toBe(404);
    expect((await act(supplier2, id, 'answer', { lines: [] })).statusCode).toBe(404);
  });

  it('never puts one receipt line on two statements (409) and no longer offers claimed lines', async () => {
    const res = await buyer.post(RECON, {
      side: 'buyer',
      supplierId: precisionId,
      ...period,
      receiptLineIds: [march[0]],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errorCode).toBe('RECONCILIATION_LINES_TAKEN');
    const whole = await supplier.post(RECON, { side: 'supplier', customerTenantId: buyerTenant, ...period });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().errorCode).toBe('RECONCILIATION_NOTHING_TO_RECONCILE');
    const left = await buyer.post(`${RECON}/reconcilable-lines/list`, {
      side: 'buyer',
      supplierId: precisionId,
      ...period,
    });
    expect(left.json().data).toEqual([]);
  });

  it('lets only the declared role act (T-03)', async () => {
    const answer = await act(buyer, id, 'answer', { lines: [{ id: march[0], agree: true }] });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().errorCode).toBe('RECONCILIATION_WRONG_ROLE');
    const sent = await actOk(buyer, id, 'send');
    expect(sent.status).toBe(S.SENT);
    expect(sent.sentAt).not.toBeNull();
    expect((await act(buyer, id, 'confirm')).statusCode).toBe(403);
    expect((await act(buyer, id, 'send')).statusCode).toBe(409);
    const mine = await detail(supplier, id);
    expect(mine.role).toBe('counterpart');
    expect(mine.actions).toEqual(['answer', 'confirm']);
    // The supplier cannot write the buyer's figures: an edit is the drafter's.
    const edit = await supplier.put(`${RECON}/${id}`, { version: mine.version, remark: 'changed' });
    expect(edit.statusCode).toBe(403);
    const notes = await inTenantTx(t.database.db, supplierTenant, (tx) =>
      tx.select().from(messages).where(eq(messages.tenantId, supplierTenant)),
    );
    expect(notes.map((m) => renderText(m.title, 'zh-CN'))).toContainEqual(
      expect.stringMatching(new RegExp(`发送了对账单 ${sent.statementNo}$`)),
    );
    expect(notes.map((m) => renderText(m.title, 'en-US'))).toContainEqual(
      expect.stringMatching(new RegExp(`sent reconciliation statement ${sent.statementNo}$`)),
    );
  });

  it('takes disputed figures as decimal strings within the statement places, else a 400 naming the field', async () => {
    const d = await detail(supplier, id);
    const [l1, l2] = d.lines;
    const answer = (line: Record<string, unknown>) =>
      act(supplier, id, 'answer', {
        lines: [
          { id: l1!.id, agree: true },
          { id: l2!.id, agree: false, reason: '单价不符', ...line },
        ],
      });
    for (const field of ['qty', 'price']) {
      const number = await answer({ [field]: 1 });
      expect(number.statusCode, field).toBe(400);
      expect(number.json().errorCode).toBe('VALIDATION_FAILED');
      expect(number.json().data.map((e: { path: string }) => e.path)).toEqual([`lines.1.${field}`]);
    }
    // The statement's places: quantity 2, price 4.
    for (const [line, path, places] of [
      [{ price: '0.98005' }, 'lines.1.price', 4],
      [{ qty: '2.125' }, 'lines.1.qty', 2],
    ] as const) {
      const res = await answer(line);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
      expect(res.json().data.map((e: { path: string; places: number }) => [e.path, e.places])).toEqual([
        [path, places],
      ]);
    }
    const after = await detail(supplier, id);
    expect([after.status, after.version]).toEqual([d.status, d.version]);
    expect(after.lines.map((l) => [l.status, l.disputeQty, l.disputePrice])).toEqual(
      d.lines.map((l) => [l.status, l.disputeQty, l.disputePrice]),
    );
  });

  it('takes a dispute only with a reason and keeps the proposal and the difference', async () => {
    const d = await detail(supplier, id);
    const [l1, l2, l3] = d.lines;
    const noReason = await act(supplier, id, 'answer', { lines: [{ id: l2!.id, agree: false, price: '1' }] });
    expect(noReason.statusCode).toBe(400);
    const answered = await actOk(supplier, id, 'answer', {
      lines: [
        { id: l1!.id, agree: true },
        { id: l2!.id, agree: false, reason: '单价应为 0.98', price: '0.98' },
        { id: l3!.id, agree: false, reason: '实收 2 件', qty: '2' },
      ],
    });
    expect(answered.status).toBe(S.DISPUTED);
    const [a1, a2, a3] = answered.lines;
    expect(a1!.status).toBe(LS.AGREED);
    // 3 × 0.98 = 2.94 against 3.02; 2 × 0.3333 = 0.67 against 0.83.
    expect([a2!.status, a2!.disputeReason, a2!.disputeQty, a2!.disputePrice, a2!.differenceAmount]).toEqual([
      LS.DISPUTED,
      '单价应为 0.98',
      '3',
      '0.98',
      '-0.08',
    ]);
    expect([a3!.disputeQty, a3!.disputePrice, a3!.differenceAmount]).toEqual(['2', '0.3333', '-0.16']);
    expect(answered.differenceAmount).toBe('-0.24');
    // The disputed statement is back with the buyer: confirming now is a changed state.
    expect((await act(supplier, id, 'confirm')).statusCode).toBe(409);
    const buyerView = await detail(buyer, id);
    expect(buyerView.actions).toEqual(['send', 'cancel']);
  });

  it('lets the drafter accept a proposal (amounts recomputed, dispute kept) and resend', async () => {
    const d = await detail(buyer, id);
    const stale = await buyer.put(`${RECON}/${id}`, { version: d.version - 1, acceptLineIds: [d.lines[1]!.id] });
    expect(stale.statusCode).toBe(409);
    const notDisputed = await buyer.put(`${RECON}/${id}`, { version: d.version, acceptLineIds: [d.lines[0]!.id] });
    expect(notDisputed.statusCode).toBe(409);
    expect(notDisputed.json().errorCode).toBe('RECONCILIATION_LINE_NOT_DISPUTED');
    const res = await buyer.put(`${RECON}/${id}`, { version: d.version, acceptLineIds: [d.lines[1]!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const edited: ReconciliationDetail = res.json().data;
    const l2 = edited.lines[1]!;
    expect([l2.status, l2.price, l2.amount, l2.disputeReason, l2.differenceAmount]).toEqual([
      LS.OPEN,
      '0.98',
      '2.94',
      '单价应为 0.98',
      '-0.08',
    ]);
    expect(edited.totalAmount).toBe('73198.04');
    expect(edited.differenceAmount).toBe('-0.16');
    const resent = await actOk(buyer, id, 'send');
    expect(resent.status).toBe(S.SENT);
    expect(resent.lines.map((l) => l.status)).toEqual([LS.AGREED, LS.OPEN, LS.OPEN]);
    expect(resent.lines[2]!.disputeReason).toBe('实收 2 件');
    expect(resent.differenceAmount).toBe('0');
  });

  it('confirms once under concurrency (R-03) and finalizes with both confirmations kept', async () => {
    const d = await detail(supplier, id);
    await actOk(supplier, id, 'answer', { lines: d.lines.map((l) => ({ id: l.id, agree: true })) });
    const results = await Promise.all([act(supplier, id, 'confirm'), act(supplier, id, 'confirm')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const confirmed = await detail(buyer, id);
    expect(confirmed.status).toBe(S.COUNTERPART_CONFIRMED);
    expect(confirmed.supplierConfirmedBy).not.toBe('');
    expect(confirmed.actions).toEqual(['finalize']);
    expect((await act(supplier, id, 'finalize')).statusCode).toBe(403);
    const done = await actOk(buyer, id, 'finalize');
    expect(done.status).toBe(S.CONFIRMED);
    expect(done.buyerConfirmedAt).not.toBeNull();
    expect(done.supplierConfirmedAt).not.toBeNull();
    expect(done.buyerConfirmedBy).not.toBe('');
    expect(done.actions).toEqual([]);
    expect((await act(buyer, id, 'cancel')).statusCode).toBe(409);
    const sides = new Set(done.history.map((h) => h.side));
    expect(sides).toEqual(new Set(['buyer', 'supplier']));
    expect(done.history.some((h) => h.summary.includes('单价应为 0.98'))).toBe(true);
  });

  it('lists statements per side with filters', async () => {
    const d = await detail(buyer, id);
    const mine = (await buyer.post(`${RECON}/list`, { filter: { side: 'buyer', statementNo: d.statementNo } })).json()
      .data;
    expect(mine.dataList.map((s: { id: string }) => s.id)).toEqual([id]);
    const theirs = (
      await supplier.post(`${RECON}/list`, {
        filter: { side: 'supplier', statuses: [S.CONFIRMED], periodFrom: '2025-03-15', periodTo: '2025-03-20' },
      })
    ).json().data;
    expect(theirs.dataList.map((s: { id: string }) => s.id)).toContain(id);
    const none = (await supplier2.post(`${RECON}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(none.dataList.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await clerk.post(`${RECON}/list`, { filter: { side: 'supplier' } })).statusCode).toBe(403);
  });

  it('exports the statement to Excel', async () => {
    const res = await buyer.get(`${RECON}/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = await sheetOf(res.rawPayload);
    // Figures are numbers at the statement's places, so a spreadsheet sums them; dates are dates.
    expect(cell(ws, 'I2')).toEqual({ value: 7319.4271, numFmt: '#,##0.0000' });
    expect(cell(ws, 'L2')).toEqual({ value: 73194.27, numFmt: '#,##0.00' });
    expect([cell(ws, 'M2'), cell(ws, 'N2'), cell(ws, 'O2')].map((c) => c.value)).toEqual([64773.69, 8420.58, 73194.27]);
    expect(cell(ws, 'H2')).toEqual({ value: 10, numFmt: '#,##0.00' });
    expect(cell(ws, 'K2')).toEqual({ value: 13, numFmt: '#,##0.00' });
    expect(ws.getCell('C2').value).toEqual(new Date(Date.UTC(2025, 2, 5)));
    expect(ws.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('Q3').value).toBe('单价应为 0.98');
    expect(ws.getCell('A5').value).toBe('Total (CNY)');
    expect([cell(ws, 'L5'), cell(ws, 'M5'), cell(ws, 'N5'), cell(ws, 'O5')].map((c) => c.value)).toEqual([
      73198.04, 64777.02, 8421.02, 73198.04,
    ]);
  });

  it('exports the invoice lines of the confirmed statement for the seller, with its own names where it keeps them', async () => {
    // Shenzhen Precision's relation for line 1's material (with its own archive entry), none for the others.
    await inTenantTx(t.database.db, supplierTenant, async (tx) => {
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.tenantId, supplierTenant), eq(customers.customerTenantId, buyerTenant)));
      await tx.insert(materialCustomers).values({
        tenantId: supplierTenant,
        id: newId(),
        customerId: customer!.id,
        custPrdtCode: 'RC-1-1',
        custPrdtName: '对账物料 Material 1',
        prdtNo: 'SZP-RC-001',
        prdtName: '精密铝件 Precision part',
        taxCode: '1080413990000000000',
        taxName: '*金属制品*铝制品',
      });
      await tx.insert(materials).values({
        tenantId: supplierTenant,
        id: newId(),
        prdtNo: 'SZP-RC-001',
        prdtName: '精密铝件 Precision part',
        prdtSpc: '6063-T5 120mm',
        poUnitNo: 'PCS',
        poUnitName: '件',
        valuationUnitNo: 'PCS',
        valuationUnitName: '件',
      });
    });
    const res = await supplier.get(`${RECON}/${id}/invoice/export`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = await sheetOf(res.rawPayload);
    const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual([
      '行号',
      '物料编码',
      '货物或应税劳务、服务名称',
      '规格型号',
      '单位',
      '税收分类编码',
      '税收分类名称',
      '数量',
      '单价（不含税）',
      '金额（不含税）',
      '税率%',
      '税额',
      '价税合计',
      '客户物料编码',
    ]);
    // Tax-included prices: the unit price excluding tax is price ÷ 1.13 at up to 8 places.
    expect(row(2)).toEqual([
      1,
      'SZP-RC-001',
      '精密铝件 Precision part',
      '6063-T5 120mm',
      '件',
      '1080413990000000000',
      '*金属制品*铝制品',
      10,
      6477.36911504,
      64773.69,
      13,
      8420.58,
      73194.27,
      'RC-1-1',
    ]);
    // No relation: the buyer's names, no tax classification.
    expect(row(3)).toEqual([
      2,
      'RC-1-2',
      '对账物料 Material 2',
      undefined,
      'pcs',
      undefined,
      undefined,
      3,
      0.86725664,
      2.6,
      13,
      0.34,
      2.94,
      'RC-1-2',
    ]);
    expect(row(4).slice(7, 13)).toEqual([2.5, 0.29495575, 0.73, 13, 0.1, 0.83]);
    expect(row(5)).toEqual([
      '合计 (CNY)',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      64777.02,
      undefined,
      8421.02,
      73198.04,
    ]);
    expect(cell(ws, 'H2').numFmt).toBe('#,##0.00');
    expect(cell(ws, 'I2').numFmt).toBe('#,##0.0000####');
    expect(cell(ws, 'J2').numFmt).toBe('#,##0.00');
    // Only the supplier issues the invoice: the buyer gets not found.
    expect((await buyer.get(`${RECON}/${id}/invoice/export`)).statusCode).toBe(404);
  });
});

describe('a statement drafted by the supplier', () => {
  let id: string;

  it('drafts a buyer-owned statement the buyer sees only once sent', async () => {
    const created = await create(supplier, {
      side: 'supplier',
      customerTenantId: buyerTenant,
      periodFrom: '2025-04-01',
      periodTo: '2025-04-30',
      receiptLineIds: [april[0]],
    });
    id = created.id;
    const d = await detail(supplier, id);
    expect([d.draftedBy, d.role, d.totalAmount, d.lineCount]).toEqual(['supplier', 'drafter', '50', 1]);
    expect((await buyer.get(`${RECON}/${id}`)).statusCode).toBe(404);
    const left = (
      await supplier.post(`${RECON}/reconcilable-lines/list`, {
        side: 'supplier',
        customerTenantId: buyerTenant,
        periodFrom: '2025-04-01',
        periodTo: '2025-04-30',
      })
    ).json().data;
    expect(left.map((l: ReconcilableLine) => l.id)).toEqual([april[1]]);
  });

  it('runs send → buyer answers → buyer confirms → supplier finalizes', async () => {
    await actOk(supplier, id, 'send');
    const b = await detail(buyer, id);
    expect([b.role, b.actions]).toEqual(['counterpart', ['answer', 'confirm']]);
    expect((await act(supplier, id, 'answer', { lines: [{ id: b.lines[0]!.id, agree: true }] })).statusCode).toBe(403);
    await actOk(buyer, id, 'answer', { lines: [{ id: b.lines[0]!.id, agree: true }] });
    const confirmed = await actOk(buyer, id, 'confirm');
    expect(confirmed.status).toBe(S.COUNTERPART_CONFIRMED);
    expect(confirmed.buyerConfirmedBy).not.toBe('');
    const done = await actOk(supplier, id, 'finalize');
    expect(done.status).toBe(S.CONFIRMED);
    expect(done.supplierConfirmedAt).not.toBeNull();
  });

  it('cancels a draft and gives its receipt lines back', async () => {
    const created = await create(supplier, {
      side: 'supplier',
      customerTenantId: buyerTenant,
      periodFrom: '2025-04-01',
      periodTo: '2025-04-30',
    });
    const d = await detail(supplier, created.id);
    expect(d.lines.map((l) => l.receiptLineId)).toEqual([april[1]]);
    await actOk(supplier, created.id, 'cancel');
    const back = (
      await buyer.post(`${RECON}/reconcilable-lines/list`, {
        side: 'buyer',
        supplierId: precisionId,
        periodFrom: '2025-04-01',
        periodTo: '2025-04-30',
      })
    ).json().data;
    expect(back.map((l: ReconcilableLine) => l.id)).toEqual([april[1]]);
  });
});

describe('tax, currency and formulas', () => {
  it('splits the lines of tax-excluded prices by the same rule, in total and per rate', async () => {
    const res = await buyer.post(ORDERS, {
      supplierId: precisionId,
      orderDate: '2025-06-20',
      taxIncluded: false,
      send: true,
      lines: [
        {
          prdtNo: 'RC-X',
          prdtName: '未税物料',
          unitName: 'pcs',
          qty: '100',
          price: '2.675',
          requestedDate: '2025-07-10',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const excluded: PurchaseOrderDetail = (await buyer.get(`${ORDERS}/${res.json().data.id}`)).json().data;
    await warehouse(
      '2025-07-03',
      [
        { qty: '3', price: '2.675' },
        { qty: '5', price: '1.005' },
        { qty: '4', price: '12.5', taxRate: '6', prdtName: '=HYPERLINK("http://evil.example","x")' },
      ],
      undefined,
      excluded,
    );
    const created = await create(buyer, {
      side: 'buyer',
      supplierId: precisionId,
      periodFrom: '2025-07-01',
      periodTo: '2025-07-31',
    });
    const d = await detail(buyer, created.id);
    // excl = round(qty × price), tax = round(excl × rate), incl = excl + tax: 3 × 2.675 = 8.03, 5 × 1.005 = 5.03.
    expect(d.lines.map((l) => [l.taxIncluded, l.amount, l.amountExcl, l.taxAmount, l.amountIncl])).toEqual([
      [false, '8.03', '8.03', '1.04', '9.07'],
      [false, '5.03', '5.03', '0.65', '5.68'],
      [false, '50', '50', '3', '53'],
    ]);
    expect([d.totalAmount, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual([
      '63.06',
      '63.06',
      '4.69',
      '67.75',
    ]);
    expect(d.taxTotals).toEqual([
      { taxRate: '6', amountExcl: '50', taxAmount: '3', amountIncl: '53' },
      { taxRate: '13', amountExcl: '13.06', taxAmount: '1.69', amountIncl: '14.75' },
    ]);
    // A text a spreadsheet would run as a formula stays text, quote-prefixed.
    const file = await buyer.get(`${RECON}/${created.id}/export`);
    const ws = await sheetOf(file.rawPayload);
    expect(ws.getCell('F4').value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(ws.getCell('F4').type).toBe(ExcelJS.ValueType.String);
    expect(zipPart(file.rawPayload, 'xl/worksheets/sheet1.xml')).toMatch(/<c r="F4" s="2" t="inlineStr">/);
    expect([ws.getCell('M5').value, ws.getCell('N5').value, ws.getCell('O5').value]).toEqual([63.06, 4.69, 67.75]);
    // No invoice before the statement is confirmed, on either side.
    await actOk(buyer, created.id, 'send');
    // The supplier reads the same split: the order's flag reaches it through its side of the rows.
    const theirs = await detail(supplier, created.id);
    expect(theirs.lines.map((l) => [l.taxIncluded, l.amountExcl, l.taxAmount, l.amountIncl])).toEqual(
      d.lines.map((l) => [l.taxIncluded, l.amountExcl, l.taxAmount, l.amountIncl]),
    );
    expect(theirs.taxTotals).toEqual(d.taxTotals);
    const early = await supplier.get(`${RECON}/${created.id}/invoice/export`);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('RECONCILIATION_NOT_CONFIRMED');
    expect((await buyer.get(`${RECON}/${created.id}/invoice/export`)).statusCode).toBe(404);
    expect((await supplier2.get(`${RECON}/${created.id}/invoice/export`)).statusCode).toBe(404);
  });

  it('refuses a statement over receipt lines of two currencies and changes nothing', async () => {
    const ids = await warehouse('2025-08-05', [
      { qty: '1', price: '10' },
      { qty: '2', price: '10', currency: 'USD' },
    ]);
    const august = { side: 'buyer', supplierId: precisionId, periodFrom: '2025-08-01', periodTo: '2025-08-31' };
    const before = (await buyer.post(`${RECON}/list`, { filter: { side: 'buyer' } })).json().data.totalCount;
    const res = await buyer.post(RECON, august, { 'accept-language': 'zh-CN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('RECONCILIATION_MIXED_CURRENCIES');
    expect(res.json().msg).toBe('一张对账单只能有一种币种，所选入库明细包含 CNY, USD，请只选择同一币种的明细');
    const en = await supplier.post(RECON, {
      side: 'supplier',
      customerTenantId: buyerTenant,
      periodFrom: august.periodFrom,
      periodTo: august.periodTo,
      receiptLineIds: ids,
    });
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toContain('CNY, USD');
    const open = (await buyer.post(`${RECON}/reconcilable-lines/list`, august)).json().data;
    expect(open.map((l: ReconcilableLine) => [l.id, l.currency])).toEqual([
      [ids[0], 'CNY'],
      [ids[1], 'USD'],
    ]);
    expect((await buyer.post(`${RECON}/list`, { filter: { side: 'buyer' } })).json().data.totalCount).toBe(before);
    // One currency at a time is a statement.
    const usd = await create(buyer, { ...august, receiptLineIds: [ids[1]] });
    expect((await detail(buyer, usd.id)).currency).toBe('USD');
    const cny = await create(buyer, { ...august, receiptLineIds: [ids[0]] });
    expect((await detail(buyer, cny.id)).currency).toBe('CNY');
  });
});

describe('a position without view-price and with own documents only', () => {
  it('sees its own statements with every price and amount masked, in the detail and the export', async () => {
    const lines = await warehouse('2025-05-06', [{ qty: '7', price: '7319.4271' }]);
    const created = await create(clerk, {
      side: 'buyer',
      supplierId: precisionId,
      periodFrom: '2025-05-01',
      periodTo: '2025-05-31',
      receiptLineIds: lines,
    });
    const d = await detail(clerk, created.id);
    expect([d.totalAmount, d.lines[0]!.price, d.lines[0]!.amount, d.lines[0]!.qty]).toEqual(['***', '***', '***', '7']);
    const l = d.lines[0]!;
    expect([l.amountExcl, l.taxAmount, l.amountIncl, l.taxRate]).toEqual(['***', '***', '***', '13']);
    expect([d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(['***', '***', '***']);
    expect(d.taxTotals).toEqual([{ taxRate: '13', amountExcl: '***', taxAmount: '***', amountIncl: '***' }]);
    expect(JSON.stringify(d)).not.toContain('7319.4271');
    // Own documents: those it drafted, and those its suppliers drafted (it owns their archive rows);
    // never the statement the administrator drafted.
    const list = (await clerk.post(`${RECON}/list`, { filter: { side: 'buyer' } })).json().data;
    const ids = list.dataList.map((s: { id: string }) => s.id);
    expect(ids).toContain(created.id);
    expect(ids).not.toContain(marchId);
    expect(list.dataList.every((s: { draftedBy: string; totalAmount: string }) => s.totalAmount === '***')).toBe(true);
    expect((await clerk.get(`${RECON}/${marchId}`)).statusCode).toBe(404);
    const file = await clerk.get(`${RECON}/${created.id}/export`);
    expect(file.statusCode).toBe(200);
    const ws = await sheetOf(file.rawPayload);
    expect(['H2', 'I2', 'L2', 'M2', 'N2', 'O2'].map((ref) => ws.getCell(ref).value)).toEqual([
      7,
      '***',
      '***',
      '***',
      '***',
      '***',
    ]);
    const xml = zipPart(file.rawPayload, 'xl/worksheets/sheet1.xml');
    expect(xml).not.toContain('7319.4271');
    expect(xml).not.toContain('51235.99');
  });
});

describe('the demo seed', () => {
  it('confirms a statement over half of the open lines and leaves a partner without receipts alone', async () => {
    await warehouse('2025-06-03', [
      { qty: '1', price: '10' },
      { qty: '2', price: '10' },
      { qty: '3', price: '10' },
    ]);
    const plastics = {
      supplierId: options.suppliers.find((x) => x.supCode === 'S00002')!.id,
      tenantId: await tenantOf(supplier2),
    };
    await warehouse(
      '2025-06-04',
      [
        { qty: '5', price: '3.3' },
        { qty: '5', price: '4.4' },
      ],
      plastics,
    );
    const userId = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.sysUser.userId as string;
    const open = async () =>
      (
        await buyer.post(`${RECON}/reconcilable-lines/list`, {
          side: 'buyer',
          supplierId: precisionId,
          periodFrom: '2025-01-01',
          periodTo: '2025-12-31',
        })
      ).json().data as ReconcilableLine[];
    const before = await open();
    const seen = new Set(
      (await buyer.post(`${RECON}/list`, { filter: { side: 'buyer' }, pageParam: { pageNum: 1, pageSize: 100 } }))
        .json()
        .data.dataList.map((s: { id: string }) => s.id),
    );
    await seedReconciliations(t.database.db, {
      tenants: { huaxin: buyerTenant, precision: supplierTenant, plastics: await tenantOf(supplier2) },
      users: {
        buyer: await userId(buyer),
        'buyer.clerk': await userId(clerk),
        supplier: await userId(supplier),
        supplier2: await userId(supplier2),
      },
    });
    expect((await open()).length).toBe(before.length - Math.floor(before.length / 2));
    const added = (
      await buyer.post(`${RECON}/list`, { filter: { side: 'buyer' }, pageParam: { pageNum: 1, pageSize: 100 } })
    )
      .json()
      .data.dataList.filter((s: { id: string }) => !seen.has(s.id));
    expect(added.map((s: { status: number; draftedBy: string }) => [s.status, s.draftedBy]).sort()).toEqual(
      [
        [S.DISPUTED, 'supplier'],
        [S.CONFIRMED, 'buyer'],
      ].sort(),
    );
    const confirmed = added.find((s: { status: number }) => s.status === S.CONFIRMED);
    expect(confirmed.buyerConfirmedBy).not.toBe('');
    expect(confirmed.supplierConfirmedBy).not.toBe('');
    const disputed = await detail(buyer, added.find((s: { status: number }) => s.status === S.DISPUTED).id);
    // One of two plastics lines: 5 × 3.3 = 16.5 disputed at 95 % of the price (3.135) → 15.68, −0.82.
    expect(disputed.lines.map((l) => [l.status, l.disputePrice, l.differenceAmount])).toEqual([
      [LS.DISPUTED, '3.135', '-0.82'],
    ]);
    expect(disputed.lines[0]!.disputeReason).not.toBe('');
  });
});
