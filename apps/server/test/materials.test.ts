import { addDecimals, MATERIAL_IMPORT_STATUS, subtractDecimals, sumDecimals } from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialSuppliers, materials, suppliers } from '../src/db/schema.ts';
import { findSupplierPartNo } from '../src/modules/materials/material-suppliers.service.ts';
import { writeSearchTerms } from '../src/modules/materials/materials.search.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { writeXlsx, zip } from '../src/platform/xlsx.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';
import { unzip } from './security/xlsx-reader.ts';

const BASE = '/gateway/srm/materials';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let huaxin: string;
let precision: string;
let buyerToken: string;

const one = async <T>(query: Promise<{ rows: T[] }>) => (await query).rows[0]!;
const tenantOf = async (compNo: string) =>
  (await one(t.database.db.execute<{ id: string }>(sql`select id::text from enterprises where comp_no = ${compNo}`)))
    .id;

const material = (prdtNo: string, extra: Record<string, unknown> = {}) => ({
  prdtNo,
  prdtName: '采购订单测试件',
  prdtSpc: 'Test spec 10×20',
  poUnitNo: 'PCS',
  taxRateCode: 'VAT13',
  ...extra,
});

async function createMaterial(prdtNo: string, extra: Record<string, unknown> = {}) {
  const res = await buyer.post(BASE, material(prdtNo, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; version: number; prdtNo: string };
}

async function supplierId(code: string) {
  return inTenantTx(t.database.db, huaxin, async (tx) => {
    const [row] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, huaxin), eq(suppliers.supCode, code)));
    return row!.id;
  });
}

