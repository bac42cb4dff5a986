import { type DepartmentNode, renderText, type TextRef } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
/** Seeded Huaxin department ids by code. */
const ids: Record<string, string> = {};

const del = (token: string, url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
let buyerToken: string;
let supplierToken: string;

function flatten(nodes: DepartmentNode[]): DepartmentNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

async function tree(caller: Caller = buyer): Promise<DepartmentNode[]> {
  const res = await caller.get('/gateway/srm/departments/tree');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function department(id: string) {
  const res = await buyer.get(`/gateway/srm/departments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function operationCount(module: string): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from operation_logs where module = ${module}`,
  );
  return rows.rows[0].n;
}

async function departmentCount(): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from departments`);
  return rows.rows[0].n;
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  supplierToken = await login(t.app, 'supplier');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplier = as(t.app, supplierToken);
  for (const d of flatten(await tree())) ids[d.deptCode] = d.id;
});
afterAll(() => t.close());

describe('the department tree', () => {
  it('shows the seeded tree with numbers, parents and employee counts', async () => {
    const roots = await tree();
    expect(roots.map((d) => d.deptCode)).toEqual(['GO']);
    const go = roots[0];
    expect(go.deptNo).toBe('D0001');
    expect(go.children?.map((d) => d.deptCode)).toEqual(['PUR', 'QC', 'WH', 'FIN']);
    const pur = go.children!.find((d) => d.deptCode === 'PUR')!;
    expect(pur.parentNo).toBe('D0001');
    expect(pur.children?.map((d) => d.deptCode)).toEqual(['PUR-1', 'PUR-2']);
    expect(pur.children![0].employeeCount).toBe(1);
  });

  it('lists with the list contract, filtering by keyword and ignoring undeclared sort fields', async () => {
    const res = await buyer.post('/gateway/srm/departments/list', {
      filter: { keyword: 'Sourcing' },
      orderParam: [{ fieldName: 'secret; drop table departments', asc: true }],
      pageParam: { pageNum: 1, pageSize: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totalCount).toBe(2);
    expect(res.json().data.dataList.map((d: { deptCode: string }) => d.deptCode)).toEqual(['PUR-1', 'PUR-2']);
  });
});

describe('creating and editing departments', () => {
  it('numbers a new department per enterprise and honours Idempotency-Key', async () => {
    const logs = await operationCount('departments');
    const body = { deptCode: 'RD', deptName: '研发部 R&D', parentId: ids.GO, sortOrder: 9, stopDd: null };
    const first = await buyer.post('/gateway/srm/departments', body, { 'idempotency-key': 'dept-rd-1' });
    expect(first.statusCode, first.body).toBe(200);
    const created = first.json().data;
    expect(created).toMatchObject({ deptNo: 'D0008', deptCode: 'RD', parentId: ids.GO, version: 1 });
    const again = await buyer.post('/gateway/srm/departments', body, { 'idempotency-key': 'dept-rd-1' });
    expect(again.json().data.id).toBe(created.id);
    expect(flatten(await tree()).filter((d) => d.deptCode === 'RD')).toHaveLength(1);
    expect(await operationCount('departments')).toBe(logs + 1);
    ids.RD = created.id;

    // Numbers and codes are per enterprise: the supplier starts its own sequence and may reuse a code.
    const own = await supplier.post('/gateway/srm/departments', { deptCode: 'RD', deptName: 'R&D' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.deptNo).toBe('D0006');
  });

  it('requires code and name (spec §5)', async () => {
    const res = await buyer.post('/gateway/srm/departments', { deptCode: '  ', deptName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_FAILED');
  });

  it('refuses a duplicate code with 409 and changes nothing', async () => {
    const before = await departmentCount();
    const dup = await buyer.post('/gateway/srm/departments', { deptCode: 'PUR', deptName: 'Another purchasing' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe('DUPLICATE');
    expect(await departmentCount()).toBe(before);

    const wh = await department(ids.WH);
    const rename = await buyer.put(`/gateway/srm/departments/${ids.WH}`, { ...wh, deptCode: 'FIN' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errorCode).toBe('DUPLICATE');
    expect(await department(ids.WH)).toMatchObject({ deptCode: 'WH', version: wh.version });
  });

  it('refuses the department itself or one of its descendants as parent', async () => {
    const pur = await department(ids.PUR);
    for (const parentId of [ids.PUR, ids['PUR-1'], ids['PUR-2']]) {
      const res = await buyer.put(`/gateway/srm/departments/${ids.PUR}`, { ...pur, parentId });
      expect(res.statusCode, parentId).toBe(400);
      expect(res.json().errorCode).toBe('DEPT_PARENT_INVALID');
    }
    expect(await department(ids.PUR)).toMatchObject({ parentId: ids.GO, version: pur.version });

    const root = await department(ids.GO);
    const underChild = await buyer.put(`/gateway/srm/departments/${ids.GO}`, { ...root, parentId: ids['PUR-1'] });
    expect(underChild.json().errorCode).toBe('DEPT_PARENT_INVALID');
  });

  it('moves a department elsewhere, logs the change and refuses a stale version', async () => {
    const team = await department(ids['PUR-2']);
    const moved = await buyer.put(`/gateway/srm/departments/${ids['PUR-2']}`, {
      ...team,
      parentId: ids.QC,
      stopDd: '2026-12-31',
      roleDescription: 'Packaging',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ parentId: ids.QC, parentNo: 'D0005', stopDd: '2026-12-31', version: 2 });
    const logged = await t.database.db.execute<{ summary: TextRef }>(
      sql`select summary from operation_logs where module = 'departments' and target_id = ${ids['PUR-2']}`,
    );
    const summary = logged.rows[0]!.summary;
    expect(summary).toMatchObject({
      key: 'departments.updated',
      params: { changes: expect.stringContaining('stopDd') },
    });
    expect(renderText(summary, 'en-US')).toMatch(/^Updated department D\d{4}: .*stopDd/);
    expect(renderText(summary, 'zh-TW')).toMatch(/^修改了部門 D\d{4}：/);

    const stale = await buyer.put(`/gateway/srm/departments/${ids['PUR-2']}`, { ...team, parentId: ids.PUR });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    const back = await buyer.put(`/gateway/srm/departments/${ids['PUR-2']}`, {
      ...moved.json().data,
      parentId: ids.PUR,
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('deleting departments', () => {
  it('refuses a department with sub-departments or employees', async () => {
    const parent = await del(buyerToken, `/gateway/srm/departments/${ids.PUR}`);
    expect(parent.statusCode).toBe(409);
    expect(parent.json().errorCode).toBe('DEPT_HAS_CHILDREN');
    const staffed = await del(buyerToken, `/gateway/srm/departments/${ids['PUR-1']}`);
    expect(staffed.statusCode).toBe(409);
    expect(staffed.json().errorCode).toBe('DEPT_HAS_EMPLOYEES');
    expect(staffed.json().msg).toContain('1');
    expect((await buyer.get(`/gateway/srm/departments/${ids['PUR-1']}`)).statusCode).toBe(200);
  });

  it('deletes an empty leaf and logs it', async () => {
    const res = await del(buyerToken, `/gateway/srm/departments/${ids.RD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await buyer.get(`/gateway/srm/departments/${ids.RD}`)).statusCode).toBe(404);
    const logged = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from operation_logs where module = 'departments' and operation_type = 20`,
    );
    expect(logged.rows[0].n).toBe(1);
  });
});

describe('tenancy and permissions', () => {
  it('answers another enterprise’s department id exactly like a missing one (T-01, T-10)', async () => {
    const missing = '123456789012345';
    const pur = await department(ids.PUR);
    for (const id of [ids.PUR, missing]) {
      const read = await supplier.get(`/gateway/srm/departments/${id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 1, msg: 'The resource does not exist', errorCode: 'NOT_FOUND' });
      const write = await supplier.put(`/gateway/srm/departments/${id}`, { ...pur, deptName: 'taken over' });
      expect(write.statusCode).toBe(404);
      expect((await del(supplierToken, `/gateway/srm/departments/${id}`)).statusCode).toBe(404);
      const child = await supplier.post('/gateway/srm/departments', {
        deptCode: `X${id.slice(-4)}`,
        deptName: 'x',
        parentId: id,
      });
      expect(child.statusCode).toBe(400);
      expect(child.json().errorCode).toBe('DEPT_NOT_FOUND');
    }
    expect(await department(ids.PUR)).toMatchObject({ deptName: pur.deptName, version: pur.version });
    expect(flatten(await tree(supplier)).some((d) => d.id === ids.PUR)).toBe(false);
  });

  it('refuses a member without CF_OAU on every department route but the tree (T-04)', async () => {
    const clerkToken = await login(t.app, 'buyer.clerk');
    const answers = [
      await clerk.post('/gateway/srm/departments/list', {}),
      await clerk.get(`/gateway/srm/departments/${ids.PUR}`),
      await clerk.post('/gateway/srm/departments', { deptCode: 'CLK', deptName: 'Clerk’s own' }),
      await clerk.put(`/gateway/srm/departments/${ids.PUR}`, { deptCode: 'PUR', deptName: 'x', version: 1 }),
      await del(clerkToken, `/gateway/srm/departments/${ids.WH}`),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errorCode).toBe('FORBIDDEN');
    }
    expect((await tree(clerk)).length).toBe(1);
    expect((await as(t.app).get('/gateway/srm/departments/tree')).statusCode).toBe(401);
  });
});
