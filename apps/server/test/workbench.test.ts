import {
  type CockpitReply,
  compareDecimals,
  MASK,
  PURCHASE_ORDER_STATUS as S,
  sumDecimals,
  WORKBENCH_ITEM_KEYS,
  type WorkbenchItem,
} from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKBENCH_ITEMS } from '../src/modules/workbench/workbench.items.ts';
import { as, type Caller, createTestContext, lastCode, login, type TestContext } from './helpers.ts';

const WORKBENCH = '/gateway/srm/workbench';
const ORDERS = '/gateway/srm/purchase-orders';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

const workbench = async (c: Caller) => (await ok<{ items: WorkbenchItem[] }>(c.get(WORKBENCH))).items;
const itemOf = (items: WorkbenchItem[], key: string, side: string) =>
  items.find((i) => i.key === key && i.side === side);

const codes = (raw: string | undefined) => raw?.split(',').map(Number);

/**
 * What each list page asks its server for, given the URL the workbench links to: the same reading of
 * the query as the page's `useListFilter` fields (status codes, the notice tabs). `mine` narrows a
 * statement tab to the statements waiting for the caller, which the tab shows among others.
 */
const LIST_PAGES: Record<
  string,
  (q: Record<string, string>) => { url: string; filter: Record<string, unknown>; waiting?: 'drafter' | 'counterpart' }