function upload(url: string, file: Buffer) {
  const boundary = `----concord${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${buyerToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Uploads, then polls the import until it has finished. */
async function runImport(file: Buffer, target: 'materials' | 'suppliers' = 'materials') {
  const res = await upload(`${BASE}/import?target=${target}`, file);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  for (let i = 0; i < 200; i++) {
    const poll = await buyer.get(`${BASE}/imports/${id}`);
    const data = poll.json().data;
    if (data.status >= MATERIAL_IMPORT_STATUS.SUCCEEDED) return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

beforeAll(async () => {
  t = await createTestContext();
  huaxin = await tenantOf('20260001');
  precision = await tenantOf('20260002');
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, await login(t.app, 'supplier'));
});
afterAll(() => t.close());

describe('materials archive', () => {
  it('creates a material with names copied from the basic data and logs it', async () => {
    const m = await createMaterial('T-0001', { valuationUnitNo: '', isCheck: true });
    const res = await buyer.get(`${BASE}/${m.id}`);
    expect(res.json().data).toMatchObject({
      prdtNo: 'T-0001',
      poUnitNo: 'PCS',
      valuationUnitNo: 'PCS',
      taxRate: '13.0000',
      isCheck: true,
      status: 1,
    });
    expect(res.json().data.poUnitName).toContain('个');
    const ops = await buyer.get(`${BASE}/${m.id}/operations`);
    expect(ops.json().data.map((o: { summary: string }) => o.summary)).toContain(
      'Created material T-0001 采购订单测试件',
    );
  });

  it('refuses a code already used in the tenant but allows it in another tenant (T-10)', async () => {
    await createMaterial('T-DUP');
    const again = await buyer.post(BASE, material('T-DUP'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('MATERIAL_CODE_TAKEN');
    await inTenantTx(t.database.db, precision, (tx) =>
      tx.insert(materials).values({
        tenantId: precision,
        id: '990000000000000001',
        prdtNo: 'T-DUP',
        prdtName: 'other tenant',
        poUnitNo: 'PCS',
        poUnitName: 'PCS',
        valuationUnitNo: 'PCS',
        valuationUnitName: 'PCS',
      }),
    );
  });

  it('refuses unknown references and bad input with nothing stored', async () => {
    const unit = await buyer.post(BASE, material('T-BAD', { poUnitNo: 'NOPE' }));
    expect(unit.statusCode).toBe(400);
    expect(unit.json().errorCode).toBe('MATERIAL_REFERENCE_NOT_FOUND');
    const invalid = await buyer.post(BASE, { prdtNo: '', poUnitNo: 'PCS', orderOverRate: '120' });
    expect(invalid.statusCode).toBe(400);
    const list = await buyer.post(`${BASE}/list`, { filter: { keyword: 'T-BAD' } });
    expect(list.json().data.totalCount).toBe(0);
  });

  it('takes quantities and percentages as decimal strings at the places allowed (issue 16)', async () => {
    const m = await createMaterial('T-DEC', {
      minOrderQty: '1000000000000',
      minPackQty: '12.5',
      orderOverRate: '2.25',
    });
    const read = (await buyer.get(`${BASE}/${m.id}`)).json().data;
    expect(read).toMatchObject({ minOrderQty: '1000000000000.000000', minPackQty: '12.500000', orderOverRate: '2.25' });
    const asNumber = await buyer.post(BASE, material('T-DEC-N', { minOrderQty: 10 }));
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().errorCode).toBe('VALIDATION_FAILED');
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'minOrderQty' })]);
    // The enterprise keeps 2 quantity places; a third is refused, not rounded away.
    const tooFine = await buyer.put(`${BASE}/${m.id}`, {
      ...material('T-DEC', { minPackQty: '12.505' }),
      version: m.version,
    });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json()).toMatchObject({
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'minPackQty', places: 2 }],
    });
    const rate = await buyer.post(BASE, material('T-DEC-R', { orderOverRate: '2.125' }));
    expect(rate.json()).toMatchObject({
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'orderOverRate', places: 2 }],
    });
    // The same value written padded is no change to the operation record.
    const same = await buyer.put(`${BASE}/${m.id}`, {
      ...material('T-DEC', { minOrderQty: '1000000000000', minPackQty: '12.50', orderOverRate: '2.25' }),
      version: m.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    const ops = (await buyer.get(`${BASE}/${m.id}/operations`)).json().data as { summary: string }[];
    expect(ops.map((o) => o.summary)).toEqual(['Created material T-DEC 采购订单测试件']);
  });

  it('updates with the version and answers 409 to a stale one', async () => {
    const m = await createMaterial('T-VER');
    const ok = await buyer.put(`${BASE}/${m.id}`, { ...material('T-VER', { prdtName: '新名称' }), version: m.version });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.version).toBe(m.version + 1);
    const stale = await buyer.put(`${BASE}/${m.id}`, { ...material('T-VER'), version: m.version });
    expect(stale.statusCode).toBe(409);
  });

  it('answers 403 without CF_BAS and 404 across tenants', async () => {
    const m = await createMaterial('T-SEC');
    expect((await clerk.post(`${BASE}/list`, {})).statusCode).toBe(403);
    expect((await clerk.post(BASE, material('T-CLERK'))).statusCode).toBe(403);
    // The supplier administrator has CF_BAS in its own enterprise only.
    expect((await supplier.get(`${BASE}/${m.id}`)).statusCode).toBe(404);
    const theirs = await supplier.post(`${BASE}/list`, {});
    expect(theirs.json().data.dataList.map((r: { prdtNo: string }) => r.prdtNo)).toEqual(['T-DUP']);
  });
});

describe('search', () => {
  it('finds by code, name, specification, full pinyin and initials', async () => {
    const codes = async (q: string) =>
      (await buyer.get(`${BASE}/search?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((m: { prdtNo: string }) => m.prdtNo);
    expect((await codes('R-0603-10K'))[0]).toBe('R-0603-10K');
    expect(await codes('贴片电阻')).toEqual(expect.arrayContaining(['R-0603-10K', 'R-0603-1K', 'R-0805-100R']));
    expect(await codes('电阻')).toEqual(expect.arrayContaining(['R-AXL-4K7', 'R-1206-0R']));
    expect(await codes('tiepiandianzu')).toContain('R-0603-10K');
    expect(await codes('tpdz')).toContain('R-0603-10K');
    expect(await codes('cgdd')).toContain('T-0001');
    expect(await codes('lwk')).toEqual(['AL-CASE-120']);
    expect(await codes('铝外壳')).toEqual(['AL-CASE-120']);
    expect(await codes('0603 10k')).toEqual(['R-0603-10K']);
    expect(await codes('Aluminium housing')).toEqual(['AL-CASE-120']);
    expect(await codes('zzzzzz')).toEqual([]);
  });

  it('matches a rare word behind a common one, beyond the first 500 materials of the common one', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => [
      `CMN-${String(i).padStart(3, '0')}`,
      '通用电阻',
      i === 637 ? '0402 RARE77' : '0402',
      'PCS',
    ]);
    const imported = await runImport(
      await writeXlsx({ name: 'm', header: ['物料编码*', '物料名称*', '规格型号', '采购单位*'], rows }),
    );
    expect(imported.status, JSON.stringify(imported)).toBe(MATERIAL_IMPORT_STATUS.SUCCEEDED);
    const codes = async (q: string) =>
      (await buyer.get(`${BASE}/search?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((m: { prdtNo: string }) => m.prdtNo);
    expect(await codes('通用 rare77')).toEqual(['CMN-637']);
    expect(await codes('tongyong 0402 RARE')).toEqual(['CMN-637']);
    expect(await codes('rare77 电阻')).toEqual(['CMN-637']);
    // `cmn-6` starts a hundred codes: matched by its prefix range rather than term by term.
    expect(await codes('通用 cmn-6')).toEqual(
      Array.from({ length: 20 }, (_, i) => `CMN-6${String(i).padStart(2, '0')}`),
    );
    expect(await codes('cmn-63 rare')).toEqual(['CMN-637']);
    expect(await codes('通用 0603')).toEqual([]);
    const list = await buyer.post(`${BASE}/list`, { filter: { keyword: '通用 rare77' } });
    expect(list.json().data.totalCount).toBe(1);
    const all = await buyer.post(`${BASE}/list`, { filter: { keyword: 'tydz 0402' } });
    expect(all.json().data.totalCount).toBe(700);
  });

  it('finds the one match of two words beyond the materials it probes one by one', async () => {
    // More materials of the common word than the search tests one by one: the rare match, written last,
    // is only found by intersecting the two words whole.
    const rows = Array.from({ length: 5200 }, (_, i) => ({
      id: newId(),
      prdtNo: `BLK-${String(i).padStart(4, '0')}`,
      prdtName: '批量件',
      prdtSpc: i === 5199 ? 'RARE99' : 'common',
      englishName: '',
    }));
    await inTenantTx(t.database.db, huaxin, async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(materials).values(
          rows.slice(i, i + 1000).map((r) => ({
            ...r,
            tenantId: huaxin,
            poUnitNo: 'PCS',
            poUnitName: '个',
            valuationUnitNo: 'PCS',
            valuationUnitName: '个',
          })),
        );
      }
      await writeSearchTerms(tx, huaxin, rows, false);
    });
    const codes = async (q: string) =>
      (await buyer.get(`${BASE}/search?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((m: { prdtNo: string }) => m.prdtNo);
    expect(await codes('批量 rare99')).toEqual(['BLK-5199']);
    expect(await codes('plj rare')).toEqual(['BLK-5199']);
    expect(await codes('批量件 blk-5')).toHaveLength(20);
    const list = await buyer.post(`${BASE}/list`, { filter: { keyword: 'pl rare99' } });
    expect(list.json().data.totalCount).toBe(1);
    const all = await buyer.post(`${BASE}/list`, { filter: { keyword: '批量 common' } });
    expect(all.json().data.totalCount).toBe(5199);
  });

  it('is open to PO_SYN members and scoped to the tenant', async () => {
    const res = await clerk.get(`${BASE}/search?q=R-0603`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    const other = await supplier.get(`${BASE}/search?q=R-0603`);
    expect(other.json().data).toEqual([]);
  });
});

