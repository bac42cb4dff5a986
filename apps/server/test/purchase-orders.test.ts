import {
  addDecimals,
  PURCHASE_CHANGE_STATUS as CS,
  PURCHASE_ORDER_LINE_STATUS as LS,
  MASK,
  type PurchaseChangeDetail,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  renderText,
  PURCHASE_ORDER_STATUS as S,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, sheetRows, type TestContext } from './helpers.ts';
import { readXlsx } from './security/xlsx-reader.ts';

const BASE = '/gateway/srm/purchase-orders';
const CHANGES = '/gateway/srm/purchase-order-changes';

let t: TestContext;
let buyer: Caller;
let buyerToken: string;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let options: PurchaseOrderOptions;
let precisionId: string;
let plasticsId: string;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
const userOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.sysUser.userId as string;

const line = (n: number, extra: Record<string, unknown> = {}) => ({
  prdtNo: `FREE-${n}`,
  prdtName: `铝合金外壳 Housing ${n}`,
  unitName: 'pcs',
  qty: String(100 * n),
  price: '12.3457',
  taxRate: '13',
  requestedDate: '2026-12-20',
  ...extra,
});

const order = (supplierId: string, lines = [line(1), line(2), line(3)], extra: Record<string, unknown> = {}) => ({
  supplierId,
  currency: 'CNY',
  paymentTerms: '月结 60 天',
  orderDate: '2026-11-23',
  remarks: '请按期交货',
  lines,
  ...extra,
});

async function create(c: Caller, body: unknown, headers?: Record<string, string>) {
  const res = await c.post(BASE, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; orderNo: string; status: number; version: number };
}

async function detail(c: Caller, id: string) {
  const res = await c.get(`${BASE}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PurchaseOrderDetail;
}

const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${BASE}/${id}/actions/${action}`, body);

async function sent(lines = [line(1), line(2), line(3)]) {
  const created = await create(buyer, order(precisionId, lines, { send: true }));
  return detail(buyer, created.id);
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  options = (await buyer.get(`${BASE}/options`)).json().data;
  precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  plasticsId = options.suppliers.find((s) => s.supCode === 'S00002')!.id;
});
afterAll(() => t.close());

