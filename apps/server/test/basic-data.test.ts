import {
  compareDecimals,
  type DecimalPlacesSetting,
  type DictionaryItem,
  type EvaluationItem,
  type ExchangeRate,
  type InterestRate,
  type ListResult,
  type MaterialClass,
  type MaterialClassNode,
  type Warehouse,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDecimalPlaces } from '../src/modules/basic-data/decimal-places.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { type CellValue, writeXlsx, zip } from '../src/platform/xlsx.ts';
import { readXlsxRows } from '../src/platform/xlsx-import.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let buyerToken: string;
let clerk: Caller;
let supplier: Caller;
let huaxin: string;
let precision: string;

async function data<T>(res: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as T;
}

const del = (url: string, token = buyerToken, tenantId = huaxin) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}`, tenant_id: tenantId } });

function upload(url: string, file: Buffer, token = buyerToken, tenantId = huaxin) {
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
    headers: {
      authorization: `Bearer ${token}`,
      tenant_id: tenantId,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
  });
}

const sheet = (header: string[], rows: CellValue[][]) => writeXlsx({ name: 'Sheet1', header, rows });

const tenantOf = async (compNo: string) =>
  (await t.database.db.execute<{ id: string }>(sql`select id::text from enterprises where comp_no = ${compNo}`)).rows[0]
    .id;

const logCount = async (tenantId: string, module: string) =>
  inTenantTx(t.database.db, tenantId, async (tx) => {
    const r = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from operation_logs where tenant_id = ${tenantId} and module = ${module}`,
    );
    return Number(r.rows[0].n);
  });

/** The newest log entries of a module as this caller reads them in `language`. */
const logged = async (caller: Caller, module: string, language: string, count = 2) =>
  (
    await data<ListResult<{ summary: string }>>(
      caller.post(
        '/gateway/srm/operation-logs/list',
        { filter: { module }, pageParam: { pageNum: 1, pageSize: count } },
        { 'accept-language': language },
      ),
    )
  ).dataList.map((e) => e.summary);

beforeAll(async () => {
  t = await createTestContext();
  huaxin = await tenantOf('20260001');
  precision = await tenantOf('20260002');
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken, huaxin);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'), huaxin);
  supplier = as(t.app, await login(t.app, 'supplier'), precision);
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('gives Huaxin classes, tax rates, warehouses, rates and evaluation items', async () => {
    const tree = await data<MaterialClassNode[]>(buyer.get('/gateway/srm/material-classes/tree'));
    expect(tree.map((n) => n.code)).toEqual(['01', '02', '03']);
    expect(tree[0].children.map((n) => n.code)).toContain('0103');
    const taxes = await data<ListResult<DictionaryItem>>(
      buyer.post('/gateway/srm/dictionaries/list', { filter: { dictType: 'taxRate' } }),
    );
    expect(taxes.dataList.map((d) => d.value ?? '0').sort(compareDecimals)).toEqual([
      '0.0000',
      '6.0000',
      '9.0000',
      '13.0000',
    ]);
    const wh = await data<ListResult<Warehouse>>(buyer.post('/gateway/srm/warehouses/list', {}));
    expect(wh.totalCount).toBe(3);
    const items = await data<ListResult<EvaluationItem>>(buyer.post('/gateway/srm/evaluation-projects/list', {}));
    expect(items.dataList.reduce((s, i) => s + i.maxScore, 0)).toBe(100);
    const usd = await data<ListResult<ExchangeRate>>(
      buyer.post('/gateway/srm/exchange-rates/list', { filter: { keyword: 'USD' } }),
    );
    expect(usd.dataList[0].rate).toBe('7.12340000');
  });
});

