import { sumDecimals } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/db/migrate.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Migration 0011 (issue 16): `money_recompute()` on amounts written the way floating point wrote them
 * (3 × 2.675 = 8.02, 5 × 1.005 = 5.02; exact 8.03 and 5.03). Documents not yet agreed are recomputed,
 * agreed ones keep their figures and are listed for the administrator, cancelled ones are left alone.
 */

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let result: { documents_recomputed: number; documents_corrected: number; documents_listed: number };
let expectedScope: number;
/** The seed numbers documents by the day it ran (PO2611260001): the numbers of this run's seed. */
let day = '';
const doc = (prefix: string, n: number) => `${prefix}${day}${String(n).padStart(4, '0')}`;

const run = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  t.database.db.execute<T>(query).then((r) => r.rows);

const orderLines = (orderNo: string) =>
  run<{ line_no: number; amount: string; total_amount: string }>(sql`
    select l.line_no, l.amount::text, o.total_amount::text from purchase_orders o
      join purchase_order_lines l on l.tenant_id = o.tenant_id and l.order_id = o.id
     where o.order_no = ${orderNo} order by l.line_no`);

const statement = (no: string) =>
  run<{ amount: string; difference_amount: string; total_amount: string; total_difference: string }>(sql`
    select l.amount::text, l.difference_amount::text, r.total_amount::text, r.difference_amount::text as total_difference
      from reconciliations r join reconciliation_lines l on l.tenant_id = r.tenant_id and l.reconciliation_id = r.id
     where r.statement_no = ${no}`).then((rows) => rows[0]!);

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  const db = t.database.db;
  [{ day }] = await run<{ day: string }>(sql`select substr(min(order_no), 3, 6) as day from purchase_orders`);
  // A draft order (recomputed), a confirmed one (listed), a cancelled one (left alone).
  await db.execute(sql`update purchase_orders set status = 0 where order_no = ${doc('PO', 1)}`);
  await db.execute(sql`update purchase_orders set status = 4 where order_no = ${doc('PO', 9)}`);
  await db.execute(sql`update purchase_orders set status = 6 where order_no = ${doc('PO', 7)}`);
  for (const no of [doc('PO', 1), doc('PO', 9)]) {
    await db.execute(sql`
      update purchase_order_lines l set qty = 3, price = 2.675, amount = 8.02
        from purchase_orders o where o.id = l.order_id and o.order_no = ${no} and l.line_no = 1`);
    await db.execute(sql`
      update purchase_order_lines l set qty = 5, price = 1.005, amount = 5.02
        from purchase_orders o where o.id = l.order_id and o.order_no = ${no} and l.line_no = 2`);
    await db.execute(sql`
      update purchase_orders o set total_amount = (select sum(amount) from purchase_order_lines l where l.order_id = o.id)
       where o.order_no = ${no}`);
  }
  await db.execute(sql`
    update purchase_order_lines l set amount = amount - 0.01
      from purchase_orders o where o.id = l.order_id and o.order_no = ${doc('PO', 7)}`);
  // A draft change: its proposed lines and the line its diff adds are copied onto the order when sent.
  await db.execute(sql`
    update purchase_order_changes set status = 0,
           lines = ${JSON.stringify([{ lineNo: 2, qty: '5', price: '1.005', amount: '5.02', prdtNo: 'X' }])}::jsonb,
           diff = jsonb_set(diff, '{2,after,amount}', '"1174.99"')
     where change_no = ${doc('CH', 2)}`);
  // A sent statement whose disputed line holds 1000 × 4.75 (recomputed) and a confirmed one (listed).
  await db.execute(sql`update reconciliations set status = 1 where statement_no = ${doc('RC', 2)}`);
  await db.execute(sql`
    update reconciliation_lines l set qty = 5, price = 1.005, amount = 5.02, status = 2, dispute_qty = 1000,
           dispute_price = 4.75, difference_amount = 4744.98
      from reconciliations r where r.id = l.reconciliation_id and r.statement_no = ${doc('RC', 2)}`);
  await db.execute(sql`update reconciliations set status = 4 where statement_no = ${doc('RC', 1)}`);
  await db.execute(sql`
    update reconciliation_lines l set amount = amount - 0.01
      from reconciliations r where r.id = l.reconciliation_id and r.statement_no = ${doc('RC', 1)}`);
  // A warehousing receipt: always agreed.
  await db.execute(sql`
    update receipt_lines l set amount = amount - 0.01 from receipts r
     where r.id = l.receipt_id and r.receipt_no = ${doc('RK', 2)}`);

  [{ n: expectedScope }] = await run<{ n: number }>(sql`
    select ((select count(*) from purchase_orders where status in (0, 1, 3))
          + (select count(*) from purchase_order_changes where status = 0)
          + (select count(*) from reconciliations where status in (0, 1)))::int as n`);
  [result] = await run<typeof result>(sql`select * from money_recompute()`);
});
afterAll(() => t.close());