> = {
  '/customer/order': (q) => ({ url: `${ORDERS}/list`, filter: { side: 'supplier', statuses: codes(q.status) } }),
  '/procurementConsignment/order': (q) => ({
    url: `${ORDERS}/list`,
    filter: { side: 'buyer', statuses: codes(q.status) },
  }),
  '/orderchange/order': (q) => ({
    url: '/gateway/srm/purchase-order-changes/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
  '/supreceivePlan/order': (q) => ({
    url: '/gateway/srm/receiving-plans/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
  '/receivingPlan/plansure': (q) => ({
    url: '/gateway/srm/receiving-plans/list',
    filter: { side: 'buyer', statuses: codes(q.status) ?? [3] },
  }),
  '/recemanage/receipt': (q) => ({
    url: '/gateway/srm/delivery-notes/list',
    filter: { side: 'buyer', statuses: { sent: [1], arrived: [2] }[q.tab ?? ''] },
  }),
  '/purchasebill/workernote': (q) => ({
    url: '/gateway/srm/reconciliations/list',
    filter: { side: 'buyer', statuses: codes(q.status) },
  }),
  '/workers/workernote': (q) => ({
    url: '/gateway/srm/reconciliations/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
  '/supplier/qualification': (q) => ({
    url: '/gateway/srm/qualification-documents/list',
    filter: { side: 'buyer', statuses: codes(q.status) },
  }),
  '/sale/customer/qualification': (q) => ({
    url: '/gateway/srm/qualification-documents/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
  '/prdiversion/inquirynote': (q) => ({ url: '/gateway/srm/inquiries/list', filter: { statuses: codes(q.status) } }),
  '/inquiryoffer/offerin': (q) => ({
    url: '/gateway/srm/quotations/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
  '/contract/supplier': (q) => ({
    url: '/gateway/srm/contracts/list',
    filter: { side: 'buyer', statuses: codes(q.status) },
  }),
  '/contract/customer': (q) => ({
    url: '/gateway/srm/contracts/list',
    filter: { side: 'supplier', statuses: codes(q.status) },
  }),
};

/** Statement items wait for the drafter or the counterpart (server `reconciliations.workbench.ts`). */
const STATEMENT_WAITS: Record<string, 'drafter' | 'counterpart'> = {
  statementsToAnswer: 'counterpart',
  statementsToRevise: 'drafter',
  statementsToFinalize: 'drafter',
};

/** The rows the item's link shows the caller: the list page's own request, the whole of it. */
async function listRows(c: Caller, item: WorkbenchItem) {
  const page = LIST_PAGES[item.link.path];
  expect(page, `a list page for ${item.link.path}`).toBeDefined();
  const { url, filter } = page!(item.link.query);
  const data = await ok<{ dataList: { id: string; draftedBy?: string }[]; totalCount: number }>(
    c.post(url, { filter, pageParam: { pageNum: 1, pageSize: 100 } }),
  );
  expect(data.totalCount).toBeLessThanOrEqual(100);
  const waits = STATEMENT_WAITS[item.key];
  if (!waits) return data.dataList;
  return data.dataList.filter((s) => (s.draftedBy === item.side) === (waits === 'drafter'));
}

/** Every item's count is the number of rows its list shows the same caller, and its rows are among them. */
async function expectCountsMatchLists(c: Caller) {
  const items = await workbench(c);
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const rows = await listRows(c, item);
    expect(item.count, `${item.side} ${item.key}`).toBe(rows.length);
    expect(item.rows.length).toBe(Math.min(rows.length, 5));
    const ids = new Set(rows.map((r) => r.id));
    for (const row of item.rows) expect(ids.has(row.id), `${item.key} row ${row.documentNo}`).toBe(true);
  }
  return items;
}

const userInfo = async (c: Caller) =>
  ok<{ permissions: string[]; positions: { id: string; code: string }[] }>(c.get('/gateway/admin/user/info'));

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
});
afterAll(() => t.close());

describe('the checklist', () => {
  it('names every item key once per side', () => {
    const ids = WORKBENCH_ITEMS.map((i) => `${i.side}:${i.key}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(WORKBENCH_ITEMS.map((i) => i.key))).toEqual(new Set(WORKBENCH_ITEM_KEYS));
  });
});

describe('counts are what the lists show', () => {
  it('for the buyer: the seeded proposals, deliveries, inspections and qualifications wait for it', async () => {
    const items = await expectCountsMatchLists(buyer);
    for (const key of [
      'counterProposals',
      'planProposals',
      'deliveriesArriving',
      'inspectionsPending',
      'qualificationsToReview',
      'qualificationsExpiring',
    ]) {
      expect(itemOf(items, key, 'buyer')?.count, key).toBeGreaterThan(0);
    }
    const proposal = itemOf(items, 'counterProposals', 'buyer')!;
    expect(proposal.link).toEqual({
      path: '/procurementConsignment/order',
      query: { status: String(S.COUNTER_PROPOSED) },
    });
    expect(proposal.rows[0]).toMatchObject({
      documentNo: expect.stringMatching(/^PO\d{10}$/),
      supName: expect.stringContaining('Shenzhen Precision'),
      path: `/procurementConsignment/order/detail?id=${proposal.rows[0]!.id}`,
    });
  });

  it('for the suppliers: orders, changes, requests and documents to renew', async () => {
    const items = await expectCountsMatchLists(supplier);
    for (const key of ['ordersToConfirm', 'orderChangesToConfirm', 'qualificationsToReply', 'qualificationsToRenew']) {
      expect(itemOf(items, key, 'supplier')?.count, key).toBeGreaterThan(0);
    }
    expect(itemOf(items, 'ordersToConfirm', 'supplier')!.rows[0]!.customerName).toContain('Huaxin');
    await expectCountsMatchLists(supplier2);
  });

  it('puts a statement on the side that must act: the drafter of a disputed one, not its counterpart', async () => {
    const drafter = itemOf(await workbench(supplier2), 'statementsToRevise', 'supplier')!;
    expect(drafter.count).toBe(1);
    expect(drafter.link).toEqual({ path: '/workers/workernote', query: { status: '2' } });
    // The buyer's tab shows the same statement, but it waits for the supplier: nothing for the buyer.
    const tab = await listRows(buyer, { ...drafter, key: 'statementsToAnswer', side: 'buyer' });
    expect(tab).toEqual([]);
    const all = await ok<{ dataList: { id: string }[] }>(
      buyer.post('/gateway/srm/reconciliations/list', { filter: { side: 'buyer', statuses: [2] } }),
    );
    expect(all.dataList.map((s) => s.id)).toContain(drafter.rows[0]!.id);
    expect(itemOf(await workbench(buyer), 'statementsToRevise', 'buyer')!.count).toBe(0);
  });

  it('moves with the documents: a sent order waits for the supplier, its counter-proposal for the buyer', async () => {
    const before = {
      confirm: itemOf(await workbench(supplier), 'ordersToConfirm', 'supplier')!.count,
      proposals: itemOf(await workbench(buyer), 'counterProposals', 'buyer')!.count,
    };
    const options = await ok<{ suppliers: { id: string; supCode: string }[] }>(buyer.get(`${ORDERS}/options`));
    const created = await ok<{ id: string; orderNo: string }>(
      buyer.post(ORDERS, {
        supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
        currency: 'CNY',
        orderDate: '2026-11-23',
        send: true,
        lines: [
          {
            prdtNo: 'WB-1',
            prdtName: 'Workbench part',
            unitName: 'pcs',
            qty: '10',
            price: '2',
            taxRate: '13',
            requestedDate: '2026-12-20',
          },
        ],
      }),
    );
    const waiting = itemOf(await workbench(supplier), 'ordersToConfirm', 'supplier')!;
    expect(waiting.count).toBe(before.confirm + 1);
    expect(waiting.rows.map((r) => r.documentNo)).toContain(created.orderNo);

    const seen = await ok<{ version: number; lines: { id: string }[] }>(supplier.get(`${ORDERS}/${created.id}`));
    await ok(
      supplier.post(`${ORDERS}/${created.id}/actions/confirm`, {
        version: seen.version,
        lines: [{ id: seen.lines[0]!.id, qty: '8', date: '2026-12-28' }],
      }),
    );
    expect(itemOf(await workbench(supplier), 'ordersToConfirm', 'supplier')!.count).toBe(before.confirm);
    const proposals = itemOf(await workbench(buyer), 'counterProposals', 'buyer')!;
    expect(proposals.count).toBe(before.proposals + 1);
    await expectCountsMatchLists(buyer);
    await expectCountsMatchLists(supplier);
  });
});

describe('who sees which item', () => {
  it('gives a member only the items of the lists its position opens, counted within its data scope', async () => {
    const info = await userInfo(clerk);
    const asClerk = await expectCountsMatchLists(clerk);
    const keys = asClerk.map((i) => `${i.side}:${i.key}`);
    expect(keys).toContain('buyer:counterProposals');
    // The purchasing clerk's position holds no qualification or supply permission.
    expect(info.permissions).not.toContain('PO_SUP_RZ');
    expect(keys).not.toContain('buyer:qualificationsExpiring');
    expect(keys.filter((k) => k.startsWith('supplier:'))).toEqual([]);
    // The clerk sees its own orders only: the administrator's counter-proposals are not its to count.
    expect(itemOf(asClerk, 'counterProposals', 'buyer')!.count).toBeLessThan(
      itemOf(await workbench(buyer), 'counterProposals', 'buyer')!.count,
    );

    const inspector = info.positions.find((p) => p.code === 'QC-INS')!;
    await ok(clerk.post('/gateway/srm/positions/switch', { positionId: inspector.id }));
    try {
      const asInspector = await expectCountsMatchLists(clerk);
      const now = asInspector.map((i) => `${i.side}:${i.key}`);
      expect(now).toContain('buyer:qualificationsExpiring');
      expect(now).toContain('buyer:inspectionsPending');
      expect(now).not.toContain('buyer:counterProposals');
    } finally {
      const clerkPosition = info.positions.find((p) => p.code === 'PUR-CLK')!;
      await ok(clerk.post('/gateway/srm/positions/switch', { positionId: clerkPosition.id }));
    }
  });

  it('shows a new enterprise nothing of another', async () => {
    const anon = as(t.app);
    const mobile = '13900009901';
    await ok(anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`));
    await ok(
      anon.post('/gateway/admin/sysuserinfo/userRegister', {
        username: 'wb.founder',
        mobileArea: '+86',
        mobile,
        email: 'wb.founder@example.test',
        code: lastCode(t.sent, `+86${mobile}`),
        password: 'Founder@2026',
        password2: 'Founder@2026',
        agreement: true,
      }),
    );
    const token = await login(t.app, 'wb.founder', 'Founder@2026');
    const company = await ok<{ tenantId: string }>(
      as(t.app, token).post('/gateway/admin/syscompanyinfo/compRegister', {
        name: 'Workbench Trial',
        shortName: 'Trial',
      }),
    );
    const items = await workbench(as(t.app, token, company.tenantId));
    expect(items.length).toBe(WORKBENCH_ITEMS.length);
    expect(items.every((i) => i.count === 0 && i.rows.length === 0)).toBe(true);

    // Two suppliers of one buyer: neither sees a row of the other's.
    const rowsOf = async (c: Caller) => new Set((await workbench(c)).flatMap((i) => i.rows.map((r) => r.id)));
    const first = await rowsOf(supplier);
    const second = await rowsOf(supplier2);
    expect(first.size).toBeGreaterThan(0);
    expect([...second].filter((id) => first.has(id))).toEqual([]);
  });
});

describe('the buyer cockpit', () => {
  const report = async (c: Caller, name: string) =>
    ok<{ summary: Record<string, unknown>; dataList: Record<string, unknown>[] }>(
      c.post(`/gateway/srm/reports/${name}`, { pageParam: { pageNum: 1, pageSize: 100 } }),
    );

  it('shows the reports figures, the late suppliers and the open order value per month and currency', async () => {
    const cockpit = await ok<CockpitReply>(buyer.get(`${WORKBENCH}/cockpit`));
    const onTime = await report(buyer, 'poTimelyArrivalRate');
    const quality = await report(buyer, 'poQualityYield');
    expect(cockpit.onTimeRate).toBe(onTime.summary.onTimeRate);
    expect(cockpit.qualityYield).toBe(quality.summary.qualityYield);
    expect(cockpit.onTimeByMonth).toHaveLength(6);
    const late = onTime.dataList.filter((r) => compareDecimals(String(r.onTimeRate), '100') < 0);
    expect(cockpit.lateSuppliers.map((s) => s.supplierId).sort()).toEqual(late.map((r) => String(r.id)).sort());

    // The open orders of the period, summed from the order list by month and currency.
    const open = await ok<{ dataList: { orderDate: string; currency: string; totalAmount: string }[] }>(
      buyer.post(`${ORDERS}/list`, {
        filter: {
          side: 'buyer',
          statuses: [S.SENT, S.PARTIALLY_CONFIRMED, S.COUNTER_PROPOSED, S.CONFIRMED],
          dateFrom: cockpit.period.dateFrom,
          dateTo: cockpit.period.dateTo,
        },
        pageParam: { pageNum: 1, pageSize: 100 },
      }),
    );
    const expected = new Map<string, string[]>();
    for (const o of open.dataList) {
      const key = `${o.orderDate.slice(0, 7)} ${o.currency}`;
      expected.set(key, [...(expected.get(key) ?? []), o.totalAmount]);
    }
    expect(
      Object.fromEntries(cockpit.openOrderValue.map((v) => [`${v.month} ${v.currency}`, [v.amount, v.orders]])),
    ).toEqual(Object.fromEntries([...expected].map(([k, amounts]) => [k, [sumDecimals(amounts, 2), amounts.length]])));
  });

  it('masks the amounts of a position without prices and refuses a member without the buyer reports', async () => {
    const masked = await ok<CockpitReply>(clerk.get(`${WORKBENCH}/cockpit`));
    expect(masked.openOrderValue.every((v) => v.amount === MASK)).toBe(true);
    const info = await userInfo(clerk);
    const inspector = info.positions.find((p) => p.code === 'QC-INS')!;
    await ok(clerk.post('/gateway/srm/positions/switch', { positionId: inspector.id }));
    try {
      expect((await clerk.get(`${WORKBENCH}/cockpit`)).statusCode).toBe(403);
    } finally {
      await ok(
        clerk.post('/gateway/srm/positions/switch', {
          positionId: info.positions.find((p) => p.code === 'PUR-CLK')!.id,
        }),
      );
    }
  });
});