describe('material classes', () => {
  let root: MaterialClass;
  let child: MaterialClass;
  let grandchild: MaterialClass;

  it('builds a tree and keeps codes unique per tenant, not globally (T-10)', async () => {
    root = await data(buyer.post('/gateway/srm/material-classes', { code: 'T1', name: 'Test root' }));
    child = await data(buyer.post('/gateway/srm/material-classes', { code: 'T11', name: 'Child', parentId: root.id }));
    grandchild = await data(
      buyer.post('/gateway/srm/material-classes', { code: 'T111', name: 'Grandchild', parentId: child.id }),
    );
    expect(child.parentName).toBe('Test root');
    const dup = await buyer.post('/gateway/srm/material-classes', { code: 'T1', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe('DUPLICATE');
    await data(supplier.post('/gateway/srm/material-classes', { code: 'T1', name: 'Same code elsewhere' }));
  });

  it('refuses a parent that is the class itself, a descendant or another tenant’s class', async () => {
    for (const parentId of [root.id, grandchild.id]) {
      const res = await buyer.put(`/gateway/srm/material-classes/${root.id}`, {
        code: 'T1',
        name: 'Test root',
        parentId,
        version: root.version,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('MATERIAL_CLASS_PARENT_INVALID');
    }
    const foreign = await data<MaterialClassNode[]>(supplier.get('/gateway/srm/material-classes/tree'));
    const res = await buyer.post('/gateway/srm/material-classes', { code: 'T2', name: 'x', parentId: foreign[0].id });
    expect(res.json().errorCode).toBe('MATERIAL_CLASS_PARENT_INVALID');
  });

  it('answers a stale version with 409 and logs each change', async () => {
    const moved = await data<MaterialClass>(
      buyer.put(`/gateway/srm/material-classes/${grandchild.id}`, {
        code: 'T111',
        name: 'Grandchild moved',
        parentId: root.id,
        version: grandchild.version,
      }),
    );
    expect(moved.version).toBe(grandchild.version + 1);
    const stale = await buyer.put(`/gateway/srm/material-classes/${grandchild.id}`, {
      code: 'T111',
      name: 'Lost update',
      parentId: root.id,
      version: grandchild.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(await logCount(huaxin, 'material-classes')).toBeGreaterThanOrEqual(4);
    grandchild = moved;
  });

  it('refuses to delete a class with subclasses or materials', async () => {
    const withChildren = await del(`/gateway/srm/material-classes/${root.id}`);
    expect(withChildren.statusCode).toBe(409);
    expect(withChildren.json().errorCode).toBe('MATERIAL_CLASS_HAS_CHILDREN');
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.execute(sql`insert into materials (tenant_id, id, prdt_no, prdt_name, class_id, po_unit_no, po_unit_name,
        valuation_unit_no, valuation_unit_name)
        values (${huaxin}, ${newId()}, 'BD-TEST-1', 'Test material', ${child.id}, 'PCS', 'PCS', 'PCS', 'PCS')`),
    );
    const inUse = await del(`/gateway/srm/material-classes/${child.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errorCode).toBe('MATERIAL_CLASS_IN_USE');
    expect((await del(`/gateway/srm/material-classes/${grandchild.id}`)).statusCode).toBe(200);
  });

  it('answers another tenant’s id like a missing one', async () => {
    const res = await supplier.get(`/gateway/srm/material-classes/${root.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Test root');
  });
});

describe('dictionaries', () => {
  it('requires the percent of a tax rate and keeps codes unique per type', async () => {
    const missing = await buyer.post('/gateway/srm/dictionaries', { dictType: 'taxRate', code: 'VAT3', name: '3%' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data[0].path).toBe('value');
    const asNumber = await buyer.post('/gateway/srm/dictionaries', {
      dictType: 'taxRate',
      code: 'VAT3',
      name: '3%',
      value: 3,
    });
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'value' })]);
    const tooFine = await buyer.post('/gateway/srm/dictionaries', {
      dictType: 'taxRate',
      code: 'VAT3',
      name: '3%',
      value: '3.00005',
    });
    expect(tooFine.json()).toMatchObject({
      errorCode: 'DECIMAL_PLACES_EXCEEDED',
      data: [{ path: 'value', places: 4 }],
    });
    const vat3 = await data<DictionaryItem>(
      buyer.post('/gateway/srm/dictionaries', { dictType: 'taxRate', code: 'VAT3', name: '3%', value: '3.0625' }),
    );
    expect(vat3.value).toBe('3.0625');
    expect(await logged(buyer, 'dictionaries', 'en-US', 1)).toEqual(['Created tax rate VAT3 3%']);
    expect(await logged(buyer, 'dictionaries', 'zh-TW', 1)).toEqual(['新增了稅率 VAT3 3%']);
    const dup = await buyer.post('/gateway/srm/dictionaries', {
      dictType: 'taxRate',
      code: 'VAT3',
      name: 'x',
      value: '3',
    });
    expect(dup.statusCode).toBe(409);
    // The same code under another type is another item.
    await data(buyer.post('/gateway/srm/dictionaries', { dictType: 'unit', code: 'VAT3', name: 'odd but allowed' }));
  });

  it('lets any member read pickers but only CF_BAS change them (T-04)', async () => {
    const units = await data<ListResult<DictionaryItem>>(
      clerk.post('/gateway/srm/dictionaries/list', { filter: { dictType: 'unit' } }),
    );
    expect(units.dataList.map((u) => u.code)).toContain('PCS');
    expect((await clerk.post('/gateway/srm/warehouses/list', {})).statusCode).toBe(200);
    expect((await clerk.get('/gateway/srm/material-classes/tree')).statusCode).toBe(200);
    const write = await clerk.post('/gateway/srm/dictionaries', { dictType: 'unit', code: 'BOX', name: 'Box' });
    expect(write.statusCode).toBe(403);
    expect((await clerk.post('/gateway/srm/interest-rates/list', {})).statusCode).toBe(403);
    expect((await clerk.post('/gateway/srm/evaluation-projects/list', {})).statusCode).toBe(403);
  });
});

describe('attributes, features and evaluation items', () => {
  it('needs options for the option type and drops them for the others', async () => {
    const bad = await buyer.post('/gateway/srm/attributes', { code: 'FIN', name: 'Finish', valueType: 'option' });
    expect(bad.statusCode).toBe(400);
    const attr = await data<{ options: string[] }>(
      buyer.post('/gateway/srm/attributes', { code: 'LEN', name: 'Length', valueType: 'number', options: ['x'] }),
    );
    expect(attr.options).toEqual([]);
    const feature = await buyer.post('/gateway/srm/features', { name: 'Shelf', featureValues: ['A', 'A'] });
    expect(feature.statusCode).toBe(400);
    await data(buyer.post('/gateway/srm/features', { name: 'Shelf', featureValues: ['A', 'B'] }));
  });

  it('checks options against the maximum score and keeps them highest first', async () => {
    const item = {
      code: 'E01',
      name: 'Environment',
      reviewCriteria: 'ISO 14001 status',
      maxScore: 10,
      options: [
        { score: 0, description: 'none' },
        { score: 10, description: 'certified' },
      ],
    };
    const saved = await data<EvaluationItem>(buyer.post('/gateway/srm/evaluation-projects', item));
    expect(saved.options.map((o) => o.score)).toEqual([10, 0]);
    const above = await buyer.put(`/gateway/srm/evaluation-projects/${saved.id}`, {
      ...item,
      maxScore: 5,
      version: saved.version,
    });
    expect(above.statusCode).toBe(400);
  });
});

describe('warehouses', () => {
  it('requires the fields of spec §5 and honours the Idempotency-Key', async () => {
    const missing = await buyer.post('/gateway/srm/warehouses', { code: 'W9', name: 'No segment' });
    expect(missing.statusCode).toBe(400);
    const body = {
      code: 'W9',
      name: '=HYPERLINK("http://evil")',
      segmentCode: 'S',
      segmentName: 'Seg',
      featureName: 'F',
      featureValue: 'V',
    };
    const key = { 'idempotency-key': 'wh-w9-once' };
    const a = await data<Warehouse>(buyer.post('/gateway/srm/warehouses', body, key));
    const b = await data<Warehouse>(buyer.post('/gateway/srm/warehouses', body, key));
    expect(b.id).toBe(a.id);
    const list = await data<ListResult<Warehouse>>(
      buyer.post('/gateway/srm/warehouses/list', { filter: { keyword: 'W9' } }),
    );
    expect(list.totalCount).toBe(1);
  });

  it('exports formula-like text as text (I-07) and gives a template', async () => {
    const res = await buyer.get('/gateway/srm/warehouses/export?keyword=W9', { 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { rows } = await readXlsxRows(res.rawPayload, [
      { key: 'code', headers: ['Warehouse number'] },
      { key: 'name', headers: ['Warehouse name'] },
    ]);
    expect(rows).toEqual([{ row: 2, values: { code: 'W9', name: '=HYPERLINK("http://evil")' } }]);
    expect(res.rawPayload.includes(Buffer.from('<f>'))).toBe(false);
    const template = await buyer.get('/gateway/srm/warehouses/template');
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await clerk.get('/gateway/srm/warehouses/export')).statusCode).toBe(403);
  });

  it('imports all rows or none, naming row, column and reason of each bad cell (R-08)', async () => {
    const header = [
      '*Warehouse number',
      '*Warehouse name',
      'Segment code',
      'Segment name',
      'Feature name',
      'Feature value',
    ];
    const bad = await sheet(header, [
      ['IM1', 'Import one', 'S', 'Seg', 'F', 'V'],
      ['IM2', '', 'S', 'Seg', 'F', 'V'],
      ['IM1', 'Twice', 'S', 'Seg', 'F', 'V'],
      ['WH01', 'Exists', 'S', 'Seg', 'F', 'V'],
      ['IM4', 'No feature', 'S', 'Seg', 'F', null],
    ]);
    const res = await upload('/gateway/srm/warehouses/import', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('IMPORT_ROWS_INVALID');
    const errors = res.json().data as { row: number; column: string; reason: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Warehouse name'],
      [4, 'Warehouse number'],
      [5, 'Warehouse number'],
      [6, 'Feature value'],
    ]);
    expect(errors[1].reason).toContain('row 2');
    const before = await data<ListResult<Warehouse>>(buyer.post('/gateway/srm/warehouses/list', {}));
    expect(before.dataList.some((w) => w.code === 'IM1')).toBe(false);

    const good = await sheet(
      ['仓库编号', '仓库名称', '段编码', '段名称', '特征名称', '特征值', '备注'],
      [
        ['IM1', 'Import one', 'S', 'Seg', 'F', 'V', 'from Excel'],
        [1002, 'Numeric code', 'S', 'Seg', 'F', 'V', null],
      ],
    );
    expect(await data(upload('/gateway/srm/warehouses/import', good))).toEqual({ imported: 2 });
    const after = await data<ListResult<Warehouse>>(buyer.post('/gateway/srm/warehouses/list', {}));
    expect(after.dataList.map((w) => w.code)).toEqual(expect.arrayContaining(['IM1', '1002']));
  });

  it('refuses an Excel bomb before inflating it (I-10)', async () => {
    const huge = Buffer.alloc(64 * 1024 * 1024, 0x20);
    const bomb = await zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', data: huge },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload('/gateway/srm/warehouses/import', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('IMPORT_FILE_REFUSED');
    const junk = await upload('/gateway/srm/warehouses/import', Buffer.from('not a workbook'));
    expect(junk.json().errorCode).toBe('IMPORT_FILE_INVALID');
  });

  it('refuses to delete a warehouse a material still names', async () => {
    const list = await data<ListResult<Warehouse>>(
      buyer.post('/gateway/srm/warehouses/list', { filter: { keyword: 'WH03' } }),
    );
    const wh = list.dataList[0];
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.execute(sql`insert into materials (tenant_id, id, prdt_no, prdt_name, warehouse_id, po_unit_no, po_unit_name,
        valuation_unit_no, valuation_unit_name)
        values (${huaxin}, ${newId()}, 'BD-TEST-2', 'Stored material', ${wh.id}, 'PCS', 'PCS', 'PCS', 'PCS')`),
    );
    const res = await del(`/gateway/srm/warehouses/${wh.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('WAREHOUSE_IN_USE');
  });

  it('batch-deletes all or none', async () => {
    const list = await data<ListResult<Warehouse>>(
      buyer.post('/gateway/srm/warehouses/list', { filter: { keyword: 'IM' } }),
    );
    const ids = list.dataList.map((w) => w.id);
    const foreign = await data<ListResult<Warehouse>>(supplier.post('/gateway/srm/warehouses/list', {}));
    const mixed = await buyer.post('/gateway/srm/warehouses/batch-delete', { ids: [...ids, foreign.dataList[0].id] });
    expect(mixed.statusCode).toBe(404);
    expect(
      (await data<ListResult<Warehouse>>(buyer.post('/gateway/srm/warehouses/list', { filter: { keyword: 'IM' } })))
        .totalCount,
    ).toBe(ids.length);
    await data(buyer.post('/gateway/srm/warehouses/batch-delete', { ids }));
    expect(
      (await data<ListResult<Warehouse>>(buyer.post('/gateway/srm/warehouses/list', { filter: { keyword: 'IM' } })))
        .totalCount,
    ).toBe(0);
  });
});

describe('interest rates', () => {
  it('refuses an inverted period and overlapping valid periods', async () => {
    const inverted = await buyer.post('/gateway/srm/interest-rates', {
      startDate: '2027-02-01',
      endDate: '2027-01-01',
      monthlyRate: '0.3',
    });
    expect(inverted.statusCode).toBe(400);
    const asNumber = await buyer.post('/gateway/srm/interest-rates', {
      startDate: '2028-01-01',
      endDate: '2028-01-31',
      monthlyRate: 0.3,
    });
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'monthlyRate' })]);
    const overlap = await buyer.post('/gateway/srm/interest-rates', {
      startDate: '2026-06-15',
      endDate: '2026-07-15',
      monthlyRate: '0.3',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errorCode).toBe('INTEREST_PERIOD_OVERLAP');
    // An invalid period may overlap; making it valid may not.
    const draft = await data<InterestRate>(
      buyer.post('/gateway/srm/interest-rates', {
        startDate: '2026-06-15',
        endDate: '2026-07-15',
        monthlyRate: '0.3',
        valid: false,
      }),
    );
    expect(draft.registrantName).toBe('buyer');
    const revive = await buyer.put(`/gateway/srm/interest-rates/${draft.id}`, {
      startDate: '2026-06-15',
      endDate: '2026-07-15',
      monthlyRate: '0.3',
      valid: true,
      version: draft.version,
    });
    expect(revive.statusCode).toBe(409);
  });

  it('imports periods checked against each other and against the saved ones', async () => {
    const header = ['Period start', 'Period end', 'Monthly rate %', 'Valid'];
    const bad = await sheet(header, [
      ['2027-01-01', '2027-03-31', 0.3, 'Y'],
      ['2027-03-01', '2027-04-30', 0.31, 'Y'],
      ['2026-12-01', '2027-12-31', 0.2, 'N'],
      ['2026-12-15', '2026-12-20', 0.2, '是'],
      ['2027/05/01', 'not a date', 'abc', 'Y'],
    ]);
    const res = await upload('/gateway/srm/interest-rates/import', bad);
    expect(res.statusCode).toBe(400);
    const errors = res.json().data as { row: number; column: string; reason: string }[];
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'Period start'],
      [5, 'Period start'],
      [6, 'Period end'],
      [6, 'Monthly rate %'],
    ]);
    expect(errors[0].reason).toContain('row 2');
    const good = await sheet(header, [
      [46388, 46477, 0.3, null],
      ['2027/04/01', '2027-06-30', '0.31', 'Y'],
    ]);
    expect(await data(upload('/gateway/srm/interest-rates/import', good))).toEqual({ imported: 2 });
    const list = await data<ListResult<InterestRate>>(
      buyer.post('/gateway/srm/interest-rates/list', { filter: { onDate: '2027-01-15' } }),
    );
    expect(list.dataList.map((r) => [r.startDate, r.endDate, r.monthlyRate])).toEqual([
      ['2027-01-01', '2027-03-31', '0.300000'],
    ]);
    expect((await buyer.get('/gateway/srm/interest-rates/export?valid=true')).statusCode).toBe(200);
  });
});

describe('exchange rates', () => {
  it('needs a positive rate and one row per currency pair', async () => {
    const zero = await buyer.post('/gateway/srm/exchange-rates', {
      currencyCode: 'JPY',
      currencyName: 'Yen',
      baseCurrency: 'CNY',
      rate: '0',
      decimalPlaces: 4,
    });
    expect(zero.statusCode).toBe(400);
    const chf = { currencyCode: 'CHF', currencyName: 'Franc', baseCurrency: 'CNY', decimalPlaces: 4 };
    const asNumber = await buyer.post('/gateway/srm/exchange-rates', { ...chf, rate: 8.1 });
    expect(asNumber.statusCode).toBe(400);
    expect(asNumber.json().data).toEqual([expect.objectContaining({ path: 'rate' })]);
    // The row's decimal places bound its rate.
    const tooFine = await buyer.post('/gateway/srm/exchange-rates', { ...chf, rate: '8.12345' });
    expect(tooFine.json()).toMatchObject({ errorCode: 'DECIMAL_PLACES_EXCEEDED', data: [{ path: 'rate', places: 4 }] });
    const jpy = await data<ExchangeRate>(
      buyer.post('/gateway/srm/exchange-rates', {
        currencyCode: 'jpy',
        currencyName: 'Yen',
        baseCurrency: 'CNY',
        rate: '0.0478',
        decimalPlaces: 6,
      }),
    );
    expect(jpy.currencyCode).toBe('JPY');
    expect(jpy.updaterName).toBe('buyer');
    const dup = await buyer.post('/gateway/srm/exchange-rates', {
      currencyCode: 'JPY',
      currencyName: 'Yen',
      baseCurrency: 'CNY',
      rate: '0.05',
      decimalPlaces: 6,
    });
    expect(dup.statusCode).toBe(409);
    const res = await upload(
      '/gateway/srm/exchange-rates/import',
      await sheet(
        ['Currency code', 'Currency name', 'Base currency', 'Exchange rate', 'Decimal places'],
        [
          ['GBP', 'Pound', 'CNY', 9.02, 1],
          ['USD', 'Dollar', 'CNY', 7.1, 4],
        ],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { row: 2, column: 'Exchange rate', reason: 'At most 1 decimal places' },
      { row: 3, column: 'Currency code', reason: '“USD/CNY” already exists' },
    ]);
  });
});

describe('decimal places', () => {
  it('starts from the defaults and saves with a version', async () => {
    const initial = await data<DecimalPlacesSetting>(supplier.get('/gateway/srm/decimal-places'));
    expect(initial).toEqual({
      settings: [
        { kind: 'quantity', places: 2 },
        { kind: 'price', places: 4 },
        { kind: 'amount', places: 2 },
      ],
      version: 0,
    });
    const settings = [
      { kind: 'quantity', places: 3 },
      { kind: 'price', places: 6 },
      { kind: 'amount', places: 2 },
    ];
    const saved = await data<DecimalPlacesSetting>(
      supplier.put('/gateway/srm/decimal-places', { settings, version: 0 }),
    );
    expect(saved.version).toBe(1);
    // One entry per changed kind, the kind named in the reader's language.
    expect(await logged(supplier, 'decimal-places', 'zh-CN', 3)).toEqual([
      '将单价的小数位数从 4 改为 6',
      '将数量的小数位数从 2 改为 3',
    ]);
    expect(await logged(supplier, 'decimal-places', 'en-US', 3)).toEqual([
      'Changed the decimal places of prices from 4 to 6',
      'Changed the decimal places of quantities from 2 to 3',
    ]);
    expect((await supplier.put('/gateway/srm/decimal-places', { settings, version: 0 })).statusCode).toBe(409);
    const tooMany = await supplier.put('/gateway/srm/decimal-places', {
      settings: [...settings.slice(0, 2), { kind: 'amount', places: 7 }],
      version: 1,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await inTenantTx(t.database.db, precision, (tx) => getDecimalPlaces(tx, precision))).toEqual({
      quantity: 3,
      price: 6,
      amount: 2,
    });
    expect(await inTenantTx(t.database.db, huaxin, (tx) => getDecimalPlaces(tx, huaxin))).toEqual({
      quantity: 2,
      price: 4,
      amount: 2,
    });
  });

  it('is readable by a member who may not see prices, unmasked, and writable only with CF_BAS', async () => {
    const seen = await clerk.get('/gateway/srm/decimal-places');
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('***');
    const write = await clerk.put('/gateway/srm/decimal-places', {
      settings: [
        { kind: 'quantity', places: 0 },
        { kind: 'price', places: 0 },
        { kind: 'amount', places: 0 },
      ],
      version: 1,
    });
    expect(write.statusCode).toBe(403);
  });
});
