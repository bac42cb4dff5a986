import {
  addCalendarDays,
  compareDecimals,
  DELIVERY_NOTE_STATUS as D,
  type PackageScanResult,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  type ReceiptDetail,
  type ReceiptStepResult,
  sumDecimals,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryNoteLines, deliveryNotes, messages, operationLogs, users } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { dayIn } from '../src/platform/time.ts';
import { seedReceipts } from '../src/seed/receipts.ts';
import type { DemoWorld } from '../src/seed/world.ts';
import { type FixtureNote, insertSentNote } from './fixtures/deliveries.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const NOTES = '/gateway/srm/receipts/notes';
const RECEIPTS = '/gateway/srm/receipts';
const PRICE = '7319.4271';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let buyerTenant: string;
let supplierTenant: string;
let order: PurchaseOrderDetail;
let note: FixtureNote;
let other: FixtureNote;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
/** Days of the demo buyer, whose enterprise counts them in Asia/Shanghai. */
const buyerDay = (days: number) => addCalendarDays(dayIn(new Date(), 'Asia/Shanghai'), days);
const yesterday = () => buyerDay(-1);
const tomorrow = () => buyerDay(1);

async function confirmedOrder(qtys: string[]): Promise<PurchaseOrderDetail> {
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  const res = await buyer.post(ORDERS, {
    supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
    orderDate: '2026-01-02',
    send: true,
    lines: qtys.map((qty, i) => ({
      prdtNo: `RC-${i + 1}`,
      prdtName: `接收测试件 Receipt part ${i + 1}`,
      unitName: 'pcs',
      qty,
      price: PRICE,
      requestedDate: '2026-01-10',
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const confirmed = await supplier.post(`${ORDERS}/${res.json().data.id}/actions/confirm`, { all: true });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data;
}

const act = (id: string, action: string, body: unknown = {}, headers?: Record<string, string>) =>
  buyer.post(`${NOTES}/${id}/actions/${action}`, body, headers);
const scan = (code: string, c: Caller = buyer, id = note.id) => c.post(`${NOTES}/${id}/scan`, { code });
const inspect = (body: Record<string, unknown>) => buyer.post(`${NOTES}/${note.id}/inspections`, body);

async function noteLines(id: string) {
  return inTenantTx(t.database.db, buyerTenant, (tx) =>
    tx
      .select()
      .from(deliveryNoteLines)
      .where(and(eq(deliveryNoteLines.tenantId, buyerTenant), eq(deliveryNoteLines.noteId, id)))
      .orderBy(deliveryNoteLines.lineNo),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  buyerTenant = await tenantOf(buyer);
  supplierTenant = await tenantOf(supplier);
  order = await confirmedOrder(['100', '50', '30']);
  const [clerkUser] = await t.database.db.select().from(users).where(eq(users.username, 'buyer.clerk'));
  // Owned by the clerk, so the clerk (own documents only, prices hidden) sees the receipt too.
  note = await insertSentNote(t.database.db, {
    order,
    buyerTenantId: buyerTenant,
    supplierTenantId: supplierTenant,
    ownerId: clerkUser!.id,
    lines: [
      { orderLine: 0, qty: 100, isCheck: true, perSmall: 10, perLarge: 5 },
      { orderLine: 1, qty: 50, perSmall: 10 },
    ],
  });
  other = await insertSentNote(t.database.db, {
    order,
    buyerTenantId: buyerTenant,
    supplierTenantId: supplierTenant,
    lines: [{ orderLine: 2, qty: 30, perSmall: 15 }],
  });
});
afterAll(() => t.close());

const pkg = (n: FixtureNote, packageNo: string) => n.packages.find((p) => p.packageNo === packageNo)!.packageNo;

describe('arrival', () => {
  it('refuses an arrival date in the future and a scan before the arrival of another clerk’s step', async () => {
    const future = await act(note.id, 'arrive', { arrivalDate: tomorrow() });
    expect(future.statusCode).toBe(400);
    expect(future.json().errorCode).toBe('RECEIPT_ARRIVAL_IN_FUTURE');
    const early = await inspect({ lineId: note.lines[0]!.id, qualifiedQty: '1', unqualifiedQty: '0' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('RECEIPT_NOTE_NOT_ARRIVED');
  });

  it('registers the arrival with a back-dated day once; a second arrival is a 409', async () => {
    const res = await act(note.id, 'arrive', { arrivalDate: yesterday() });
    expect(res.statusCode, res.body).toBe(200);
    const step: ReceiptStepResult = res.json().data;
    expect(step.status).toBe(D.ARRIVED);
    const again = await act(note.id, 'arrive', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('RECEIPT_NOTE_STATE_CHANGED');
    const [row] = await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.select().from(deliveryNotes).where(eq(deliveryNotes.id, note.id)),
    );
    expect(row!.status).toBe(D.ARRIVED);
    expect(dayIn(new Date(row!.arrivedAt!.replace(' ', 'T').replace(/\+00$/, 'Z')), 'Asia/Shanghai')).toBe(yesterday());
  });

  it('tells the supplier, linking to its delivery note, in the reader’s language', async () => {
    const link = `/supplysee/deliverydetail?id=${note.id}`;
    const told = await inTenantTx(t.database.db, supplierTenant, (tx) =>
      tx
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, supplierTenant), eq(messages.link, link))),
    );
    expect(told.map((m) => m.title)).toContainEqual({
      key: 'receipts.arrivedTitle',
      params: expect.objectContaining({ noteNo: note.noteNo }),
    });
    const inbox = (
      await supplier.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': 'zh-CN' })
    ).json().data.dataList as { title: string; content: string; link: string }[];
    const arrived = inbox.find((m) => m.link === link)!;
    expect(arrived.title).toMatch(new RegExp(`^\\S.* 登记了送货单 ${note.noteNo} 的到货$`));
    expect(arrived.content).toBe(`登记了送货单 ${note.noteNo} 的到货，到货日期 ${yesterday()}`);
  });
});

describe('scanning labels', () => {
  it('receives a small package and refuses it a second time with who and when (409)', async () => {
    const code = pkg(note, `${note.noteNo}-2-1`);
    const res = await scan(code);
    expect(res.statusCode, res.body).toBe(200);
    const r: PackageScanResult = res.json().data;
    expect([r.received, r.qty, r.arrived, r.receivedPackageCount]).toEqual([1, '10', false, 1]);
    expect(r.lines).toEqual([{ lineId: note.lines[1]!.id, lineNo: 2, receivedQty: '10' }]);
    const dup = await buyer.post(`${NOTES}/${note.id}/scan`, { code }, { 'accept-language': 'en-US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe('RECEIPT_PACKAGE_ALREADY_RECEIVED');
    expect(dup.json().msg).toMatch(
      new RegExp(`^Package ${code} was already received at \\d{4}-\\d{2}-\\d{2} .+ by .*Wang`),
    );
  });

  it('lets exactly one of two clerks scanning the same package at once through (R-03)', async () => {
    const code = pkg(note, `${note.noteNo}-2-2`);
    const results = await Promise.all([scan(code), scan(code, clerk)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [, line] = await noteLines(note.id);
    expect(line!.receivedQty).toBe('20');
  });

  it('receives every small package of a large one, and only those not yet received', async () => {
    const single = await scan(pkg(note, `${note.noteNo}-1-6`));
    expect(single.statusCode, single.body).toBe(200);
    const large = await scan(pkg(note, `${note.noteNo}-L1-1`));
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json().data).toMatchObject({ kind: 2, received: 6, qty: '50' });
    const second = await scan(pkg(note, `${note.noteNo}-L1-2`));
    expect(second.json().data).toMatchObject({ received: 5, qty: '40' });
    const [a] = await noteLines(note.id);
    expect(a!.receivedQty).toBe('100');
    // Both large packages and all ten small ones of line 1, two of line 2.
    expect(second.json().data).toMatchObject({ receivedPackageCount: 14, packageCount: 17 });
  });

  it('names an unknown code and a package of another notice', async () => {
    const unknown = await buyer.post(
      `${NOTES}/${note.id}/scan`,
      { code: 'NO-SUCH-42' },
      { 'accept-language': 'zh-CN' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toContain('NO-SUCH-42');
    const foreign = await scan(other.packages[0]!.packageNo);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().errorCode).toBe('RECEIPT_PACKAGE_OTHER_NOTE');
    expect(foreign.json().msg).toContain(other.noteNo);
  });

  it('receives by hand, never above the delivered quantity', async () => {
    const line = note.lines[1]!.id;
    const receive = (qty: unknown) => buyer.post(`${NOTES}/${note.id}/receive`, { lines: [{ lineId: line, qty }] });
    const number = await receive(30);
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['lines.0.qty']);
    const places = await receive('29.999');
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.0.qty', places: 2 }]);
    const over = await receive('31');
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('RECEIPT_OVER_DELIVERED');
    expect(over.json().data).toEqual([{ path: 'lines.0.qty', message: over.json().msg }]);
    const res = await receive('30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lines[0].receivedQty).toBe('50');
  });

  it('registers the arrival of a sent notice when its first package is scanned', async () => {
    const res = await scan(other.packages[0]!.packageNo, buyer, other.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ arrived: true, received: 1, qty: '15' });
  });
});

describe('inspection', () => {
  const lineId = () => note.lines[0]!.id;

  it('takes quantities as decimal text at the order’s places, never as JSON numbers', async () => {
    const number = await inspect({ lineId: lineId(), qualifiedQty: 10, unqualifiedQty: '0' });
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['qualifiedQty']);
    const places = await inspect({
      lineId: lineId(),
      qualifiedQty: '10',
      unqualifiedQty: '0.001',
      reasonCode: 'dimension',
      reason: '尺寸超差',
    });
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'unqualifiedQty', places: 2 }]);
    const [line] = await noteLines(note.id);
    expect([line!.qualifiedQty, line!.unqualifiedQty]).toEqual(['0', '0']);
  });

  it('requires a reason for unqualified goods and refuses more than was received', async () => {
    const noReason = await inspect({ lineId: lineId(), qualifiedQty: '10', unqualifiedQty: '5' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.map((d: { path: string }) => d.path)).toEqual(['reasonCode', 'reason']);
    const first = await inspect({ lineId: lineId(), qualifiedQty: '60', unqualifiedQty: '0' });
    expect(first.statusCode, first.body).toBe(200);
    const over = await inspect({
      lineId: lineId(),
      qualifiedQty: '30',
      unqualifiedQty: '20',
      reasonCode: 'dimension',
      reason: '尺寸超差',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('RECEIPT_INSPECTION_OVER_RECEIVED');
  });

  it('will not finish while a line to inspect is not fully inspected', async () => {
    const res = await act(note.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('RECEIPT_INSPECTION_INCOMPLETE');
  });

  it('records a partial rejection with its reason, then finishes the inspection', async () => {
    const res = await inspect({
      lineId: lineId(),
      qualifiedQty: '30',
      unqualifiedQty: '10',
      reasonCode: 'appearance',
      reason: '外壳划伤 scratched housing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.inspection).toMatchObject({ seq: 2, inspectedQty: '40', reasonCode: 'appearance' });
    expect(res.json().data.line).toMatchObject({ receivedQty: '100', qualifiedQty: '90', unqualifiedQty: '10' });
    const accepted = await act(note.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe(D.ACCEPTED);
    const [, b] = await noteLines(note.id);
    // Not to be inspected: what was received counts as qualified.
    expect(b!.qualifiedQty).toBe('50');
    const late = await scan(pkg(note, `${note.noteNo}-2-3`));
    expect(late.statusCode).toBe(409);
  });
});

describe('warehousing', () => {
  let receiptId: string;

  it('warehouses only the qualified quantity, once per Idempotency-Key (R-02)', async () => {
    const headers = { 'idempotency-key': 'wh-1' };
    const first = await act(note.id, 'warehouse', {}, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await act(note.id, 'warehouse', {}, headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    receiptId = first.json().data.receiptId;
    expect(first.json().data.receiptNo).toMatch(/^RK\d{10}$/);
    const d: ReceiptDetail = (await buyer.get(`${RECEIPTS}/${receiptId}`)).json().data;
    expect(d.lines.map((l) => [l.prdtNo, l.qty, l.price, l.amount])).toEqual([
      ['RC-1', '90', PRICE, '658748.44'],
      ['RC-2', '50', PRICE, '365971.36'],
    ]);
    expect(d.lines[0]!.arrivalDate).toBe(yesterday());
    expect(d.lines[0]!.dueDate).toBe(order.lines[0]!.confirmedDate ?? '2026-01-10');
    expect([d.totalQty, d.totalAmount, d.noteNo]).toEqual(['140', '1024719.8', note.noteNo]);
    const list = (await buyer.post(`${RECEIPTS}/list`, { filter: { side: 'buyer', noteNo: note.noteNo } })).json().data;
    expect(list.dataList.map((r: { id: string }) => r.id)).toEqual([receiptId]);
  });

  it('counts the warehoused quantity on the note line and as received on the order line', async () => {
    const [a, b] = await noteLines(note.id);
    expect([a!.warehousedQty, b!.warehousedQty]).toEqual(['90', '50']);
    const o: PurchaseOrderDetail = (await buyer.get(`${ORDERS}/${order.id}`)).json().data;
    expect(o.lines.map((l) => l.receivedQty)).toEqual(['90', '50', '0']);
  });

  it('keeps the due lines of the on-time report equal to the receipt lines they sum', async () => {
    const [totals, oracle] = await Promise.all(
      [
        sql`select order_line_id::text as line, due_date::text as due, received_qty::text as received,
                   on_time_qty::text as on_time from order_due_lines
             where tenant_id = ${buyerTenant} and received_qty <> 0 order by 1, 2`,
        sql`select order_line_id::text as line, due_date::text as due, sum(qty)::text as received,
                   coalesce(sum(qty) filter (where arrival_date <= due_date), 0)::text as on_time
              from receipt_lines where tenant_id = ${buyerTenant} group by 1, 2 order by 1, 2`,
      ].map(async (q) => (await t.database.db.execute(q)).rows),
    );
    expect(totals).toEqual(oracle);
    // Due 2026-01-10, arrived yesterday: received, but late.
    expect(totals).toContainEqual({ line: order.lines[0]!.id, due: '2026-01-10', received: '90', on_time: '0' });
  });

  it('keeps every step in the note’s history, told in the reader’s language', async () => {
    const logs = await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.module, 'delivery-notes'), eq(operationLogs.targetId, note.id))),
    );
    expect(logs.map((l) => l.summary.key)).toEqual(
      expect.arrayContaining([
        'receipts.arrived',
        'receipts.packageScanned',
        'receipts.receivedByHand',
        'receipts.inspected',
        'receipts.inspectedWithRejects',
        'receipts.inspectionFinished',
        'receipts.warehoused',
      ]),
    );
    const history = async (language: string) =>
      (
        (await buyer.get(`/gateway/srm/delivery-notes/${note.id}`, { 'accept-language': language })).json().data
          .history as { summary: string; own: boolean }[]
      ).map((h) => h.summary);
    const en = (await history('en-US')).join('\n');
    for (const words of [
      `registered the arrival of delivery note ${note.noteNo} on ${yesterday()}`,
      'by scanning',
      'received goods of delivery note',
      'inspected line 1',
      `finished the inspection of delivery note ${note.noteNo}`,
      `warehoused delivery note ${note.noteNo} as receipt RK`,
    ]) {
      expect(en).toContain(words);
    }
    const zh = await history('zh-CN');
    expect(zh).toContain(`登记了送货单 ${note.noteNo} 的到货，到货日期 ${yesterday()}`);
    // The reason's name from the catalogue, the clerk's own words as typed.
    expect(zh).toContain(
      `检验了送货单 ${note.noteNo} 第 1 行（RC-1）：合格 30，不合格 10（外观不良：外壳划伤 scratched housing）`,
    );
    const finished = zh.find((s) => s.startsWith(`完成了送货单 ${note.noteNo} 的检验`))!;
    expect(finished.replace(note.noteNo, '')).not.toMatch(/[A-Za-z]/);
    expect(zh.find((s) => s.startsWith(`将送货单 ${note.noteNo} 入库为入库单 RK`))).toBeTruthy();
  });

  it('shows the receipt to the supplier, not to another supplier or a foreign tenant (404)', async () => {
    const mine = (await supplier.post(`${RECEIPTS}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(mine.dataList.map((r: { id: string }) => r.id)).toContain(receiptId);
    expect((await supplier.get(`${RECEIPTS}/${receiptId}`)).json().data.side).toBe('supplier');
    expect((await supplier2.get(`${RECEIPTS}/${receiptId}`)).statusCode).toBe(404);
    const theirs = (await supplier2.post(`${RECEIPTS}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(theirs.dataList.map((r: { id: string }) => r.id)).not.toContain(receiptId);
    // The supplier is not the receiving side of its own note.
    const step = await supplier.post(`${NOTES}/${other.id}/actions/accept`, {});
    expect([403, 404]).toContain(step.statusCode);
    expect((await supplier2.post(`${NOTES}/${other.id}/scan`, { code: 'x' })).statusCode).toBeGreaterThanOrEqual(403);
  });

  it('masks prices and amounts for a position without view-price', async () => {
    const res = await clerk.get(`${RECEIPTS}/${receiptId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d: ReceiptDetail = res.json().data;
    expect([d.totalAmount, d.lines[0]!.price, d.lines[0]!.amount]).toEqual(['***', '***', '***']);
    const l = d.lines[0]!;
    expect([l.amountExcl, l.taxAmount, l.amountIncl, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(
      Array(6).fill('***'),
    );
    expect(res.body).not.toContain(PRICE);
    expect(d.lines[0]!.qty).toBe('90');
  });
});

describe('tax breakdown (issue 16)', () => {
  /** An order of 3 × 2.675 and 5 × 1.005 at 13 %, delivered, received and warehoused in full. */
  async function warehousedReceipt(taxIncluded: boolean): Promise<string> {
    const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
    const created = await buyer.post(ORDERS, {
      supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
      orderDate: '2026-01-02',
      taxIncluded,
      send: true,
      lines: [
        ['3', '2.675'],
        ['5', '1.005'],
      ].map(([qty, price], i) => ({
        prdtNo: `TAX-${i + 1}`,
        prdtName: `税额测试件 Tax part ${i + 1}`,
        unitName: 'pcs',
        qty,
        price,
        taxRate: '13',
        requestedDate: '2026-01-10',
      })),
    });
    expect(created.statusCode, created.body).toBe(200);
    const confirmed = await supplier.post(`${ORDERS}/${created.json().data.id}/actions/confirm`, { all: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const n = await insertSentNote(t.database.db, {
      order: confirmed.json().data,
      buyerTenantId: buyerTenant,
      supplierTenantId: supplierTenant,
      lines: [
        { orderLine: 0, qty: 3, perSmall: 10 },
        { orderLine: 1, qty: 5, perSmall: 10 },
      ],
    });
    expect((await act(n.id, 'arrive')).statusCode).toBe(200);
    const received = await buyer.post(`${NOTES}/${n.id}/receive`, {
      lines: [
        { lineId: n.lines[0]!.id, qty: '3' },
        { lineId: n.lines[1]!.id, qty: '5' },
      ],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect((await act(n.id, 'accept')).statusCode).toBe(200);
    const warehoused = await act(n.id, 'warehouse');
    expect(warehoused.statusCode, warehoused.body).toBe(200);
    return warehoused.json().data.receiptId;
  }

  const figures = (d: ReceiptDetail) => ({
    lines: d.lines.map((l) => [l.amount, l.taxRate, l.amountExcl, l.taxAmount, l.amountIncl]),
    totals: [d.totalAmount, d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl],
  });

  it('tax-excluded prices: excl = qty × price, tax = round(excl × 13 %), incl = excl + tax, on both sides', async () => {
    const id = await warehousedReceipt(false);
    for (const side of [buyer, supplier]) {
      const res = await side.get(`${RECEIPTS}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(figures(res.json().data)).toEqual({
        lines: [
          ['8.03', '13', '8.03', '1.04', '9.07'],
          ['5.03', '13', '5.03', '0.65', '5.68'],
        ],
        totals: ['13.06', '13.06', '1.69', '14.75'],
      });
    }
  });

  it('tax-included prices: incl = qty × price, excl = round(incl ÷ 1.13), tax = incl − excl, on both sides', async () => {
    const id = await warehousedReceipt(true);
    for (const side of [buyer, supplier]) {
      const res = await side.get(`${RECEIPTS}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(figures(res.json().data)).toEqual({
        lines: [
          ['8.03', '13', '7.11', '0.92', '8.03'],
          ['5.03', '13', '4.45', '0.58', '5.03'],
        ],
        totals: ['13.06', '11.56', '1.5', '13.06'],
      });
    }
  });
});

describe('demo seed', () => {
  it('shows the demo receipts with their tax split: excl + tax = incl on every line and in the total', async () => {
    const list = (
      await buyer.post(`${RECEIPTS}/list`, { filter: { side: 'buyer' }, pageParam: { pageNum: 1, pageSize: 100 } })
    ).json().data;
    const details: ReceiptDetail[] = await Promise.all(
      list.dataList.map(async (r: { id: string }) => (await buyer.get(`${RECEIPTS}/${r.id}`)).json().data),
    );
    // The receipts of the demo world, not those this file made (RC-…, TAX-…).
    const seeded = details.filter((d) => d.lines.every((l) => !/^(RC|TAX)-/.test(l.prdtNo)));
    expect(seeded.every((d) => d.lines.every((l) => compareDecimals(l.taxAmount, 0) > 0))).toBe(true);
    expect(seeded.length).toBeGreaterThan(0);
    for (const d of seeded) {
      const places = d.decimalPlaces.amount;
      for (const l of d.lines) expect(sumDecimals([l.amountExcl, l.taxAmount], places)).toBe(l.amountIncl);
      expect(sumDecimals([d.totalAmountExcl, d.totalTaxAmount], places)).toBe(d.totalAmountIncl);
      expect(d.totalAmountIncl).toBe(
        sumDecimals(
          d.lines.map((l) => l.amountIncl),
          places,
        ),
      );
    }
  });

  it('leaves one notice sent, one arrived, one accepted and warehouses the rest, with a rejection', async () => {
    const o = await confirmedOrder(['40', '40', '40', '40']);
    const ids: string[] = [];
    for (const i of [0, 1, 2, 3]) {
      const n = await insertSentNote(t.database.db, {
        order: o,
        buyerTenantId: buyerTenant,
        supplierTenantId: supplierTenant,
        lines: [{ orderLine: i, qty: 40, isCheck: true, perSmall: 10, perLarge: 2, dueDate: '2026-01-10' }],
      });
      ids.push(n.id);
    }
    const [buyerUser] = await t.database.db.select().from(users).where(eq(users.username, 'buyer'));
    const world = { tenants: { huaxin: buyerTenant }, users: { buyer: buyerUser!.id } } as unknown as DemoWorld;
    await seedReceipts(t.database.db, world, ids);
    const rows = await inTenantTx(t.database.db, buyerTenant, (tx) =>
      tx.select().from(deliveryNotes).where(eq(deliveryNotes.tenantId, buyerTenant)),
    );
    const status = (id: string) => rows.find((r) => r.id === id)!.status;
    expect(ids.map(status)).toEqual([D.SENT, D.ARRIVED, D.ACCEPTED, D.WAREHOUSED]);
    const [half] = await noteLines(ids[1]!);
    expect(half!.receivedQty).toBe('20');
    const [accepted] = await noteLines(ids[2]!);
    expect([accepted!.qualifiedQty, accepted!.unqualifiedQty]).toEqual(['36', '4']);
    const [done] = await noteLines(ids[3]!);
    expect(done!.warehousedQty).toBe('40');
  });
});