describe('money_recompute()', () => {
  it('counts the documents not yet agreed, those it changed and the agreed ones it listed', () => {
    expect(expectedScope).toBeGreaterThanOrEqual(3);
    expect(result).toEqual({
      documents_recomputed: expectedScope,
      documents_corrected: 3,
      documents_listed: 3,
    });
  });

  it('recomputes a draft order: exact line amounts, and the total as their sum', async () => {
    const lines = await orderLines(doc('PO', 1));
    expect(lines.slice(0, 2).map((l) => l.amount)).toEqual(['8.03', '5.03']);
    expect(lines[0]!.total_amount).toBe(
      sumDecimals(
        lines.map((l) => l.amount),
        2,
      ),
    );
  });

  it('recomputes a draft change: its lines and the lines its diff adds', async () => {
    const [change] = await run<{ lines: { amount: string }[]; diff: { after: { amount: string } | null }[] }>(
      sql`select lines, diff from purchase_order_changes where change_no = ${doc('CH', 2)}`,
    );
    expect(change!.lines.map((l) => l.amount)).toEqual(['5.03']);
    expect(change!.diff[2]!.after!.amount).toBe('1175');
  });

  it('keeps a confirmed order as agreed and lists each differing line and the total', async () => {
    const lines = await orderLines(doc('PO', 9));
    expect(lines.slice(0, 2).map((l) => l.amount)).toEqual(['8.02', '5.02']);
    const findings = await run(sql`
      select line_no, old_amount::text, exact_amount::text, currency, places from money_recompute_findings
       where document_kind = 'purchaseOrder' and document_no = ${doc('PO', 9)} order by line_no nulls last`);
    const total = lines[0]!.total_amount;
    const exactTotal = sumDecimals(['8.03', '5.03', ...lines.slice(2).map((l) => l.amount)], 2);
    expect(findings).toEqual([
      { line_no: 1, old_amount: '8.02', exact_amount: '8.03', currency: 'CNY', places: 2 },
      { line_no: 2, old_amount: '5.02', exact_amount: '5.03', currency: 'CNY', places: 2 },
      { line_no: null, old_amount: total, exact_amount: exactTotal, currency: 'CNY', places: 2 },
    ]);
  });

  it('leaves a cancelled order alone', async () => {
    const [line] = await orderLines(doc('PO', 7));
    expect(line!.amount).toBe('3399.99');
    const [{ n }] = await run<{ n: number }>(
      sql`select count(*)::int as n from money_recompute_findings where document_no = ${doc('PO', 7)}`,
    );
    expect(n).toBe(0);
  });

  it('recomputes a sent statement, the disputed difference following the amount', async () => {
    expect(await statement(doc('RC', 2))).toEqual({
      amount: '5.03',
      difference_amount: '4744.97',
      total_amount: '5.03',
      total_difference: '4744.97',
    });
  });

  it('keeps a confirmed statement and a receipt, listing only the figures that differ', async () => {
    const kept = await statement(doc('RC', 1));
    const findings = await run(sql`
      select document_kind, document_no, line_no, old_amount::text, exact_amount::text from money_recompute_findings
       where document_kind <> 'purchaseOrder' order by document_no`);
    expect(findings).toEqual([
      {
        document_kind: 'reconciliation',
        document_no: doc('RC', 1),
        line_no: 1,
        old_amount: kept.amount,
        exact_amount: kept.total_amount,
      },
      {
        document_kind: 'receipt',
        document_no: doc('RK', 2),
        line_no: 1,
        old_amount: '1799.99',
        exact_amount: '1800',
      },
    ]);
  });

  it('may not be run by the app role', async () => {
    const refused = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local role app_user`);
        await tx.execute(sql`select * from money_recompute()`);
      })
      .then(
        () => null,
        (err: Error) => err,
      );
    expect((refused?.cause as Error | undefined)?.message).toMatch(/permission denied for function money_recompute/);
  });
});

describe('the migrator', () => {
  it('prints a recompute once, after the migration that ran it', async () => {
    await t.database.db.execute(
      sql`insert into money_recompute_runs (recomputed, corrected, listed) values (12, 3, 2)`,
    );
    const printed: string[] = [];
    await migrateDatabase(t.database, (line) => printed.push(line));
    await migrateDatabase(t.database, (line) => printed.push(line));
    expect(printed).toEqual([
      'money recompute: 12 documents recomputed (3 corrected), 2 agreed documents listed for review',
    ]);
  });
});

describe('GET /gateway/srm/money-findings', () => {
  const URL = '/gateway/srm/money-findings';

  it('gives the administrator the findings, a document together, its total last', async () => {
    const res = await buyer.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.totalCount).toBe(5);
    expect(page.dataList.map((f: { documentNo: string; lineNo: number | null }) => [f.documentNo, f.lineNo])).toEqual([
      [doc('PO', 9), 1],
      [doc('PO', 9), 2],
      [doc('PO', 9), null],
      [doc('RC', 1), 1],
      [doc('RK', 2), 1],
    ]);
    expect(page.dataList[0]).toMatchObject({
      documentKind: 'purchaseOrder',
      oldAmount: '8.02',
      exactAmount: '8.03',
      differenceAmount: '0.01',
      currency: 'CNY',
      places: 2,
    });
    expect(page.dataList[0].documentId).toMatch(/^\d+$/);
  });

  it('filters by kind and document number, and pages', async () => {
    const receipts = (await buyer.get(`${URL}?documentKind=receipt`)).json().data;
    expect(receipts.dataList.map((f: { documentNo: string }) => f.documentNo)).toEqual([doc('RK', 2)]);
    const byNo = (await buyer.get(`${URL}?documentNo=${doc('PO', 9).slice(-6)}`)).json().data;
    expect(byNo.totalCount).toBe(3);
    const second = (await buyer.get(`${URL}?pageNum=2&pageSize=2`)).json().data;
    expect(second.dataList.map((f: { lineNo: number | null }) => f.lineNo)).toEqual([null, 1]);
    for (const bad of ['documentKind=invoice', 'pageSize=101', 'pageNum=0', 'pageNum=x', 'documentNo=%00']) {
      expect((await buyer.get(`${URL}?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('is for administrators only, and each enterprise sees its own', async () => {
    const refused = await clerk.get(URL);
    expect(refused.statusCode).toBe(403);
    const other = (await supplier.get(URL)).json().data;
    expect(other).toEqual({ dataList: [], totalCount: 0 });
  });
});
