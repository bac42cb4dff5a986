import { lineAmount, subtractDecimals } from '@concord/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/client.ts';
import { as, type Caller, createTestContext, login, sheetOf, sheetRows, type TestContext } from './helpers.ts';

/**
 * Report figures against hand-computed fixtures. The fixtures are written straight into the tables
 * (March 2020, far from the demo world's dates) so each figure below can be checked by hand:
 *
 * Shenzhen Precision (PO1), period 2020-03:
 *   L1 due 100 on 03-10, received 60 on 03-08 and 40 on 03-12    → on time 60   (60 %)
 *   L2 due 100 on 03-15, received 50 on 03-14 and 50 on 03-15    → on time 100  (100 %)
 *   L3 due  50 on 03-20, received 80 on 03-18 (over-delivered)    → on time 50   (100 %, capped)
 *   L4 due  30 on 03-05, received 30 on 03-09 (late)              → on time 0    (0 %)
 *   L5 planned: 120 on 03-25 (received 03-24) and 80 on 04-05 (received 04-10, late)
 *   March: due 400, on time 330 → 82.5 %.  April: due 80, on time 0.
 * Suzhou Plastics (PO2): L6 due 40 on 03-10, received 40 on 03-10 → 100 %.
 * Buyer, March: due 440, on time 370 → 84.09 %.
 * Inspections: Precision 60/57 (3 scratch) + 40/38 (2 dimension) = 95/100; Plastics 50/40 (10 scratch).
 * Quantities, prices and amounts are written as decimal text, as every writer of these tables does.
 */

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;

const REPORTS = '/gateway/srm/reports';

const MARCH = { dateFrom: '2020-03-01', dateTo: '2020-03-31' };

let seq = 9_100_000_000_000_000n;
const nextId = () => String(++seq);

async function one<T>(query: SQL): Promise<T> {
  return (await t.database.db.execute<Record<string, unknown>>(query)).rows[0] as T;
}

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const id = (row.id as string | undefined) ?? nextId();
  const entries = Object.entries({ ...row, id });
  await t.database.db.execute(sql`
    insert into ${sql.raw(table)} (${sql.raw(entries.map(([k]) => k).join(', '))})
    values (${sql.join(
      entries.map(([, v]) => sql`${v}`),
      sql`, `,
    )})`);
  return id;
}

