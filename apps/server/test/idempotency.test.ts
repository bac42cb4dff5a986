import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../src/platform/idempotency.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/** Issue 14 item 10: an Idempotency-Key belongs to (tenant, user, method, route) and to one request body. */

let t: TestContext;
let buyerToken: string;
let buyer: Caller;

const DEPARTMENTS = '/gateway/srm/departments';

async function departmentsNamed(name: string): Promise<number> {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from departments where dept_name = ${name}`,
  );
  return rows.rows[0].n;
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
});
afterAll(() => t.close());

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: undefined, b: 1 })).toBe(canonicalJson({ b: 1 }));
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first reply, whatever the key order of its body', async () => {
    const key = { 'idempotency-key': 'idem-same' };
    const first = await buyer.post(DEPARTMENTS, { deptCode: 'IDEM1', deptName: 'Idem One', sortOrder: 1 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await buyer.post(DEPARTMENTS, { sortOrder: 1, deptName: 'Idem One', deptCode: 'IDEM1' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await departmentsNamed('Idem One')).toBe(1);
  });

  it('refuses the key with another body: 422 in the reader language, nothing made', async () => {
    const key = { 'idempotency-key': 'idem-reused' };
    const first = await buyer.post(DEPARTMENTS, { deptCode: 'IDEM2', deptName: 'Idem Two' }, key);
    expect(first.statusCode, first.body).toBe(200);

    const other = { deptCode: 'IDEM3', deptName: 'Idem Three' };
    const expected = {
      'en-US': 'This Idempotency-Key was already used for a different request; send a new key',
      'zh-CN': '该 Idempotency-Key 已用于另一个不同的请求，请使用新的 Key',
      'zh-TW': '該 Idempotency-Key 已用於另一個不同的請求，請使用新的 Key',
    };
    for (const [language, msg] of Object.entries(expected)) {
      const reused = await buyer.post(DEPARTMENTS, other, { ...key, 'accept-language': language });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toEqual({ code: 1, errorCode: 'IDEMPOTENCY_KEY_REUSED', msg });
    }
    expect(await departmentsNamed('Idem Three')).toBe(0);
    // A nested difference counts too.
    const nested = await buyer.post(DEPARTMENTS, { deptCode: 'IDEM2', deptName: 'Idem Two', sortOrder: 5 }, key);
    expect(nested.statusCode).toBe(422);
  });

  it('compares path parameters as well as the body: copying another order with the key is refused', async () => {
    const orders = await t.database.db.execute<{ id: string }>(
      sql`select o.id::text from purchase_orders o join enterprises e on e.id = o.tenant_id
           where e.comp_no = (select comp_no from enterprises e2 join memberships m on m.tenant_id = e2.id
                                join users u on u.id = m.user_id where u.username = 'buyer' order by e2.id limit 1)
           order by o.id limit 2`,
    );
    const [a, b] = orders.rows.map((r) => r.id);
    expect(b).toBeDefined();
    const key = { 'idempotency-key': 'idem-params' };
    const copyA = await buyer.post(`/gateway/srm/purchase-orders/${a}/copy`, {}, key);
    expect(copyA.statusCode, copyA.body).toBe(200);
    expect((await buyer.post(`/gateway/srm/purchase-orders/${a}/copy`, {}, key)).json()).toEqual(copyA.json());
    const copyB = await buyer.post(`/gateway/srm/purchase-orders/${b}/copy`, {}, key);
    expect(copyB.statusCode, copyB.body).toBe(422);
    expect(copyB.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('belongs to one tenant: the same user and key in another enterprise makes a new document', async () => {
    const founded = await buyer.post('/gateway/admin/syscompanyinfo/compRegister', {
      name: 'Idempotent Second Co., Ltd.',
      shortName: 'Idem Second',
    });
    expect(founded.statusCode, founded.body).toBe(200);
    const second = as(t.app, buyerToken, founded.json().data.tenantId);
    const key = { 'idempotency-key': 'idem-tenant' };
    const body = { deptCode: 'IDEMT', deptName: 'Idem Tenant' };
    const inFirst = await buyer.post(DEPARTMENTS, body, key);
    const inSecond = await second.post(DEPARTMENTS, body, key);
    expect(inFirst.statusCode, inFirst.body).toBe(200);
    expect(inSecond.statusCode, inSecond.body).toBe(200);
    expect(inSecond.json().data.id).not.toBe(inFirst.json().data.id);
    expect(await departmentsNamed('Idem Tenant')).toBe(2);
  });

  it('belongs to one user: another user with the same key and another body is not refused', async () => {
    const key = { 'idempotency-key': 'idem-user' };
    const mine = await buyer.post(DEPARTMENTS, { deptCode: 'IDEMU', deptName: 'Idem Buyer' }, key);
    const supplier = as(t.app, await login(t.app, 'supplier'));
    const theirs = await supplier.post(DEPARTMENTS, { deptCode: 'IDEMU', deptName: 'Idem Supplier' }, key);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.deptName).toBe('Idem Supplier');
  });
});
