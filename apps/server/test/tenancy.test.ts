import { text } from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../src/modules/messages/messages.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/** A value that only the buyer's data holds, so a leak shows up as a plain substring (QUALITY T-01). */
const SENTINEL = 'ZQX-SENTINEL';

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let supplierToken: string;
let huaxin: string;
let buyerMessageId: string;

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplierToken = await login(t.app, 'supplier');
  supplier = as(t.app, supplierToken);
  const info = (await buyer.get('/gateway/admin/user/info')).json().data;
  huaxin = info.tenant.id;

  const current = (await buyer.get('/gateway/srm/enterprise')).json().data;
  const saved = await buyer.put('/gateway/srm/enterprise', { ...current, profile: `Profile ${SENTINEL}` });
  expect(saved.statusCode).toBe(200);
  await inTenantTx(t.database.db, huaxin, (tx) =>
    notifyUsers(tx, {
      tenantId: huaxin,
      userIds: [info.sysUser.userId],
      kind: 'order',
      title: text('materials.created', { prdtNo: SENTINEL, prdtName: SENTINEL }),
      content: text('materials.customerMaterialAdded', { custPrdtCode: SENTINEL, custPrdtName: SENTINEL }),
    }),
  );
  const inbox = (await buyer.get('/gateway/admin/message/myMsg?kind=order')).json().data.dataList;
  buyerMessageId = inbox[0].id;
});
afterAll(() => t.close());

describe('cross-tenant ids (T-01, T-10)', () => {
  it('answers a foreign message id exactly like a missing one, as another tenant and as anonymous', async () => {
    for (const caller of [supplier, as(t.app)]) {
      const foreign = await caller.get(`/gateway/admin/message/${buyerMessageId}`);
      const missing = await caller.get('/gateway/admin/message/4242');
      expect(foreign.statusCode).toBe(missing.statusCode);
      expect(foreign.body).toBe(missing.body);
      expect(foreign.body).not.toContain(SENTINEL);
    }
    expect((await supplier.get(`/gateway/admin/message/${buyerMessageId}`)).statusCode).toBe(404);
    // The owner still reads it: the 404 above is isolation, not a broken route.
    expect((await buyer.get(`/gateway/admin/message/${buyerMessageId}`)).json().data.title).toContain(SENTINEL);
  });

  it('refuses the TENANT_ID of an enterprise the user is not in (T-02)', async () => {
    const res = await as(t.app, supplierToken, huaxin).get('/gateway/srm/enterprise');
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('TENANT_FORBIDDEN');
    expect(res.body).not.toContain(SENTINEL);
  });

  it('never returns the sentinel from any GET route of the OpenAPI document', async () => {
    const doc = (await as(t.app).get('/gateway/docs/json')).json();
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([, ops]) => 'get' in ops)
      .map(([route]) => route)
      // Logging out would revoke the supplier's token for the rest of the sweep.
      .filter((route) => route !== '/gateway/auth/token/logout');
    expect(routes.length).toBeGreaterThan(10);
    const callers = { supplier, supplierInBuyerTenant: as(t.app, supplierToken, huaxin), anonymous: as(t.app) };
    for (const route of routes) {
      const url = route.replace(/\{[^}]+\}/g, buyerMessageId);
      const queries = ['', `?id=${buyerMessageId}&sysCompNo=20260001&pageSize=100&kind=order`];
      for (const [who, caller] of Object.entries(callers)) {
        for (const query of queries) {
          const res = await caller.get(url + query);
          expect(res.statusCode, `${who} GET ${url}${query}`).toBeLessThan(500);
          expect(res.body, `${who} GET ${url}${query}`).not.toContain(SENTINEL);
        }
      }
    }
  });
});

describe('tenant context under interleaved load (T-09)', () => {
  it('never returns the other tenant’s messages in 2,000 interleaved requests', async () => {
    const ids = async (c: Caller) =>
      new Set<string>(
        (await c.get('/gateway/admin/message/myMsg?pageSize=100'))
          .json()
          .data.dataList.map((m: { id: string }) => m.id),
      );
    const own = { buyer: await ids(buyer), supplier: await ids(supplier) };
    expect(own.buyer.size).toBeGreaterThan(0);
    expect(own.supplier.size).toBeGreaterThan(0);

    const TOTAL = 2000;
    const CONCURRENCY = 20;
    let next = 0;
    const leaks: string[] = [];
    const worker = async () => {
      while (next < TOTAL) {
        const n = next++;
        const who = n % 2 === 0 ? 'buyer' : 'supplier';
        const res = await (who === 'buyer' ? buyer : supplier).get('/gateway/admin/message/myMsg?pageSize=100');
        expect(res.statusCode).toBe(200);
        for (const m of res.json().data.dataList as { id: string }[]) {
          if (!own[who].has(m.id)) leaks.push(`${who} got ${m.id}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(leaks).toEqual([]);
  }, 120_000);
});