describe('drawings', () => {
  it('keeps exactly one valid version per drawing number, also under concurrent publishing', async () => {
    const m = await createMaterial('T-DWG');
    const publish = (name: string) =>
      buyer.post(`${BASE}/${m.id}/drawings`, {
        drawingNo: 'D-1',
        drawingName: name,
        attachments: [{ name: 'a.pdf', url: '/gateway/system/oss/file/5eedc0de000000000000000000000101.pdf' }],
      });
    expect((await publish('first')).statusCode).toBe(200);
    const results = await Promise.all([publish('second'), publish('third'), publish('fourth')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const list = (await buyer.get(`${BASE}/${m.id}/drawings`)).json().data as {
      drawingVersion: number;
      isItValid: boolean;
    }[];
    expect(list.map((d) => d.drawingVersion)).toEqual([4, 3, 2, 1]);
    expect(list.filter((d) => d.isItValid).map((d) => d.drawingVersion)).toEqual([4]);
  });

  it('requires an attachment', async () => {
    const m = await createMaterial('T-DWG2');
    const res = await buyer.post(`${BASE}/${m.id}/drawings`, { drawingNo: 'D-2', drawingName: 'x', attachments: [] });
    expect(res.statusCode).toBe(400);
  });
});

describe('approved suppliers', () => {
  it('keeps the quotas of a material at or below 100 %, also for concurrent adds', async () => {
    const m = await createMaterial('T-QUOTA');
    const [a, b, c] = await Promise.all([supplierId('S00001'), supplierId('S00002'), supplierId('S00004')]);
    const add = (sup: string, quota: string) =>
      buyer.post('/gateway/srm/material-suppliers', {
        materialId: m.id,
        supplierId: sup,
        supPrdtNo: `SUP-${quota}`,
        poQuotaRate: quota,
      });
    const results = await Promise.all([add(a, '60.5'), add(b, '60')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().errorCode).toBe('MATERIAL_QUOTA_EXCEEDED');
    const winner = results.find((r) => r.statusCode === 200)!.json().data.poQuotaRate as string;
    expect((await add(c, subtractDecimals('100', winner, 2))).statusCode).toBe(200);
    const list = await buyer.post('/gateway/srm/material-suppliers/list', { filter: { materialId: m.id } });
    const rows = list.json().data.dataList as { id: string; poQuotaRate: string; version: number }[];
    expect(
      sumDecimals(
        rows.map((r) => r.poQuotaRate),
        2,
      ),
    ).toBe('100');
    const raise = await buyer.put(`/gateway/srm/material-suppliers/${rows[0].id}`, {
      poQuotaRate: addDecimals(rows[0].poQuotaRate, '0.01', 2),
      version: rows[0].version,
    });
    expect(raise.statusCode).toBe(409);
    expect(raise.json().errorCode).toBe('MATERIAL_QUOTA_EXCEEDED');
  });

  it('takes quotas and stock levels as decimal strings at the places allowed (issue 16)', async () => {
    const m = await createMaterial('T-QDEC');
    const sup = await supplierId('S00001');
    const asNumber = await buyer.post('/gateway/srm/material-suppliers', {
      materialId: m.id,
      supplierId: sup,
      safeStoreQty: 100,
    });
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'safeStoreQty' })]);
    const tooFine = await buyer.post('/gateway/srm/material-suppliers', {
      materialId: m.id,
      supplierId: sup,
      poQuotaRate: '33.333',
    });
    expect(tooFine.json()).toMatchObject({
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'poQuotaRate', places: 2 }],
    });
    const ok = await buyer.post('/gateway/srm/material-suppliers', {
      materialId: m.id,
      supplierId: sup,
      poQuotaRate: '33.33',
      safeStoreQty: '1500.5',
      topStoreQty: '6000',
      scheduleOverRate: '5',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      poQuotaRate: '33.33',
      safeStoreQty: '1500.500000',
      topStoreQty: '6000.000000',
      scheduleOverRate: '5.00',
    });
  });

  it('gives the supplier part number for an order line', async () => {
    const m = await createMaterial('T-PART');
    const sup = await supplierId('S00001');
    await buyer.post('/gateway/srm/material-suppliers', { materialId: m.id, supplierId: sup, supPrdtNo: 'SZP-777' });
    const found = await inTenantTx(t.database.db, huaxin, (tx) => findSupplierPartNo(tx, huaxin, m.id, sup));
    expect(found?.supPrdtNo).toBe('SZP-777');
    const none = await inTenantTx(t.database.db, huaxin, (tx) => findSupplierPartNo(tx, huaxin, m.id, '1'));
    expect(none).toBeNull();
  });

  it('refuses a second row for the same supplier', async () => {
    const m = await createMaterial('T-PAIR');
    const sup = await supplierId('S00002');
    expect(
      (await buyer.post('/gateway/srm/material-suppliers', { materialId: m.id, supplierId: sup })).statusCode,
    ).toBe(200);
    const again = await buyer.post('/gateway/srm/material-suppliers', { materialId: m.id, supplierId: sup });
    expect(again.json().errorCode).toBe('MATERIAL_SUPPLIER_TAKEN');
  });
});