describe('create, send, confirm, counter-propose, accept', () => {
  it('creates a draft with computed amounts', async () => {
    const created = await create(buyer, order(precisionId));
    expect(created.orderNo).toMatch(/^PO\d{6}\d{4}$/);
    const d = await detail(buyer, created.id);
    expect(d.status).toBe(S.DRAFT);
    expect(d.side).toBe('buyer');
    expect(d.lines).toHaveLength(3);
    // Default decimal places: price 4, amount 2.
    expect(d.lines[0]!.price).toBe('12.3457');
    expect(d.lines[0]!.amount).toBe('1234.57');
    expect(d.totalAmount).toBe('7407.42');
    expect((await supplier.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
  });

  it('computes amounts exactly where floating point loses a cent, the same on both sides (issue 16)', async () => {
    const lines = [line(1, { qty: '3', price: '2.675' }), line(2, { qty: '5', price: '1.005' })];
    const created = await create(buyer, order(precisionId, lines, { send: true }));
    for (const side of [buyer, supplier]) {
      const d = await detail(side, created.id);
      expect(d.lines.map((l) => l.amount)).toEqual(['8.03', '5.03']);
      expect(d.totalAmount).toBe('13.06');
      // Tax-included prices at 13 %: incl = the amount, excl = round(incl ÷ 1.13), tax = incl − excl.
      expect(d.lines.map((l) => [l.amountExcl, l.taxAmount, l.amountIncl])).toEqual([
        ['7.11', '0.92', '8.03'],
        ['4.45', '0.58', '5.03'],
      ]);
      expect([d.totalAmountExcl, d.totalTaxAmount, d.totalAmountIncl]).toEqual(['11.56', '1.5', '13.06']);
    }
    // The export: the same figures as number cells shown with the order's places, dates as date cells.
    const res = await buyer.get(`${BASE}/export?side=buyer&orderNo=${created.orderNo}`, { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = await sheetRows(res.rawPayload);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => [r[col('Quantity')], r[col('Price')], r[col('Tax %')], r[col('Amount')]])).toEqual([
      [3, 2.675, 13, 8.03],
      [5, 1.005, 13, 5.03],
    ]);
    expect(rows[0]![col('Order date')]).toEqual(new Date(Date.UTC(2026, 10, 23)));
    expect(rows[0]![col('Requested date')]).toEqual(new Date(Date.UTC(2026, 11, 20)));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const formatOf = (name: string) => book.worksheets[0]!.getRow(2).getCell(col(name) + 1).numFmt;
    expect(['Quantity', 'Price', 'Tax %', 'Amount', 'Order date'].map(formatOf)).toEqual([
      '#,##0.00',
      '#,##0.0000',
      '#,##0.00',
      '#,##0.00',
      'yyyy-mm-dd',
    ]);
  });

  it('exports formula-like text as quote-prefixed text, never a formula (QUALITY I-07)', async () => {
    const created = await create(
      buyer,
      order(precisionId, [line(1, { prdtName: '=HYPERLINK("x")', prdtSpc: '@SUM(A1)' })]),
    );
    const res = await buyer.get(`${BASE}/export?side=buyer&orderNo=${created.orderNo}`);
    expect(res.statusCode).toBe(200);
    const book = readXlsx(res.rawPayload);
    expect(book.sheetXml).not.toMatch(/<f[ >]/);
    const quoteStyle = [...book.styles.matchAll(/<xf [^>]*\/>/g)]
      .slice(1) // the first <xf> belongs to cellStyleXfs
      .findIndex((m) => m[0].includes('quotePrefix="1"'));
    expect(quoteStyle).toBeGreaterThan(0);
    const risky = book.rows
      .slice(1)
      .flat()
      .filter((c) => /^[=+\-@]/.test(c.text));
    expect(risky.map((c) => c.text)).toEqual(['=HYPERLINK("x")', '@SUM(A1)']);
    for (const c of risky) expect(c).toMatchObject({ type: 'inlineStr', style: quoteStyle });
  });

  it('honours Idempotency-Key: the same key twice gives one order and the same reply (R-02)', async () => {
    const key = { 'idempotency-key': 'po-create-once' };
    const first = await create(buyer, order(precisionId), key);
    const second = await create(buyer, order(precisionId), key);
    expect(second).toEqual(first);
    const count = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from purchase_orders where order_no = ${first.orderNo}`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const bad = await buyer.post(BASE, order(precisionId, [line(1, { qty: '-1' })]));
    expect(bad.statusCode).toBe(400);
    const none = await buyer.post(BASE, order(precisionId, []));
    expect(none.statusCode).toBe(400);
    const hengtong = options.suppliers.find((s) => s.supCode === 'S00003')!;
    expect(hengtong.canReceive).toBe(false);
    const notJoined = await buyer.post(BASE, order(hengtong.id, undefined, { send: true }));
    expect(notJoined.statusCode).toBe(400);
    expect(notJoined.json().errorCode).toBe('PURCHASE_ORDER_SUPPLIER_NOT_JOINED');
    const blocked = options.suppliers.find((s) => s.supCode === 'S00004')!;
    expect((await buyer.post(BASE, order(blocked.id))).json().errorCode).toBe('SUPPLIER_BLOCKED');
  });

  it('takes only active ISO 4217 currency codes; any other is a 400 naming the field and writes nothing', async () => {
    const orders = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_orders`)).rows[0]!.n;
    const before = await orders();
    for (const currency of ['XYZ', 'usd', 'RMB', 'US', 'EURO', 'BGN']) {
      const res = await buyer.post(BASE, order(precisionId, undefined, { currency }));
      expect(res.statusCode, currency).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      expect(res.json().data.map((d: { path: string }) => d.path)).toEqual(['currency']);
    }
    expect(await orders()).toBe(before);
    const draft = await create(buyer, order(precisionId));
    const edited = await buyer.put(`${BASE}/${draft.id}`, {
      ...order(precisionId, undefined, { currency: 'XYZ' }),
      version: draft.version,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().data.map((d: { path: string }) => d.path)).toEqual(['currency']);
    expect((await detail(buyer, draft.id)).currency).toBe('CNY');
    for (const currency of ['CNY', 'USD', 'EUR']) {
      const created = await create(buyer, order(precisionId, undefined, { currency }));
      expect((await detail(buyer, created.id)).currency).toBe(currency);
    }
  });

  it('runs the whole exchange on both sides and tells the other side each time', async () => {
    const created = await create(buyer, order(precisionId));
    const draft = await detail(buyer, created.id);
    const send = await act(buyer, created.id, 'send', { version: draft.version });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json().data.status).toBe(S.SENT);

    const supplierTenant = await tenantOf(supplier);
    const inbox = await inTenantTx(t.database.db, supplierTenant, (tx) =>
      tx
        .select({ title: messages.title, link: messages.link })
        .from(messages)
        .where(and(eq(messages.tenantId, supplierTenant), eq(messages.kind, 'order'))),
    );
    expect(inbox.some((m) => m.link === `/customer/order/detail?id=${created.id}`)).toBe(true);

    const list = await supplier.post(`${BASE}/list`, { filter: { side: 'supplier' } });
    expect(list.json().data.dataList.map((o: { id: string }) => o.id)).toContain(created.id);
    const seen = await detail(supplier, created.id);
    expect(seen.side).toBe('supplier');
    expect(seen.customerName).toContain('华信电子');

    const [l1, l2, l3] = seen.lines;
    const answer = await act(supplier, created.id, 'confirm', {
      version: seen.version,
      lines: [{ id: l1!.id }, { id: l2!.id, qty: '150', date: '2026-12-28', remark: '分两批交货' }, { id: l3!.id }],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const afterAnswer = answer.json().data as PurchaseOrderDetail;
    expect(afterAnswer.status).toBe(S.COUNTER_PROPOSED);
    expect(afterAnswer.lines.map((l) => l.status)).toEqual([LS.CONFIRMED, LS.PROPOSED, LS.CONFIRMED]);
    expect(afterAnswer.lines[1]!.proposedQty).toBe('150');

    const accepted = await act(buyer, created.id, 'accept', { version: afterAnswer.version, all: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const done = accepted.json().data as PurchaseOrderDetail;
    expect(done.status).toBe(S.CONFIRMED);
    expect(done.lines[1]).toMatchObject({
      qty: '150',
      requestedDate: '2026-12-28',
      confirmedQty: '150',
      amount: '1851.86',
    });
    expect(done.totalAmount).toBe('6790.14');
    expect(done.history.map((h) => h.side)).toEqual(expect.arrayContaining(['buyer', 'supplier']));
    const history = async (language: string) =>
      ((await buyer.get(`${BASE}/${created.id}`, { 'accept-language': language })).json().data as PurchaseOrderDetail)
        .history;
    const english = (await history('en-US')).map((h) => h.summary);
    expect(english).toContain(`answered 3 lines of order ${seen.orderNo}: 2 confirmed, 1 counter-proposed`);
    expect(english).toContain(
      `accepted the counter-proposal on 1 line of order ${seen.orderNo}: line 2: 150 on 2026-12-28`,
    );
    const chinese = await history('zh-CN');
    const answered = chinese.find((h) => h.side === 'supplier')!;
    expect(answered.summary).toBe(`答复了采购订单 ${seen.orderNo} 的 3 行：确认 2 行，反建议 1 行`);
    expect(answered.own).toBe(false);
    expect(chinese.map((h) => h.summary.replace(seen.orderNo, ''))).not.toContainEqual(
      expect.stringMatching(/[A-Za-z]/),
    );
    const [told] = await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx
        .select({ title: messages.title, content: messages.content })
        .from(messages)
        .where(eq(messages.link, `/procurementConsignment/order/detail?id=${created.id}`)),
    );
    expect(renderText(told!.title, 'zh-CN')).toMatch(new RegExp(`答复了采购订单 ${seen.orderNo}$`));

    const closed = await act(buyer, created.id, 'close', { version: done.version });
    expect(closed.json().data.status).toBe(S.CLOSED);
  });

  it('a rejected counter-proposal goes back to the supplier', async () => {
    const d = await sent();
    const proposed = await act(supplier, d.id, 'confirm', { lines: [{ id: d.lines[0]!.id, date: '2027-01-05' }] });
    expect(proposed.json().data.status).toBe(S.COUNTER_PROPOSED);
    const rejected = await act(buyer, d.id, 'reject', { all: true, comment: '交期不能延后' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = rejected.json().data as PurchaseOrderDetail;
    expect(after.status).toBe(S.SENT);
    expect(after.lines[0]).toMatchObject({ status: LS.PENDING, proposedDate: null, requestedDate: '2026-12-20' });
  });
});

describe('decimal input (issue 16)', () => {
  const orders = async () =>
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_orders`)).rows[0]!.n;
  /** The status, code and the fields named with their places (the data may carry a message too). */
  const refusal = (res: { statusCode: number; json(): { errorCode?: string; data: unknown } }) => ({
    status: res.statusCode,
    errorCode: res.json().errorCode,
    data: (res.json().data as { path: string; places?: number }[]).map(({ path, places }) => ({ path, places })),
  });

  it('refuses a JSON number for a quantity, price or rate with a 400 naming the field, and writes nothing', async () => {
    const before = await orders();
    for (const [field, value] of [
      ['qty', 100],
      ['price', 2.5],
      ['taxRate', 13],
    ] as const) {
      const res = await buyer.post(BASE, order(precisionId, [line(1, { [field]: value })]));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      expect(res.json().data.map((d: { path: string }) => d.path)).toEqual([`lines.0.${field}`]);
    }
    expect(await orders()).toBe(before);
  });

  it('refuses more places than the enterprise allows with a 400 naming the field and the places', async () => {
    const before = await orders();
    // Default places: quantity 2, price 4; rates take 4 whatever the settings.
    const cases = [
      [{ price: '2.67512' }, 'lines.0.price', 4],
      [{ qty: '1.125' }, 'lines.0.qty', 2],
      [{ taxRate: '13.00005' }, 'lines.0.taxRate', 4],
    ] as const;
    for (const [extra, path, places] of cases) {
      const res = await buyer.post(BASE, order(precisionId, [line(1, extra)]), { 'accept-language': 'en-US' });
      expect(refusal(res), path).toEqual({
        status: 400,
        errorCode: 'DECIMAL_PLACES_EXCEEDED',
        data: [{ path, places }],
      });
      expect(res.json().msg).toContain(String(places));
    }
    // The second line names its own index.
    const second = await buyer.post(BASE, order(precisionId, [line(1), line(2, { price: '0.00001' })]));
    expect(refusal(second)).toEqual({
      status: 400,
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'lines.1.price', places: 4 }],
    });
    expect(await orders()).toBe(before);
    // An edit of a draft is checked the same way and leaves the draft as it was.
    const draft = await create(buyer, order(precisionId, [line(1)]));
    const edited = await buyer.put(`${BASE}/${draft.id}`, {
      ...order(precisionId, [line(1, { qty: '1.001' })]),
      version: draft.version,
    });
    expect(refusal(edited)).toEqual({
      status: 400,
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'lines.0.qty', places: 2 }],
    });
    const number = await buyer.put(`${BASE}/${draft.id}`, {
      ...order(precisionId, [line(1, { price: 12.5 })]),
      version: draft.version,
    });
    expect(number.statusCode).toBe(400);
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['lines.0.price']);
    expect((await detail(buyer, draft.id)).lines.map((l) => [l.qty, l.price])).toEqual([['100', '12.3457']]);
    // Trailing zeros are not places: 2.50000 is 2.5.
    const padded = await create(buyer, order(precisionId, [line(1, { qty: '2.50000', price: '1.000000' })]));
    expect((await detail(buyer, padded.id)).lines.map((l) => [l.qty, l.price, l.amount])).toEqual([
      ['2.5', '1', '2.5'],
    ]);
  });

  it("checks the supplier's counter-proposed quantity the same way and leaves the order unanswered", async () => {
    const d = await sent();
    const answer = (qty: unknown) =>
      act(supplier, d.id, 'confirm', { lines: [{ id: d.lines[0]!.id }, { id: d.lines[1]!.id, qty }] });
    const number = await answer(150);
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((e: { path: string }) => e.path)).toEqual(['lines.1.qty']);
    expect(refusal(await answer('150.125'))).toEqual({
      status: 400,
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'lines.1.qty', places: 2 }],
    });
    const after = await detail(buyer, d.id);
    expect(after.status).toBe(S.SENT);
    expect(after.lines.map((l) => l.status)).toEqual([LS.PENDING, LS.PENDING, LS.PENDING]);
    const ok = await answer('150.5');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data as PurchaseOrderDetail).lines[1]!.proposedQty).toBe('150.5');
  });

  it('imports a spreadsheet only when every figure is a number within the places allowed', async () => {
    const code = ((await buyer.post('/gateway/srm/materials/list', {})).json().data.dataList[0] as { prdtNo: string })
      .prdtNo;
    const upload = async (rows: (string | number)[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Orders');
      ws.addRow([
        'Order ref',
        'Supplier code',
        'Order date',
        'Material code',
        'Quantity',
        'Price',
        'Tax %',
        'Requested date',
      ]);
      for (const r of rows) ws.addRow(r);
      const file = Buffer.from(await wb.xlsx.writeBuffer());
      const boundary = '----concord-po-decimals';
      return t.app.inject({
        method: 'POST',
        url: `${BASE}/import`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${buyerToken}`,
          'accept-language': 'en-US',
        },
      });
    };
    const before = await orders();
    const bad = await upload([
      ['A', 'S00001', '2026-11-23', code, 10, 2.5, 13, '2026-12-30'],
      // Number cells: 3 places of quantity where 2 are allowed, 5 of price where 4 are, 7 (past what a request takes).
      ['A', 'S00001', '2026-11-23', code, 1.125, 2.12345, 13, '2026-12-30'],
      ['A', 'S00001', '2026-11-23', code, 10, 1.1234567, 13, '2026-12-30'],
      // Text cells: a number as text is read as one, any other text is not a number.
      ['A', 'S00001', '2026-11-23', code, '2.675', 'ten', '13.5', '2026-12-30'],
    ]);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errorCode).toBe('IMPORT_ROWS_INVALID');
    expect(bad.json().data).toEqual([
      { row: 3, column: 'Quantity', reason: 'At most 2 decimal places' },
      { row: 3, column: 'Price', reason: 'At most 4 decimal places' },
      { row: 4, column: 'Price', reason: 'At most 4 decimal places' },
      { row: 5, column: 'Quantity', reason: 'At most 2 decimal places' },
      { row: 5, column: 'Price', reason: 'Enter a number' },
    ]);
    expect(await orders()).toBe(before);
    // 2.675 typed into a cell is the double 2.67499999…; it is read back as the 2.675 the user typed.
    const good = await upload([['B', 'S00001', '2026-11-23', code, 3, 2.675, '13', '2026-12-30']]);
    expect(good.statusCode, good.body).toBe(200);
    const imported = await detail(buyer, good.json().data.orderIds[0]);
    expect(imported.lines.map((l) => [l.qty, l.price, l.taxRate, l.amount])).toEqual([['3', '2.675', '13', '8.03']]);
  });
});

