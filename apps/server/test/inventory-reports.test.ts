import type {
  InventoryCustomer,
  InventoryMaterial,
  InventoryReportDetail,
  InventoryReportItem,
  ListResult,
  PurchaseOrderOptions,
} from '@concord/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, messages } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const ORDERS = '/gateway/srm/purchase-orders';
const INVENTORY = '/gateway/srm/inventory-reports';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let supplier2: Caller;
let supplierToken: string;
let huaxin: string;
let precisionTenant: string;
let mats: { id: string; prdtNo: string }[];

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

function upload(url: string, file: Buffer) {
  const boundary = `----concord${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${supplierToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
  });
}

const latest = async (c: Caller, filter: Record<string, unknown>) =>
  (await c.post(`${INVENTORY}/list`, { filter })).json().data as ListResult<InventoryReportItem>;

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplierToken = await login(t.app, 'supplier');
  supplier = as(t.app, supplierToken);
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  huaxin = await tenantOf(buyer);
  precisionTenant = await tenantOf(supplier);
  mats = await inTenantTx(t.database.db, huaxin, (tx) =>
    tx
      .select({ id: materials.id, prdtNo: materials.prdtNo })
      .from(materials)
      .where(and(eq(materials.tenantId, huaxin), eq(materials.status, 1)))
      .orderBy(asc(materials.prdtNo))
      .limit(100),
  ).then((rows) => rows.slice(-2));
  // The two last archive materials, which the seeded orders do not use, ordered from the precision supplier.
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  const precisionId = options.suppliers.find((s) => s.supCode === 'S00001')!.id;
  const res = await buyer.post(ORDERS, {
    supplierId: precisionId,
    orderDate: '2026-11-23',
    send: true,
    lines: mats.map((m) => ({ materialId: m.id, qty: '10', requestedDate: '2026-12-20' })),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

describe('inventory reports', () => {
  it('offers the supplier its customers and the customer’s materials it was ordered', async () => {
    const customers: InventoryCustomer[] = (await supplier.get(`${INVENTORY}/customers`)).json().data;
    expect(customers.map((c) => c.tenantId)).toContain(huaxin);
    const offered: InventoryMaterial[] = (
      await supplier.get(`${INVENTORY}/materials?customerTenantId=${huaxin}`)
    ).json().data;
    expect(offered.map((m) => m.materialId)).toEqual(expect.arrayContaining([mats[0]!.id, mats[1]!.id]));
  });

  it('stores the supplier’s report in the buyer’s relation and tells the buyer, once per Idempotency-Key (R-02)', async () => {
    const body = { customerTenantId: huaxin, lines: [{ materialId: mats[0]!.id, qty: '1200', remark: '现货' }] };
    const first = await supplier.post(INVENTORY, body, { 'idempotency-key': 'stock-1' });
    expect(first.statusCode, first.body).toBe(200);
    await supplier.post(INVENTORY, body, { 'idempotency-key': 'stock-1' });
    const seen = await latest(buyer, { side: 'buyer', materialId: mats[0]!.id });
    expect(seen.dataList.map((r) => [r.prdtNo, r.qty])).toEqual([[mats[0]!.prdtNo, '1200']]);
    expect(seen.dataList[0]!.supCode).toBe('S00001');
    const notes = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, huaxin), eq(messages.link, '/supplier/uploadinventory')));
    expect(notes.map((n) => n.title)).toContainEqual({
      key: 'inventory.sharedTitle',
      params: expect.objectContaining({ count: 1 }),
    });
  });

  it('shows the latest report per supplier and material, with the earlier ones in the detail', async () => {
    const res = await supplier.post(INVENTORY, {
      customerTenantId: huaxin,
      lines: [{ materialId: mats[0]!.id, qty: '950.5' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await latest(buyer, { side: 'buyer', materialId: mats[0]!.id });
    expect(seen.totalCount).toBe(1);
    expect(seen.dataList[0]!.qty).toBe('950.5');
    const detail: InventoryReportDetail = (await buyer.get(`${INVENTORY}/${seen.dataList[0]!.id}`)).json().data;
    expect(detail.side).toBe('buyer');
    expect(detail.history.map((h) => h.qty)).toEqual(['1200']);
    const own = await latest(supplier, { side: 'supplier', customerTenantId: huaxin, materialId: mats[0]!.id });
    expect(own.dataList.map((r) => r.qty)).toEqual(['950.5']);
  });

  it('takes stock as decimal text at the reporting enterprise’s quantity places only (issue 16)', async () => {
    const report = (qty: unknown) =>
      supplier.post(INVENTORY, {
        customerTenantId: huaxin,
        lines: [
          { materialId: mats[0]!.id, qty: '1' },
          { materialId: mats[0]!.id, qty },
        ],
      });
    const number = await report(950);
    expect(number.statusCode).toBe(400);
    expect(number.json().errorCode).toBe('VALIDATION_FAILED');
    expect(number.json().data.map((d: { path: string }) => d.path)).toEqual(['lines.1.qty']);
    const places = await report('950.125');
    expect(places.statusCode).toBe(400);
    expect(places.json().errorCode).toBe('DECIMAL_PLACES_EXCEEDED');
    expect(places.json().data).toMatchObject([{ path: 'lines.1.qty', places: 2 }]);
    expect((await latest(buyer, { side: 'buyer', materialId: mats[0]!.id })).dataList[0]!.qty).toBe('950.5');
  });

  it('refuses materials the customer has not ordered from the supplier, and customers it does not serve', async () => {
    const foreign = await supplier2.post(INVENTORY, {
      customerTenantId: huaxin,
      lines: [{ materialId: mats[0]!.id, qty: '5' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errorCode).toBe('INVENTORY_MATERIAL_NOT_FOUND');
    const notCustomer = await buyer.post(INVENTORY, {
      customerTenantId: precisionTenant,
      lines: [{ materialId: mats[0]!.id, qty: '5' }],
    });
    expect(notCustomer.statusCode).toBe(404);
  });

  it('hides reports from other tenants (T-01)', async () => {
    const seen = await latest(buyer, { side: 'buyer', materialId: mats[0]!.id });
    const id = seen.dataList[0]!.id;
    expect((await supplier2.get(`${INVENTORY}/${id}`)).statusCode).toBe(404);
    const theirs = await latest(supplier2, { side: 'supplier', materialId: mats[0]!.id });
    expect(theirs.totalCount).toBe(0);
  });

  it('imports a sheet all or nothing, listing every bad row', async () => {
    const bad = await writeXlsx({
      name: 'Stock',
      header: ['Material code', 'Stock quantity', 'Remark'],
      rows: [
        [mats[1]!.prdtNo, 300, ''],
        ['NO-SUCH-CODE', 5, ''],
        [mats[1]!.prdtNo, 'many', ''],
        [mats[1]!.prdtNo, 2.675, ''],
        [mats[1]!.prdtNo, 1.125, ''],
      ],
    });
    const refused = await upload(`${INVENTORY}/import?customerTenantId=${huaxin}`, bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.map((e: { row: number; reason: string }) => [e.row, e.reason])).toEqual([
      [3, expect.any(String)],
      [4, 'Enter a number'],
      [5, 'At most 2 decimal places'],
      [6, 'At most 2 decimal places'],
    ]);
    expect((await latest(buyer, { side: 'buyer', materialId: mats[1]!.id })).totalCount).toBe(0);
    const good = await writeXlsx({
      name: 'Stock',
      header: ['Material code', 'Stock quantity', 'Remark'],
      rows: [[mats[1]!.prdtNo, 300.07, '月底盘点']],
    });
    const ok = await upload(`${INVENTORY}/import?customerTenantId=${huaxin}`, good);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.count).toBe(1);
    expect((await latest(buyer, { side: 'buyer', materialId: mats[1]!.id })).dataList[0]!.qty).toBe('300.07');
  });

  it('lets the buyer ask suppliers to share their stock', async () => {
    const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
    const ids = options.suppliers.filter((s) => s.canReceive).map((s) => s.id);
    const res = await buyer.post(`${INVENTORY}/requests`, { supplierIds: ids.slice(0, 1), message: '请周五前上传' });
    expect(res.statusCode, res.body).toBe(200);
    const notes = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.tenantId, precisionTenant), eq(messages.link, '/customer/inventory')));
    expect(notes.length).toBeGreaterThan(0);
    const inbox = (
      await supplier.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': 'en-US' })
    ).json().data.dataList as { title: string; content: string; link: string }[];
    const asked = inbox.find((m) => m.link === '/customer/inventory')!;
    expect(asked.title).toMatch(/^\S.* asks you to share your stock of its materials$/);
    expect(asked.content).toBe('请周五前上传');
  });
});