describe('material-customer relation (supplier side)', () => {
  it('is kept by the supplier and invisible to the buyer', async () => {
    const list = await supplier.post('/gateway/srm/material-customers/list', {});
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.dataList as { id: string; customerId: string; custPrdtCode: string }[];
    expect(rows.map((r) => r.custPrdtCode)).toContain('AL-CASE-120');
    const created = await supplier.post('/gateway/srm/material-customers', {
      customerId: rows[0].customerId,
      custPrdtCode: 'PL-COVER-01',
      custPrdtName: '塑胶上盖',
      prdtNo: 'SZP-PC-01',
      materialQty: '10',
      smallQty: '5',
      lengthCm: 20,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ materialQty: '10.000000', smallQty: '5.000000', outerQty: null });
    const dup = await supplier.post('/gateway/srm/material-customers', {
      customerId: rows[0].customerId,
      custPrdtCode: 'PL-COVER-01',
      custPrdtName: 'x',
    });
    expect(dup.json().errorCode).toBe('MATERIAL_CUSTOMER_TAKEN');
    expect((await buyer.get(`/gateway/srm/material-customers/${created.json().data.id}`)).statusCode).toBe(404);
  });

  it('takes packing quantities as decimal strings at the places allowed (issue 16)', async () => {
    const [row] = (await supplier.post('/gateway/srm/material-customers/list', {})).json().data.dataList as {
      customerId: string;
    }[];
    const relation = (extra: Record<string, unknown>) => ({
      customerId: row!.customerId,
      custPrdtCode: 'PL-DEC-01',
      custPrdtName: '小数测试',
      ...extra,
    });
    const asNumber = await supplier.post('/gateway/srm/material-customers', relation({ materialQty: 12 }));
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'materialQty' })]);
    const tooFine = await supplier.post('/gateway/srm/material-customers', relation({ minQty: '0.125' }));
    expect(tooFine.json()).toMatchObject({ errorCode: 'DECIMAL_PLACES_EXCEEDED', data: [{ path: 'minQty' }] });
    const ok = await supplier.post(
      '/gateway/srm/material-customers',
      relation({ minQty: '0.12', overdeliveryRate: '2.5' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ minQty: '0.120000', overdeliveryRate: '2.50' });
  });
});