const report = async (c: Caller, name: string, filter: Record<string, unknown> = MARCH, extra = {}) => {
  const res = await c.post(`${REPORTS}/${name}`, { filter, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    dataList: Record<string, unknown>[];
    totalCount: number;
    summary: Record<string, unknown>;
    currencyTotals: { currency: string; lines: number; sums: Record<string, string> }[];
    chart: { type: string; categories: string[]; series: { key: string; data: number[] }[] };
  };
};

let ids: { buyer: string; sup1: string; sup2: string; precision: string; plastics: string; clerk: string };

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
  const buyerTenant = await tenantOf(buyer);
  const s1 = await tenantOf(supplier);
  const s2 = await tenantOf(supplier2);
  const archive = (tenant: string) =>
    one<{ id: string }>(
      sql`select id::text as id from suppliers where tenant_id = ${buyerTenant} and supplier_tenant_id = ${tenant}`,
    );
  const clerkUser = await one<{ id: string }>(sql`select id::text as id from users where username = 'buyer.clerk'`);
  ids = {
    buyer: buyerTenant,
    sup1: s1,
    sup2: s2,
    precision: (await archive(s1)).id,
    plastics: (await archive(s2)).id,
    clerk: clerkUser.id,
  };
  await seedFixtures();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function seedFixtures() {
  const B = ids.buyer;
  const party = (supTenant: string) => ({ tenant_id: B, supplier_tenant_id: supTenant });
  const order = async (supTenant: string, supplierId: string, orderNo: string) =>
    insert('purchase_orders', {
      ...party(supTenant),
      order_no: orderNo,
      supplier_id: supplierId,
      status: 4,
      order_date: '2020-03-01',
      sent_at: '2020-03-01 08:00:00+00',
    });
  const po1 = await order(ids.sup1, ids.precision, 'RPT-PO-1');
  const po2 = await order(ids.sup2, ids.plastics, 'RPT-PO-2');

  let lineNo = 0;
  const orderLine = (
    po: string,
    supTenant: string,
    prdtNo: string,
    qty: string,
    date: string,
    status = 1,
    answeredAt = '2020-03-02 08:00:00+00',
  ) =>
    insert('purchase_order_lines', {
      ...party(supTenant),
      order_id: po,
      line_no: ++lineNo,
      prdt_no: prdtNo,
      prdt_name: `Report ${prdtNo}`,
      unit_name: 'pcs',
      qty,
      price: '10',
      amount: lineAmount(qty, '10', 2),
      requested_date: date,
      status,
      confirmed_qty: qty,
      confirmed_date: date,
      updated_at: answeredAt,
    });
  const l1 = await orderLine(po1, ids.sup1, 'OT-SPLIT-LATE', '100', '2020-03-10');
  const l2 = await orderLine(po1, ids.sup1, 'OT-SPLIT-ONTIME', '100', '2020-03-15');
  const l3 = await orderLine(po1, ids.sup1, 'OT-OVER', '50', '2020-03-20');
  const l4 = await orderLine(po1, ids.sup1, 'OT-LATE', '30', '2020-03-05', 2, '2020-03-01 20:00:00+00');
  const l5 = await orderLine(po1, ids.sup1, 'OT-PLANNED', '200', '2020-03-25');
  const l6 = await orderLine(po2, ids.sup2, 'OT-PLASTIC', '40', '2020-03-10');

  const plan = await insert('receiving_plans', {
    ...party(ids.sup1),
    plan_no: 'RPT-RP-1',
    order_id: po1,
    supplier_id: ids.precision,
    status: 4,
  });
  for (const [n, qty, date] of [
    [1, '120', '2020-03-25'],
    [2, '80', '2020-04-05'],
  ] as const) {
    await insert('receiving_plan_lines', {
      ...party(ids.sup1),
      plan_id: plan,
      order_id: po1,
      order_line_id: l5,
      line_no: n,
      planned_qty: qty,
      planned_date: date,
      status: 1,
    });
  }

  const note = (supTenant: string, supplierId: string, noteNo: string, status: number, shipDate: string) =>
    insert('delivery_notes', {
      ...party(supTenant),
      note_no: noteNo,
      supplier_id: supplierId,
      status,
      ship_date: shipDate,
      expected_date: shipDate,
      arrived_at: status >= 2 ? `${shipDate} 09:00:00+00` : null,
      owner_id: null,
    });
  const n1 = await note(ids.sup1, ids.precision, 'RPT-DN-1', 4, '2020-03-07');
  const n2 = await note(ids.sup2, ids.plastics, 'RPT-DN-2', 2, '2020-03-09');
  await note(ids.sup1, ids.precision, 'RPT-DN-DRAFT', 0, '2020-03-09');
  const noteLine = (
    n: string,
    supTenant: string,
    po: string,
    ol: string,
    prdtNo: string,
    q: { qty: string; received: string; qualified: string; unqualified: string; warehoused: string },
  ) =>
    insert('delivery_note_lines', {
      ...party(supTenant),
      note_id: n,
      line_no: 1,
      order_id: po,
      order_line_id: ol,
      order_no: po === po1 ? 'RPT-PO-1' : 'RPT-PO-2',
      order_line_no: 1,
      prdt_no: prdtNo,
      prdt_name: `Report ${prdtNo}`,
      qty: q.qty,
      is_check: true,
      due_date: '2020-03-10',
      received_qty: q.received,
      qualified_qty: q.qualified,
      unqualified_qty: q.unqualified,
      warehoused_qty: q.warehoused,
    });
  const nl1 = await noteLine(n1, ids.sup1, po1, l1, 'OT-SPLIT-LATE', {
    qty: '100',
    received: '100',
    qualified: '95',
    unqualified: '5',
    warehoused: '95',
  });
  const nl2 = await noteLine(n2, ids.sup2, po2, l6, 'OT-PLASTIC', {
    qty: '50',
    received: '50',
    qualified: '40',
    unqualified: '10',
    warehoused: '40',
  });

  let inspectionSeq = 0;
  const inspect = (
    n: string,
    nl: string,
    ol: string,
    supTenant: string,
    inspected: string,
    qualified: string,
    code: string,
    reason: string,
  ) =>
    insert('receipt_inspections', {
      ...party(supTenant),
      note_id: n,
      note_line_id: nl,
      order_line_id: ol,
      supplier_id: supTenant === ids.sup1 ? ids.precision : ids.plastics,
      prdt_no: supTenant === ids.sup1 ? 'OT-SPLIT-LATE' : 'OT-PLASTIC',
      prdt_name: supTenant === ids.sup1 ? 'Report OT-SPLIT-LATE' : 'Report OT-PLASTIC',
      seq: ++inspectionSeq,
      inspected_qty: inspected,
      qualified_qty: qualified,
      unqualified_qty: subtractDecimals(inspected, qualified, 6),
      reason_code: code,
      reason,
      inspected_at: '2020-03-08 10:00:00+00',
    });
  await inspect(n1, nl1, l1, ids.sup1, '60', '57', 'SCRATCH', '划伤');
  await inspect(n1, nl1, l1, ids.sup1, '40', '38', 'DIM', '尺寸超差');
  await inspect(n2, nl2, l6, ids.sup2, '50', '40', 'SCRATCH', '划伤');

  const statement = (status: number, no: string) =>
    insert('reconciliations', {
      ...party(ids.sup1),
      statement_no: no,
      supplier_id: ids.precision,
      period_from: '2020-03-01',
      period_to: '2020-03-31',
      status,
      drafted_by: 'buyer',
    });
  const disputed = await statement(2, 'RPT-ST-1');
  const confirmed = await statement(4, 'RPT-ST-2');

  const receipt = (supTenant: string, supplierId: string, n: string, no: string, date: string, owner: string | null) =>
    insert('receipts', {
      ...party(supTenant),
      receipt_no: no,
      note_id: n,
      supplier_id: supplierId,
      receipt_date: date,
      owner_id: owner,
    });
  let receiptNo = 0;
  const receiptLine = async (
    supTenant: string,
    supplierId: string,
    po: string,
    ol: string,
    prdtNo: string,
    qty: string,
    due: string,
    arrival: string,
    opts: { reconciliationId?: string; owner?: string } = {},
  ) => {
    const no = `RPT-RC-${++receiptNo}`;
    const r = await receipt(supTenant, supplierId, supTenant === ids.sup1 ? n1 : n2, no, arrival, opts.owner ?? null);
    return insert('receipt_lines', {
      ...party(supTenant),
      receipt_id: r,
      line_no: 1,
      note_id: supTenant === ids.sup1 ? n1 : n2,
      note_line_id: supTenant === ids.sup1 ? nl1 : nl2,
      order_id: po,
      order_line_id: ol,
      order_no: po === po1 ? 'RPT-PO-1' : 'RPT-PO-2',
      supplier_id: supplierId,
      prdt_no: prdtNo,
      prdt_name: `Report ${prdtNo}`,
      unit_name: 'pcs',
      qty,
      price: '10',
      tax_rate: '13',
      amount: lineAmount(qty, '10', 2),
      due_date: due,
      arrival_date: arrival,
      receipt_date: arrival,
      reconciliation_id: opts.reconciliationId ?? null,
    });
  };
  const P = [ids.sup1, ids.precision, po1] as const;
  const rl1a = await receiptLine(...P, l1, 'OT-SPLIT-LATE', '60', '2020-03-10', '2020-03-08', {
    reconciliationId: disputed,
    owner: ids.clerk,
  });
  const rl1b = await receiptLine(...P, l1, 'OT-SPLIT-LATE', '40', '2020-03-10', '2020-03-12', {
    reconciliationId: disputed,
  });
  await receiptLine(...P, l2, 'OT-SPLIT-ONTIME', '50', '2020-03-15', '2020-03-14', { reconciliationId: confirmed });
  await receiptLine(...P, l2, 'OT-SPLIT-ONTIME', '50', '2020-03-15', '2020-03-15');
  await receiptLine(...P, l3, 'OT-OVER', '80', '2020-03-20', '2020-03-18');
  await receiptLine(...P, l4, 'OT-LATE', '30', '2020-03-05', '2020-03-09');
  await receiptLine(...P, l5, 'OT-PLANNED', '120', '2020-03-25', '2020-03-24');
  await receiptLine(...P, l5, 'OT-PLANNED', '80', '2020-04-05', '2020-04-10');
  await receiptLine(ids.sup2, ids.plastics, po2, l6, 'OT-PLASTIC', '40', '2020-03-10', '2020-03-10');

  const statementLine = (
    lineNo: number,
    rl: string,
    qty: string,
    status: number,
    dispute: { qty?: string; price?: string; diff?: string; reason?: string } = {},
  ) =>
    insert('reconciliation_lines', {
      ...party(ids.sup1),
      reconciliation_id: disputed,
      line_no: lineNo,
      receipt_line_id: rl,
      receipt_no: `RPT-RC-${lineNo}`,
      receipt_date: '2020-03-08',
      order_no: 'RPT-PO-1',
      prdt_no: 'OT-SPLIT-LATE',
      prdt_name: 'Report OT-SPLIT-LATE',
      qty,
      price: '10',
      amount: lineAmount(qty, '10', 2),
      status,
      dispute_qty: dispute.qty ?? null,
      dispute_price: dispute.price ?? null,
      difference_amount: dispute.diff ?? '0',
      dispute_reason: dispute.reason ?? '',
    });
  await statementLine(1, rl1a, '60', 2, { qty: '58', price: '10', diff: '-20', reason: '数量短少' });
  await statementLine(2, rl1b, '40', 2, { price: '9.5', diff: '-20', reason: '单价不符' });
  await statementLine(3, rl1b, '10', 1);
}

describe('on-time arrival rate', () => {
  it('counts split, over-delivered and late receipts per due line (buyer)', async () => {
    const r = await report(buyer, 'poTimelyArrivalRate');
    expect(r.summary).toMatchObject({ dueLines: 6, dueQty: '440', onTimeQty: '370', onTimeRate: '84.09' });
    const bySupplier = Object.fromEntries(r.dataList.map((row) => [row.id, row]));
    expect(bySupplier[ids.precision]).toMatchObject({ dueQty: '400', onTimeQty: '330', onTimeRate: '82.5' });
    expect(bySupplier[ids.plastics]).toMatchObject({ dueQty: '40', onTimeQty: '40', onTimeRate: '100' });
    expect(bySupplier[ids.precision].supName).toBeTruthy();
  });

  it.each([
    ['OT-SPLIT-LATE', '100', '60', '60'],
    ['OT-SPLIT-ONTIME', '100', '100', '100'],
    ['OT-OVER', '50', '50', '100'],
    ['OT-LATE', '30', '0', '0'],
  ])('%s: due %s, on time %s → %s %%', async (material, due, onTime, rate) => {
    const r = await report(buyer, 'poTimelyArrivalRate', { ...MARCH, material });
    expect(r.summary).toMatchObject({ dueQty: due, onTimeQty: onTime, onTimeRate: rate });
  });

  it('takes planned deliveries as due by their plan dates, month by month', async () => {
    const r = await report(buyer, 'poTimelyArrivalRate', {
      dateFrom: '2020-03-01',
      dateTo: '2020-04-30',
      material: 'OT-PLANNED',
    });
    expect(r.summary).toMatchObject({ dueLines: 2, dueQty: '200', onTimeQty: '120', onTimeRate: '60' });
    expect(r.chart.categories).toEqual(['2020-03', '2020-04']);
    expect(r.chart.series.find((s) => s.key === 'onTimeRate')!.data).toEqual([100, 0]);
    expect(r.chart.series.find((s) => s.key === 'dueQty')!.data).toEqual([120, 80]);
  });

  it('shows the supplier only its own rows, grouped by customer', async () => {
    const r = await report(supplier, 'supTimelyArrivalRate');
    expect(r.summary).toMatchObject({ dueLines: 5, dueQty: '400', onTimeQty: '330', onTimeRate: '82.5' });
    expect(r.dataList).toHaveLength(1);
    expect(r.dataList[0]).toMatchObject({ id: ids.buyer, onTimeRate: '82.5' });
    expect(r.dataList[0].customerName).toBeTruthy();
    const other = await report(supplier2, 'supTimelyArrivalRate');
    expect(other.summary).toMatchObject({ dueQty: '40', onTimeRate: '100' });
  });

  /** The due lines as migration 0008 defines them, and their day totals as a GROUP BY of them. */
  async function expectDueLinesExact(q: Queryable) {
    const rows = async (query: SQL) => (await q.execute(query)).rows;
    const columns = sql`tenant_id::text, order_line_id::text, due_date::text, supplier_tenant_id::text,
      supplier_id::text, owner_id::text, dept_id::text, due_qty::float8, received_qty::float8, on_time_qty::float8`;
    const kept = await rows(sql`select ${columns} from order_due_lines order by 1, 2, 3`);
    const defined = await rows(sql`
      select ${columns} from order_due_line_rows(
        (select array_agg(tenant_id) from purchase_order_lines), (select array_agg(id) from purchase_order_lines))
       order by 1, 2, 3`);
    expect(kept).toEqual(defined);
    const dims = sql`tenant_id::text, supplier_tenant_id::text, supplier_id::text, owner_id::text, dept_id::text`;
    const totals = await rows(sql`
      select ${dims}, day::text, due_lines, due_qty::float8, on_time_qty::float8, received_qty::float8
        from due_day_totals where due_lines <> 0 order by 1, 2, 3, 4, 5, 6`);
    const grouped = await rows(sql`
      select ${dims}, due_date::text as day, count(*)::int as due_lines, sum(due_qty)::float8 as due_qty,
             sum(least(on_time_qty, due_qty))::float8 as on_time_qty, sum(received_qty)::float8 as received_qty
        from order_due_lines where due_qty is not null group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`);
    expect(totals).toEqual(grouped);
    return kept.length;
  }

  it('keeps due lines and day totals exact through order, plan and receipt changes (P-04)', async () => {
    const rollback = new Error('rollback');
    const line = (prdtNo: string) => sql`(select id from purchase_order_lines where prdt_no = ${prdtNo})`;
    const steps: SQL[] = [
      sql`update purchase_order_lines set confirmed_date = confirmed_date + 3 where id = ${line('OT-LATE')}`,
      sql`update receiving_plan_lines set status = 3 where order_line_id = ${line('OT-PLANNED')} and planned_qty = 80`,
      sql`update receiving_plan_lines set planned_qty = 110 where order_line_id = ${line('OT-PLANNED')} and planned_qty = 120`,
      sql`insert into receipt_lines (tenant_id, supplier_tenant_id, id, receipt_id, line_no, note_id, note_line_id,
                                     order_id, order_line_id, order_no, supplier_id, prdt_no, prdt_name, qty, due_date,
                                     arrival_date, receipt_date)
          select tenant_id, supplier_tenant_id, ${nextId()}, receipt_id, 9, note_id, note_line_id, order_id, order_line_id,
                 order_no, supplier_id, prdt_no, prdt_name, 5, due_date, arrival_date, receipt_date
            from receipt_lines where order_line_id = ${line('OT-SPLIT-ONTIME')} limit 1`,
      sql`update receipt_lines set arrival_date = due_date + 1 where order_line_id = ${line('OT-SPLIT-ONTIME')} and qty = 5`,
      sql`update purchase_order_lines set supplier_tenant_id = null where id = ${line('OT-LATE')}`,
      sql`update purchase_order_lines set supplier_tenant_id = ${ids.sup1} where id = ${line('OT-LATE')}`,
      sql`update purchase_orders set owner_id = ${ids.clerk} where order_no = 'RPT-PO-2'`,
      sql`update purchase_orders set status = 6 where order_no = 'RPT-PO-2'`,
      sql`delete from receipt_lines where order_line_id = ${line('OT-SPLIT-ONTIME')} and qty = 5`,
      sql`delete from purchase_order_lines where id = ${line('OT-OVER')}`,
    ];
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await expectDueLinesExact(tx)).toBeGreaterThan(6);
        for (const step of steps) {
          await tx.execute(step);
          await expectDueLinesExact(tx);
        }
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'recomputes a due line after a concurrent writer of the same order line commits',
    async () => {
      const planned = sql`(select id from purchase_order_lines where prdt_no = 'OT-PLANNED')`;
      const receiptId = nextId();
      let planChanged!: () => void;
      const changed = new Promise<void>((resolve) => {
        planChanged = resolve;
      });
      const planner = t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update receiving_plan_lines set planned_qty = planned_qty + 1 where order_line_id = ${planned}`,
        );
        planChanged();
        // The receipt below now waits for this order line; it must read the new plan once this commits.
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await changed;
      const receiver = t.database.db.execute(sql`
        insert into receipt_lines (tenant_id, supplier_tenant_id, id, receipt_id, line_no, note_id, note_line_id, order_id,
                                   order_line_id, order_no, supplier_id, prdt_no, prdt_name, qty, due_date, arrival_date,
                                   receipt_date)
        select tenant_id, supplier_tenant_id, ${receiptId}, receipt_id, 8, note_id, note_line_id, order_id, order_line_id,
               order_no, supplier_id, prdt_no, prdt_name, 1, due_date, arrival_date, receipt_date
          from receipt_lines where order_line_id = ${planned} limit 1`);
      await Promise.all([planner, receiver]);
      try {
        await expectDueLinesExact(t.database.db);
      } finally {
        await t.database.db.execute(sql`delete from receipt_lines where id = ${receiptId}`);
        await t.database.db.execute(
          sql`update receiving_plan_lines set planned_qty = planned_qty - 1 where order_line_id = ${planned}`,
        );
      }
      await expectDueLinesExact(t.database.db);
    },
  );

  it('reads the same on-time figures from the day totals as from the due lines, per side and scope', async () => {
    const year = { dateFrom: '2020-01-01', dateTo: `${new Date().getUTCFullYear() + 1}-12-31` };
    const byId = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    for (const [caller, name] of [
      [buyer, 'poTimelyArrivalRate'],
      [clerk, 'poTimelyArrivalRate'],
      [supplier, 'supTimelyArrivalRate'],
    ] as const) {
      const fromTotals = await report(caller, name, year);
      // Every order number holds "PO"; an order-number filter makes the report read the due lines.
      const fromLines = await report(caller, name, { ...year, orderNo: 'PO' });
      if (caller !== clerk) expect(Number(fromTotals.summary.dueQty), name).toBeGreaterThan(0);
      expect(fromTotals.summary).toEqual(fromLines.summary);
      expect(fromTotals.chart).toEqual(fromLines.chart);
      expect(byId(fromTotals.dataList)).toEqual(byId(fromLines.dataList));
    }
  });
});

describe('quality yield and unqualified reasons', () => {
  it('yield = qualified ÷ inspected per supplier and overall', async () => {
    const r = await report(buyer, 'poQualityYield');
    expect(r.summary).toMatchObject({
      inspectedQty: '150',
      qualifiedQty: '135',
      unqualifiedQty: '15',
      qualityYield: '90',
    });
    const bySupplier = Object.fromEntries(r.dataList.map((row) => [String(row.id).split('|')[0], row]));
    expect(bySupplier[ids.precision]).toMatchObject({ inspectionCount: 2, inspectedQty: '100', qualityYield: '95' });
    expect(bySupplier[ids.plastics]).toMatchObject({ inspectedQty: '50', qualityYield: '80' });
    expect(r.chart.series.find((s) => s.key === 'qualityYield')!.data.at(-1)).toBe(90);
  });

  it('groups by material and shows the supplier its own inspections', async () => {
    const byMaterial = await report(buyer, 'poQualityYield', { ...MARCH, groupBy: 'material', material: 'OT-SPLIT' });
    expect(byMaterial.dataList).toEqual([
      expect.objectContaining({ prdtNo: 'OT-SPLIT-LATE', qualifiedQty: '95', qualityYield: '95' }),
    ]);
    const own = await report(supplier, 'supQualityYield');
    expect(own.summary).toMatchObject({ inspectedQty: '100', qualifiedQty: '95', qualityYield: '95' });
  });

  it('sums the unqualified quantity by reason for the pie', async () => {
    const r = await report(buyer, 'poUnqualifiedReasonReport');
    expect(r.summary).toMatchObject({ inspectionCount: 3, unqualifiedQty: '15' });
    expect(r.dataList).toEqual([
      expect.objectContaining({ reasonCode: 'SCRATCH', unqualifiedQty: '13', inspectionCount: 2, share: '86.67' }),
      expect.objectContaining({ reasonCode: 'DIM', unqualifiedQty: '2', inspectionCount: 1, share: '13.33' }),
    ]);
    expect(r.chart).toMatchObject({ type: 'pie', categories: ['划伤', '尺寸超差'] });
    expect(r.chart.series[0].data).toEqual([13, 2]);
  });

  it('keeps the day totals equal to the inspections through insert, update and delete (P-04)', async () => {
    const dims = sql`i.tenant_id, i.supplier_tenant_id, coalesce(i.supplier_id, 0) as supplier_id,
      coalesce(n.owner_id, 0) as owner_id, coalesce(n.dept_id, 0) as dept_id,
      (i.inspected_at at time zone e.time_zone)::date::text as day`;
    const extra = await one<{ id: string; note_id: string; note_line_id: string; order_line_id: string }>(
      sql`select id::text, note_id::text, note_line_id::text, order_line_id::text from receipt_inspections limit 1`,
    );
    const id = nextId();
    await t.database.db.execute(sql`
      insert into receipt_inspections (tenant_id, supplier_tenant_id, id, note_id, note_line_id, order_line_id,
                                       supplier_id, seq, inspected_qty, qualified_qty, unqualified_qty, inspected_at)
      select tenant_id, supplier_tenant_id, ${id}, note_id, note_line_id, order_line_id, supplier_id, 99, 7, 7, 0,
             '2020-02-01 10:00:00+00'
        from receipt_inspections where id = ${extra.id}`);
    await t.database.db.execute(
      sql`update receipt_inspections set inspected_qty = 9, qualified_qty = 8, unqualified_qty = 1,
                 inspected_at = '2020-02-02 10:00:00+00' where id = ${id}`,
    );
    const counted = async () =>
      (
        await t.database.db.execute(sql`
          select ${dims}, count(*)::int as inspections, sum(i.inspected_qty)::text as inspected,
                 sum(i.qualified_qty)::text as qualified, sum(i.unqualified_qty)::text as unqualified
            from receipt_inspections i left join delivery_notes n on n.tenant_id = i.tenant_id and n.id = i.note_id
            -- The buyer's day, in its enterprise's zone (issue 19).
            join enterprises e on e.id = i.tenant_id
           group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`)
      ).rows;
    const totals = async () =>
      (
        await t.database.db.execute(sql`
          select tenant_id, supplier_tenant_id, supplier_id, owner_id, dept_id, day::text as day, inspections,
                 inspected_qty::text as inspected, qualified_qty::text as qualified, unqualified_qty::text as unqualified
            from inspection_day_totals where inspections <> 0 order by 1, 2, 3, 4, 5, 6`)
      ).rows;
    const withExtra = await counted();
    expect(withExtra.length).toBeGreaterThanOrEqual(3);
    expect(await totals()).toEqual(withExtra);
    await t.database.db.execute(sql`delete from receipt_inspections where id = ${id}`);
    expect(await totals()).toEqual(await counted());
  });

  it('reads the same yield from the day totals as from the inspections, per side and scope', async () => {
    const year = { dateFrom: '2020-01-01', dateTo: `${new Date().getUTCFullYear()}-12-31` };
    for (const [caller, name] of [
      [buyer, 'poQualityYield'],
      [clerk, 'poQualityYield'],
      [supplier, 'supQualityYield'],
    ] as const) {
      const fromTotals = await report(caller, name, year);
      // Grouped by material, the report reads the inspections themselves.
      const fromInspections = await report(caller, name, { ...year, groupBy: 'material' });
      if (caller !== clerk) expect(Number(fromTotals.summary.inspectedQty), name).toBeGreaterThan(0);
      expect(fromTotals.summary).toEqual(fromInspections.summary);
      expect(fromTotals.chart).toEqual(fromInspections.chart);
    }
  });

  it('groups by material from the month totals and the partly covered ends alike (issue 20)', async () => {
    // Mid-month ends: whole months from inspection_material_months, the days around them from the
    // inspections; filtered by a material the report reads only the inspections. Both must agree.
    const period = { dateFrom: '2020-01-15', dateTo: `${new Date().getUTCFullYear()}-12-20` };
    for (const [caller, name] of [
      [buyer, 'poQualityYield'],
      [supplier, 'supQualityYield'],
    ] as const) {
      const byMaterial = await report(
        caller,
        name,
        { ...period, groupBy: 'material' },
        { pageParam: { pageNum: 1, pageSize: 100 } },
      );
      expect(byMaterial.dataList.length, name).toBeGreaterThan(1);
      expect(byMaterial.totalCount).toBe(byMaterial.dataList.length);
      for (const row of byMaterial.dataList.slice(0, 3)) {
        const one = await report(caller, name, { ...period, groupBy: 'material', material: String(row.prdtNo) });
        expect(one.dataList.find((r) => r.prdtNo === row.prdtNo)).toEqual(row);
      }
    }
  });

  it('sorts and pages the groups in the database, with their count (issue 20)', async () => {
    const year = { dateFrom: '2020-01-01', dateTo: `${new Date().getUTCFullYear()}-12-31` };
    const all = await report(
      buyer,
      'poQualityYield',
      { ...year, groupBy: 'material' },
      {
        pageParam: { pageNum: 1, pageSize: 100 },
        orderParam: [{ fieldName: 'qualityYield', asc: true }],
      },
    );
    const yields = all.dataList.map((r) => r.qualityYield as string | null);
    const numeric = yields.filter((y): y is string => y !== null).map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
    const second = await report(
      buyer,
      'poQualityYield',
      { ...year, groupBy: 'material' },
      {
        pageParam: { pageNum: 2, pageSize: 2 },
        orderParam: [{ fieldName: 'qualityYield', asc: true }],
      },
    );
    expect(second.totalCount).toBe(all.totalCount);
    expect(second.dataList).toEqual(all.dataList.slice(2, 4));
    const beyond = await report(
      buyer,
      'poQualityYield',
      { ...year, groupBy: 'material' },
      {
        pageParam: { pageNum: 999, pageSize: 20 },
      },
    );
    expect(beyond.dataList).toEqual([]);
    expect(beyond.totalCount).toBe(all.totalCount);
  });
});

describe('detail reports', () => {
  it('procurement execution follows each order line to the warehouse', async () => {
    const r = await report(buyer, 'procurementExecution', { ...MARCH, material: 'OT-SPLIT-LATE' });
    expect(r.dataList).toEqual([
      expect.objectContaining({
        orderNo: 'RPT-PO-1',
        orderedQty: '100',
        deliveredQty: '100',
        receivedQty: '100',
        qualifiedQty: '95',
        warehousedQty: '95',
        openQty: '5',
      }),
    ]);
  });

  it('delivery lines leave out the supplier drafts', async () => {
    const r = await report(buyer, 'deliveryPage', { ...MARCH, noteNo: 'RPT-DN' });
    expect(r.summary).toMatchObject({ notes: 2, lines: 2, qty: '150', receivedQty: '150', warehousedQty: '135' });
    expect(r.dataList.map((row) => row.noteNo).sort()).toEqual(['RPT-DN-1', 'RPT-DN-2']);
  });

  it('warehousing details: every receipt line of the period with its amount', async () => {
    const r = await report(buyer, 'poLzDetails');
    expect(r.summary).toEqual({ lines: 8, qty: '470' });
    expect(r.currencyTotals).toEqual([{ currency: 'CNY', lines: 8, sums: { amount: '4700' } }]);
    const own = await report(supplier, 'supLzDetails');
    expect(own.summary).toEqual({ lines: 7, qty: '430' });
    expect(own.currencyTotals).toEqual([{ currency: 'CNY', lines: 7, sums: { amount: '4300' } }]);
    expect(own.dataList.every((row) => row.customerName)).toBe(true);
  });

  it('reconciliation differences list the disputed lines with their differences', async () => {
    const r = await report(buyer, 'poDiffReconciliation');
    expect(r.summary).toEqual({ lines: 2, differenceQty: '-2' });
    expect(r.currencyTotals).toEqual([{ currency: 'CNY', lines: 2, sums: { differenceAmount: '-40' } }]);
    const byReason = Object.fromEntries(r.dataList.map((row) => [row.disputeReason, row]));
    expect(byReason.数量短少).toMatchObject({
      qty: '60',
      disputeQty: '58',
      differenceQty: '-2',
      differenceAmount: '-20',
      currency: 'CNY',
    });
    expect(byReason.单价不符).toMatchObject({ disputePrice: '9.5', differenceQty: '0', differenceAmount: '-20' });
    const own = await report(supplier, 'supDiffReconciliation');
    expect(own.currencyTotals).toEqual([{ currency: 'CNY', lines: 2, sums: { differenceAmount: '-40' } }]);
    const none = await report(supplier2, 'supDiffReconciliation');
    expect(none.totalCount).toBe(0);
    expect(none.currencyTotals).toEqual([]);
  });

  it('unreconciled details leave out lines on a confirmed statement', async () => {
    const r = await report(supplier, 'unreconciledDetails');
    expect(r.summary).toMatchObject({ lines: 6, qty: '380' });
    expect(r.dataList.filter((row) => row.statementNo === 'RPT-ST-1')).toHaveLength(2);
  });

  it('confirmation details: answers and answer time', async () => {
    const r = await report(supplier, 'supConfirmDetails');
    expect(r.summary).toMatchObject({
      lines: 5,
      confirmedLines: 4,
      proposedLines: 1,
      pendingLines: 0,
      answerHours: '21.6',
    });
    expect(r.chart).toMatchObject({ type: 'pie', categoryStatus: 'orderLine', categories: ['1', '2'] });
    const buyerSide = await report(buyer, 'poConfirmDetails', { ...MARCH, orderNo: 'RPT-PO' });
    expect(buyerSide.totalCount).toBe(6);
  });

  it('pages and sorts on declared columns only', async () => {
    const r = await report(buyer, 'poLzDetails', MARCH, {
      pageParam: { pageNum: 2, pageSize: 3 },
      orderParam: [
        { fieldName: 'qty', asc: false },
        { fieldName: 'nonsense; drop table x', asc: true },
      ],
    });
    expect(r.totalCount).toBe(8);
    // March quantities, largest first: 120, 80, 60 | 50, 50, 40 | 40, 30.
    expect(r.dataList.map((row) => row.qty)).toEqual(['50', '50', '40']);
  });
});

/**
 * Two orders of May 2020, one in CNY and one in USD, each received line by line. The amounts are chosen
 * so that adding them as doubles goes wrong: 0.1 + 0.2 + 999999999999.99 and 0.1 + 1.05.
 */
describe('amounts per currency', () => {
  const MAY = { dateFrom: '2020-05-01', dateTo: '2020-05-31' };
  const ORDERS = {
    CNY: [
      ['1', '0.1'],
      ['1', '0.2'],
      ['3', '333333333333.33'],
    ],
    USD: [
      ['1', '0.1'],
      ['7', '0.15'],
    ],
  } as const;

  beforeAll(async () => {
    const party = { tenant_id: ids.buyer, supplier_tenant_id: ids.sup1 };
    const note = await one<{ id: string; line: string }>(sql`
      select n.id::text as id, l.id::text as line from delivery_notes n
        join delivery_note_lines l on l.tenant_id = n.tenant_id and l.note_id = n.id
       where n.note_no = 'RPT-DN-1'`);
    for (const [currency, lines] of Object.entries(ORDERS)) {
      const orderNo = `RPT-FX-${currency}`;
      const po = await insert('purchase_orders', {
        ...party,
        order_no: orderNo,
        supplier_id: ids.precision,
        status: 4,
        currency,
        order_date: '2020-05-04',
        sent_at: '2020-05-04 08:00:00+00',
      });
      for (const [i, [qty, price]] of lines.entries()) {
        const item = { prdt_no: `FX-${currency}-${i + 1}`, prdt_name: `Report FX ${currency}`, unit_name: 'pcs' };
        const amount = lineAmount(qty, price, 2);
        const ol = await insert('purchase_order_lines', {
          ...party,
          ...item,
          order_id: po,
          line_no: i + 1,
          qty,
          price,
          tax_rate: '13',
          amount,
          requested_date: '2020-05-10',
          status: 1,
          confirmed_qty: qty,
          confirmed_date: '2020-05-10',
        });
        const receipt = await insert('receipts', {
          ...party,
          receipt_no: `RPT-FX-RC-${currency}-${i + 1}`,
          note_id: note.id,
          supplier_id: ids.precision,
          receipt_date: '2020-05-12',
        });
        await insert('receipt_lines', {
          ...party,
          ...item,
          receipt_id: receipt,
          line_no: 1,
          note_id: note.id,
          note_line_id: note.line,
          order_id: po,
          order_line_id: ol,
          order_no: orderNo,
          supplier_id: ids.precision,
          qty,
          price,
          tax_rate: '13',
          amount,
          currency,
          due_date: '2020-05-10',
          arrival_date: '2020-05-12',
          receipt_date: '2020-05-12',
        });
      }
    }
  });

  const TWO_CURRENCIES = [
    { currency: 'CNY', lines: 3, sums: { amount: '1000000000000.29' } },
    { currency: 'USD', lines: 2, sums: { amount: '1.15' } },
  ];

  it('totals the amounts of each currency on its own row, exactly, on both sides', async () => {
    const r = await report(buyer, 'poLzDetails', MAY);
    expect(r.summary).toEqual({ lines: 5, qty: '13' });
    expect(r.currencyTotals).toEqual(TWO_CURRENCIES);
    expect(r.dataList.map((row) => [row.prdtNo, row.amount, row.currency]).sort()).toEqual([
      ['FX-CNY-1', '0.1', 'CNY'],
      ['FX-CNY-2', '0.2', 'CNY'],
      ['FX-CNY-3', '999999999999.99', 'CNY'],
      ['FX-USD-1', '0.1', 'USD'],
      ['FX-USD-2', '1.05', 'USD'],
    ]);
    expect((await report(supplier, 'supLzDetails', MAY)).currencyTotals).toEqual(TWO_CURRENCIES);
    expect((await report(supplier, 'unreconciledDetails', MAY)).currencyTotals).toEqual(TWO_CURRENCIES);
    const usd = await report(buyer, 'poLzDetails', { ...MAY, orderNo: 'RPT-FX-USD' });
    expect(usd.currencyTotals).toEqual([TWO_CURRENCIES[1]]);
  });

  it('exports amounts as number cells at the amount places and days as date cells', async () => {
    const file = await buyer.get(`${REPORTS}/poLzDetails/export?dateFrom=2020-05-01&dateTo=2020-05-31`);
    expect(file.statusCode).toBe(200);
    const ws = await sheetOf(file.rawPayload);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (label: string) => header.indexOf(label) + 1;
    const row = [2, 3, 4, 5, 6].map((r) => ws.getRow(r)).find((r) => r.getCell(col('Material')).value === 'FX-CNY-3')!;
    expect(row.getCell(col('Amount')).value).toBe(999999999999.99);
    expect(row.getCell(col('Amount')).numFmt).toBe('#,##0.00');
    expect(row.getCell(col('Price')).value).toBe(333333333333.33);
    expect(row.getCell(col('Price')).numFmt).toBe('#,##0.0000');
    expect(row.getCell(col('Tax rate %')).value).toBe(13);
    expect(row.getCell(col('Currency')).value).toBe('CNY');
    expect(row.getCell(col('Receipt date')).value).toEqual(new Date('2020-05-12T00:00:00Z'));
  });
});

describe('access, scope and masking', () => {
  it('needs PO_REP for buyer reports and SU_CRE for supplier reports', async () => {
    // Without PO_REP on the purchasing clerk's position (the demo grants it), neither report permission is held.
    await t.database.db.execute(
      sql`update positions set permissions = permissions - 'PO_REP' where tenant_id = ${ids.buyer} and show_price = false`,
    );
    clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    expect((await clerk.post(`${REPORTS}/poTimelyArrivalRate`, { filter: MARCH })).statusCode).toBe(403);
    expect((await clerk.get(`${REPORTS}/poLzDetails/export`)).statusCode).toBe(403);
    expect((await clerk.post(`${REPORTS}/supTimelyArrivalRate`, { filter: MARCH })).statusCode).toBe(403);
    expect((await as(t.app).post(`${REPORTS}/supTimelyArrivalRate`, { filter: MARCH })).statusCode).toBe(401);
  });

  it('a clerk without view-price sees its own receipts with *** for money', async () => {
    await t.database.db.execute(
      sql`update positions set permissions = permissions || '["PO_REP"]'::jsonb where tenant_id = ${ids.buyer} and show_price = false`,
    );
    clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    const r = await report(clerk, 'poLzDetails');
    expect(r.summary).toEqual({ lines: 1, qty: '60' });
    expect(r.currencyTotals).toEqual([{ currency: 'CNY', lines: 1, sums: { amount: '***' } }]);
    expect(r.dataList[0]).toMatchObject({ qty: '60', price: '***', amount: '***' });
    const file = await clerk.get(`${REPORTS}/poLzDetails/export?dateFrom=2020-03-01&dateTo=2020-03-31`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(file.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('***');
    expect(rows[1]).not.toContain(600);
  });

  it('exports every row of the filter with localized headers', async () => {
    const res = await buyer.get(`${REPORTS}/poTimelyArrivalRate/export?dateFrom=2020-03-01&dateTo=2020-03-31`, {
      'accept-language': 'zh-CN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('poTimelyArrivalRate.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['供应商', '应交行数', '应交数量', '准时到货数量', '收货数量', '准时到货率']);
    expect(
      rows
        .slice(1)
        .map((r) => r[5])
        .sort(),
    ).toEqual([100, 82.5]);
  });
});