describe('T-03 two-party rights', () => {
  it('the supplier cannot edit prices or quantities, the buyer cannot write the reply', async () => {
    const d = await sent();
    const edit = await supplier.put(`${BASE}/${d.id}`, {
      ...order(precisionId, [line(1, { price: '1' })]),
      version: d.version,
    });
    expect([403, 404]).toContain(edit.statusCode);
    const buyerReply = await act(buyer, d.id, 'confirm', { all: true });
    expect(buyerReply.statusCode).toBe(403);
    expect(buyerReply.json().errorCode).toBe('PURCHASE_ORDER_WRONG_SIDE');
    const supplierVerdict = await act(supplier, d.id, 'accept', { all: true });
    expect(supplierVerdict.statusCode).toBe(403);
    // Extra fields in an answer are not the supplier's to write: price stays as the buyer set it.
    const sneaky = await act(supplier, d.id, 'confirm', { lines: [{ id: d.lines[0]!.id, price: '1', amount: '1' }] });
    expect(sneaky.statusCode).toBe(200);
    const after = await detail(buyer, d.id);
    expect(after.lines[0]!.price).toBe('12.3457');
    expect(after.lines[0]!.amount).toBe('1234.57');
    // A sent order is changed only through an order change.
    const late = await buyer.put(`${BASE}/${d.id}`, { ...order(precisionId), version: after.version });
    expect(late.json().errorCode).toBe('PURCHASE_ORDER_NOT_EDITABLE');
  });

  it('another supplier and an unrelated enterprise see nothing (T-01)', async () => {
    const d = await sent();
    expect((await supplier2.get(`${BASE}/${d.id}`)).statusCode).toBe(404);
    expect((await act(supplier2, d.id, 'confirm', { all: true })).statusCode).toBe(404);
    expect((await supplier2.get(`${BASE}/${d.id}/pdf`)).statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('20 concurrent confirmations: exactly one wins, the rest get 409 (R-03)', async () => {
    const d = await sent();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => act(supplier, d.id, 'confirm', { version: d.version, all: true })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await detail(buyer, d.id)).status).toBe(S.CONFIRMED);
  });

  it('a stale version is refused and nothing is lost (R-04)', async () => {
    const created = await create(buyer, order(precisionId));
    const d = await detail(buyer, created.id);
    const first = await buyer.put(`${BASE}/${d.id}`, { ...order(precisionId, [line(7)]), version: d.version });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await buyer.put(`${BASE}/${d.id}`, { ...order(precisionId, [line(8)]), version: d.version });
    expect(stale.statusCode).toBe(409);
    expect((await detail(buyer, d.id)).lines.map((l) => l.prdtNo)).toEqual(['FREE-7']);
    const staleAction = await act(buyer, d.id, 'send', { version: d.version });
    expect(staleAction.statusCode).toBe(409);
  });
});

describe('R-01 one transaction', () => {
  it('a failure after the lines were written leaves no order and no line behind', async () => {
    const db = t.database.db;
    const count = async () =>
      (
        await db.execute<{ orders: number; lines: number }>(
          sql`select (select count(*)::int from purchase_orders) as orders, (select count(*)::int from purchase_order_lines) as lines`,
        )
      ).rows[0]!;
    const before = await count();
    // The operation log is written after the header and every line: failing it fails the whole create.
    await db.execute(sql`create function h4_fail() returns trigger language plpgsql as $$
      begin if new.module = 'purchase-orders' then raise exception 'simulated crash'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger h4_fail before insert on operation_logs for each row execute function h4_fail()`,
    );
    try {
      const lines = Array.from({ length: 200 }, (_, i) => line(i + 1));
      const res = await buyer.post(BASE, order(precisionId, lines, { send: true }));
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger h4_fail on operation_logs`);
      await db.execute(sql`drop function h4_fail()`);
    }
    expect(await count()).toEqual(before);
  });
});

describe('copy', () => {
  it('copies an order into a new draft', async () => {
    const d = await sent();
    const res = await buyer.post(`${BASE}/${d.id}/copy`, {});
    expect(res.statusCode, res.body).toBe(200);
    const copy = await detail(buyer, res.json().data.id);
    expect(copy.status).toBe(S.DRAFT);
    expect(copy.orderNo).not.toBe(d.orderNo);
    expect(copy.lines.map((l) => [l.prdtNo, l.qty])).toEqual(d.lines.map((l) => [l.prdtNo, l.qty]));
  });
});

describe('changes', () => {
  it('a change makes a new revision with a line diff; the supplier re-confirms', async () => {
    const d = await sent();
    await act(supplier, d.id, 'confirm', { all: true });
    const lines = d.lines.map((l) => ({
      lineNo: l.lineNo,
      prdtNo: l.prdtNo,
      prdtName: l.prdtName,
      unitName: l.unitName,
      qty: l.qty,
      price: l.price,
      taxRate: l.taxRate,
      requestedDate: l.requestedDate,
    }));
    const body = {
      orderId: d.id,
      reason: '需求调整',
      lines: [{ ...lines[0], qty: '80' }, lines[1], line(9)],
    };
    const res = await buyer.post(CHANGES, body);
    expect(res.statusCode, res.body).toBe(200);
    const draft = (await buyer.get(`${CHANGES}/${res.json().data.id}`)).json().data as PurchaseChangeDetail;
    expect(draft.status).toBe(CS.DRAFT);
    expect(draft.diff.map((x) => [x.lineNo, x.kind])).toEqual([
      [1, 'changed'],
      [3, 'cancelled'],
      [4, 'added'],
    ]);
    expect(draft.diff[0]!.fields).toEqual(['qty']);
    // A supplier never sees a draft change.
    expect((await supplier.get(`${CHANGES}/${draft.id}`)).statusCode).toBe(404);
    expect((await buyer.post(CHANGES, body)).json().errorCode).toBe('PURCHASE_CHANGE_DRAFT_EXISTS');

    const send = await buyer.post(`${CHANGES}/${draft.id}/actions/send`, { version: draft.version });
    expect(send.statusCode, send.body).toBe(200);
    const order2 = await detail(buyer, d.id);
    expect(order2.revision).toBe(2);
    expect(order2.status).toBe(S.PARTIALLY_CONFIRMED);
    expect(order2.lines.map((l) => [l.lineNo, l.status, l.qty])).toEqual([
      [1, LS.PENDING, '80'],
      [2, LS.CONFIRMED, '200'],
      [3, LS.CANCELLED, '300'],
      [4, LS.PENDING, '900'],
    ]);
    expect(order2.changes.map((c) => c.revision)).toEqual([2]);

    const seen = (await supplier.get(`${CHANGES}/${draft.id}`)).json().data as PurchaseChangeDetail;
    expect(seen.side).toBe('supplier');
    const confirm = await supplier.post(`${CHANGES}/${draft.id}/actions/confirm`, { version: seen.version });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data.status).toBe(CS.CONFIRMED);
    expect((await detail(buyer, d.id)).status).toBe(S.CONFIRMED);
  });

  it('refuses a quantity below what was delivered', async () => {
    const d = await sent([line(1)]);
    await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx.execute(sql`update purchase_order_lines set delivered_qty = 60 where order_id = ${d.id}`),
    );
    const l = d.lines[0]!;
    const res = await buyer.post(CHANGES, {
      orderId: d.id,
      reason: 'less',
      lines: [
        {
          lineNo: 1,
          prdtNo: l.prdtNo,
          prdtName: l.prdtName,
          qty: '50',
          price: l.price,
          requestedDate: l.requestedDate,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('PURCHASE_ORDER_QTY_BELOW_DELIVERED');
  });
});

describe('masking and scope for buyer.clerk', () => {
  it('shows *** for every price and amount in list, detail, export and PDF, and only own orders', async () => {
    const created = await create(buyer, order(precisionId));
    const clerkId = await userOf(clerk);
    await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx.execute(sql`update purchase_orders set owner_id = ${clerkId} where id = ${created.id}`),
    );
    const other = await create(buyer, order(plasticsId));
    expect((await clerk.get(`${BASE}/${other.id}`)).statusCode).toBe(404);
    const list = (await clerk.post(`${BASE}/list`, { filter: { side: 'buyer' } })).json().data;
    const ids = list.dataList.map((o: { id: string }) => o.id);
    expect(ids).toContain(created.id);
    expect(ids).not.toContain(other.id);
    expect(list.dataList.every((o: { totalAmount: string }) => o.totalAmount === MASK)).toBe(true);
    const d = await detail(clerk, created.id);
    expect(d.lines.every((l) => l.price === MASK && l.amount === MASK)).toBe(true);
    expect(d.lines[0]!.qty).toBe('100');
    const res = await clerk.get(`${BASE}/${created.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
  });

  it('a viewer without the price flag keeps stored prices when it edits a draft', async () => {
    const created = await create(buyer, order(precisionId));
    const clerkId = await userOf(clerk);
    await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx.execute(sql`update purchase_orders set owner_id = ${clerkId} where id = ${created.id}`),
    );
    const seen = await detail(clerk, created.id);
    const res = await clerk.put(`${BASE}/${created.id}`, {
      ...order(precisionId),
      version: seen.version,
      lines: seen.lines.map((l) => ({
        lineNo: l.lineNo,
        prdtNo: l.prdtNo,
        prdtName: l.prdtName,
        qty: addDecimals(l.qty, '1', 2),
        price: '0',
        requestedDate: l.requestedDate,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(buyer, created.id);
    expect(after.lines.map((l) => [l.qty, l.price])).toEqual([
      ['101', '12.3457'],
      ['201', '12.3457'],
      ['301', '12.3457'],
    ]);
  });
});

describe('demo world', () => {
  it('has orders in every state, a pending counter-proposal, one changed twice and masked clerk orders', async () => {
    const all = (
      await buyer.post(`${BASE}/list`, {
        filter: { side: 'buyer', orderNo: 'PO' },
        pageParam: { pageNum: 1, pageSize: 100 },
      })
    ).json().data.dataList as { id: string; status: number; revision: number; remarks?: string }[];
    const seeded = await t.database.db.execute<{ id: string }>(
      sql`select id::text from purchase_orders where remarks like '%Changed twice%'`,
    );
    const twice = all.find((o) => o.id === seeded.rows[0]!.id)!;
    expect(twice.revision).toBe(3);
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(Object.values(S)));
    const mine = (await clerk.post(`${BASE}/list`, { filter: { side: 'buyer' } })).json().data.dataList;
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((o: { totalAmount: string }) => o.totalAmount === MASK)).toBe(true);
    const customer = (await supplier.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data.dataList;
    expect(customer.some((o: { status: number }) => o.status === S.COUNTER_PROPOSED)).toBe(true);
    expect(customer.some((o: { status: number }) => o.status === S.DRAFT)).toBe(false);
  });
});

describe('list totals (P-01)', () => {
  const dims = sql`tenant_id, coalesce(supplier_tenant_id, 0), supplier_id, coalesce(owner_id, 0), coalesce(dept_id, 0), status`;

  it('the tallies equal the orders after every kind of change by either party', async () => {
    const draft = await create(buyer, order(plasticsId));
    await inTenantTx(t.database.db, await tenantOf(buyer), (tx) =>
      tx.execute(sql`delete from purchase_orders where id = ${draft.id}`),
    );
    const counted = await t.database.db.execute(
      sql`select ${dims}, count(*)::int as n from purchase_orders group by ${dims} order by ${dims}`,
    );
    const tallied = await t.database.db.execute(
      sql`select ${dims}, n from purchase_order_tallies where n <> 0 order by ${dims}`,
    );
    expect(counted.rows.length).toBeGreaterThan(3);
    expect(tallied.rows).toEqual(counted.rows);
  });

  it('every side, scope and filter counts what the list holds', async () => {
    const cases: [Caller, Record<string, unknown>][] = [
      [buyer, { side: 'buyer' }],
      [buyer, { side: 'buyer', statuses: [S.DRAFT, S.CONFIRMED] }],
      [buyer, { side: 'buyer', supplierId: plasticsId }],
      [buyer, { side: 'buyer', orderNo: 'PO' }],
      [clerk, { side: 'buyer' }],
      [supplier, { side: 'supplier' }],
      [supplier, { side: 'supplier', statuses: [S.SENT] }],
      [supplier2, { side: 'supplier' }],
    ];
    for (const [caller, filter] of cases) {
      const list = (await caller.post(`${BASE}/list`, { filter, pageParam: { pageNum: 1, pageSize: 100 } })).json()
        .data as { dataList: unknown[]; totalCount: number };
      expect(list.dataList.length, JSON.stringify(filter)).toBeLessThan(100);
      expect(list.totalCount, JSON.stringify(filter)).toBe(list.dataList.length);
      const beyond = (await caller.post(`${BASE}/list`, { filter, pageParam: { pageNum: 50, pageSize: 20 } })).json()
        .data as { dataList: unknown[]; totalCount: number };
      expect(beyond).toEqual({ dataList: [], totalCount: list.totalCount });
    }
  });
});