describe('operation record', () => {
  it("tells a material's steps in the reader's language", async () => {
    const m = await createMaterial('T-LOG');
    const renamed = await buyer.put(`${BASE}/${m.id}`, {
      ...material('T-LOG', { prdtName: '新名称' }),
      version: m.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const drawing = await buyer.post(`${BASE}/${m.id}/drawings`, {
      drawingNo: 'D-9',
      drawingName: '外形图',
      attachments: [{ name: 'a.pdf', url: '/gateway/system/oss/file/5eedc0de000000000000000000000101.pdf' }],
    });
    expect(drawing.statusCode, drawing.body).toBe(200);
    const approved = await buyer.post('/gateway/srm/material-suppliers', {
      materialId: m.id,
      supplierId: await supplierId('S00001'),
      poQuotaRate: '40',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/gateway/srm/material-suppliers/${approved.json().data.id}`,
      headers: { authorization: `Bearer ${buyerToken}` },
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const record = async (language: string) =>
      (
        (await buyer.get(`${BASE}/${m.id}/operations`, { 'accept-language': language })).json().data as {
          summary: string;
        }[]
      ).map((o) => o.summary);
    expect(await record('en-US')).toEqual([
      'Removed approved supplier S00001 from material T-LOG',
      'Approved supplier S00001 for material T-LOG with a quota of 40%',
      'Published version 1 of drawing D-9 of material T-LOG',
      'Changed material T-LOG: prdtName: 采购订单测试件 → 新名称',
      'Created material T-LOG 采购订单测试件',
    ]);
    const chinese = await record('zh-CN');
    expect(chinese).toEqual([
      '移除了物料 T-LOG 的合格供应商 S00001',
      '为物料 T-LOG 新增了合格供应商 S00001，配额 40%',
      '发布了物料 T-LOG 的图纸 D-9 第 1 版',
      '修改了物料 T-LOG：prdtName: 采购订单测试件 → 新名称',
      '新增了物料 T-LOG 采购订单测试件',
    ]);
    // No Latin word but the codes (and the changed field's name) in the Chinese record.
    expect(chinese.join(' ').replace(/T-LOG|S00001|D-9|prdtName/g, '')).not.toMatch(/[A-Za-z]/);
  });
});

describe('Excel', () => {
  const header = [
    '物料编码*',
    '物料名称*',
    '规格型号',
    '采购单位*',
    'Class code',
    '默认仓库',
    'Tax rate',
    '采购提前期(天)',
  ];

  it('downloads a template and an export whose formula-like cells stay text', async () => {
    const tpl = await buyer.get(`${BASE}/template`);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    await createMaterial('=HYPERLINK("x")');
    const exp = await buyer.get(`${BASE}/export?keyword=${encodeURIComponent('=HYPERLINK')}`);
    expect(exp.statusCode).toBe(200);
    const sheet = unzip(exp.rawPayload).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    // The formula-like code is an inline string with the quote-prefix style, never a formula (I-07).
    expect(sheet).toContain('s="2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK(&quot;x&quot;)</t>');
    expect(sheet).not.toContain('<f>');
  });

  it('imports nothing when rows are bad and lists every error with row, column and reason (R-08)', async () => {
    const rows: (string | number | null)[][] = [];
    for (let i = 0; i < 200; i++) rows.push([`IMP-${i}`, `导入件${i}`, 'spec', 'PCS', '0101', 'WH01', 'VAT13', 5]);
    rows[10] = ['IMP-10', '导入件10', 'spec', 'BOX', '0101', 'WH01', 'VAT13', 5];
    rows[20] = ['IMP-20', null, 'spec', 'PCS', '0101', 'WH01', 'VAT13', 5];
    rows[30] = ['IMP-5', '重复', 'spec', 'PCS', '0101', 'WH01', 'VAT13', 5];
    rows[40] = ['IMP-40', 'x', 'spec', 'PCS', '9999', 'WH01', 'VAT13', 5];
    rows[50] = ['IMP-50', 'x', 'spec', 'PCS', '0101', 'WH01', 'VAT13', 'soon'];
    rows[60] = ['T-0001', 'x', 'spec', 'PCS', '0101', 'WH01', 'VAT13', 5];
    const bad = await writeXlsx({ name: 'm', header, rows });
    const result = await runImport(bad);
    expect(result.status).toBe(MATERIAL_IMPORT_STATUS.FAILED);
    expect(result.errorCount).toBe(6);
    expect(result.errors).toEqual([
      { row: 12, column: 'Purchasing unit*', reason: '“BOX” does not exist' },
      { row: 22, column: 'Material name*', reason: 'A value is required' },
      { row: 32, column: 'Material code*', reason: '“IMP-5” also appears in row 7' },
      { row: 42, column: 'Class code', reason: '“9999” does not exist' },
      { row: 52, column: 'Lead days', reason: 'Enter a number' },
      { row: 62, column: 'Material code*', reason: '“T-0001” already exists' },
    ]);
    const none = await buyer.post(`${BASE}/list`, { filter: { keyword: 'IMP-1' } });
    expect(none.json().data.totalCount).toBe(0);

    rows[10][3] = 'PCS';
    rows[20][1] = '导入件20';
    rows[30][0] = 'IMP-30';
    rows[40][4] = '0101';
    rows[50][7] = 5;
    rows[60][0] = 'IMP-60';
    const good = await runImport(await writeXlsx({ name: 'm', header, rows }));
    expect(good.status, JSON.stringify(good)).toBe(MATERIAL_IMPORT_STATUS.SUCCEEDED);
    expect(good.importedRows).toBe(200);
    const found = await buyer.get(`${BASE}/search?q=${encodeURIComponent('导入件199')}`);
    expect(found.json().data.map((m: { prdtNo: string }) => m.prdtNo)).toEqual(['IMP-199']);
    const again = await runImport(await writeXlsx({ name: 'm', header, rows }));
    expect(again.status).toBe(MATERIAL_IMPORT_STATUS.FAILED);
    expect(again.errorCount).toBe(200);
  });

  it('reads quantity and percentage cells by their digits, at the places allowed (issue 16)', async () => {
    const decHeader = ['物料编码*', '物料名称*', '采购单位*', 'Min. order qty', 'Over-delivery %'];
    const bad = await runImport(
      await writeXlsx({
        name: 'm',
        header: decHeader,
        rows: [
          ['DEC-1', '小数件', 'PCS', 2.675, '5%'],
          ['DEC-2', '小数件', 'PCS', 'many', 5],
          ['DEC-3', '小数件', 'PCS', 1, 2.125],
        ],
      }),
    );
    expect(bad.status).toBe(MATERIAL_IMPORT_STATUS.FAILED);
    expect(bad.errors).toEqual([
      { row: 2, column: 'Min. order qty', reason: 'At most 2 decimal places' },
      { row: 3, column: 'Min. order qty', reason: 'Enter a number' },
      { row: 4, column: 'Over-delivery %', reason: 'At most 2 decimal places' },
    ]);
    const good = await runImport(
      await writeXlsx({ name: 'm', header: decHeader, rows: [['DEC-1', '小数件', 'PCS', 1050.5, '5%']] }),
    );
    expect(good.status, JSON.stringify(good)).toBe(MATERIAL_IMPORT_STATUS.SUCCEEDED);
    const [m] = (await buyer.post(`${BASE}/list`, { filter: { keyword: 'DEC-1' } })).json().data.dataList;
    expect(m).toMatchObject({ prdtNo: 'DEC-1', minOrderQty: '1050.500000', orderOverRate: '5.00' });
  });

  it('imports approved suppliers and refuses quotas above 100 %', async () => {
    const supHeader = ['Material code*', 'Supplier code*', 'Supplier part no.', 'Quota %'];
    const over = await runImport(
      await writeXlsx({
        name: 's',
        header: supHeader,
        rows: [
          ['IMP-1', 'S00001', 'A-1', 50],
          ['IMP-1', 'S00002', 'B-1', 60],
          ['IMP-2', 'S00001', 'A-2', 100],
        ],
      }),
      'suppliers',
    );
    expect(over.status).toBe(MATERIAL_IMPORT_STATUS.FAILED);
    expect(over.errors).toEqual([
      { row: 3, column: 'Quota %', reason: 'The quotas of material IMP-1 would total 110 %' },
    ]);
    const ok = await runImport(
      await writeXlsx({
        name: 's',
        header: supHeader,
        rows: [
          ['IMP-1', 'S00001', 'A-1', 50],
          ['IMP-1', 'S00002', 'B-1', 50],
        ],
      }),
      'suppliers',
    );
    expect(ok.status).toBe(MATERIAL_IMPORT_STATUS.SUCCEEDED);
    const log = await buyer.post(
      '/gateway/srm/operation-logs/list',
      { filter: { module: 'materials' }, pageParam: { pageNum: 1, pageSize: 1 } },
      { 'accept-language': 'zh-CN' },
    );
    expect(log.json().data.dataList[0].summary).toBe('从 import.xlsx 导入了 2 条合格供应商');
    const count = await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.select({ id: materialSuppliers.id }).from(materialSuppliers).where(eq(materialSuppliers.supPrdtNo, 'A-1')),
    );
    expect(count).toHaveLength(1);
  });

  it('refuses a zip bomb without importing anything', async () => {
    const bomb = await zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20) },
    ]);
    const result = await runImport(bomb);
    expect(result.status).toBe(MATERIAL_IMPORT_STATUS.FAILED);
    expect(result.failure).toContain('refused');
  });
});
