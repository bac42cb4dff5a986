import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envelopeSchema, isIpOrCidr, maskable, PERMISSION_TREE } from '@concord/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { departments, enterprises } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { ok } from '../src/platform/http.ts';
import { newId } from '../src/platform/ids.ts';
import { as, type Caller, login, openTestDatabase } from './helpers.ts';

/** A price only the fixture route holds, so a leak is a plain substring of a body (QUALITY T-06). */
const PRICE_SENTINEL = 7319.4271;

interface Context {
  app: FastifyInstance;
  database: Database;
  huaxin: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh demo database, plus one fixture route that answers price-named fields: no
 * module with prices exists yet, and masking must hold for whatever a route returns.
 */
async function createContext(env: Record<string, string> = {}): Promise<Context> {
  const { database, drop } = await openTestDatabase({ seeded: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-positions-'));
  const config = loadConfig({
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const [huaxin] = await database.db.select().from(enterprises).where(eq(enterprises.compNo, '20260001'));
  const app = await buildApp({ database, config, logger: false });
  const priced = z.object({
    unitPrice: maskable(z.number()),
    lines: z.array(z.object({ lineAmount: maskable(z.number()), qty: z.number() })),
    note: z.string(),
  });
  const schema = { operationId: 'pricedFixture', response: { 200: envelopeSchema(priced) } };
  app.get('/gateway/test/priced', { config: { access: 'member' }, schema }, async () =>
    ok({ unitPrice: PRICE_SENTINEL, lines: [{ lineAmount: PRICE_SENTINEL, qty: 3 }], note: 'fixture' }),
  );
  await app.ready();
  return {
    app,
    database,
    huaxin: huaxin.id,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function del(app: FastifyInstance, token: string, url: string) {
  return app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
}

const BASE = '/gateway/srm/positions';

let t: Context;
let buyerToken: string;
let clerkToken: string;
let buyer: Caller;
let clerk: Caller;
let clerkEmployeeId: string;
let seeded: Record<string, { id: string }>;

const newPosition = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Position ${code}`,
  dataPermission: 0,
  ...extra,
});

async function create(body: Record<string, unknown>, headers?: Record<string, string>) {
  return buyer.post(BASE, body, headers);
}

/** Replaces a position's holders with the version read just before, as the position screen does. */
async function setHolders(caller: Caller, positionId: string, employeeIds: string[]) {
  const { version } = (await caller.get(`${BASE}/${positionId}`)).json().data;
  return caller.put(`${BASE}/${positionId}/holders`, { employeeIds, version });
}

async function userInfo(caller: Caller) {
  return (await caller.get('/gateway/admin/user/info')).json().data;
}

beforeAll(async () => {
  t = await createContext();
  buyerToken = await login(t.app, 'buyer');
  clerkToken = await login(t.app, 'buyer.clerk');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, clerkToken);
  const options = (await buyer.get(`${BASE}/employee-options`)).json().data as { id: string; platformNo: string }[];
  clerkEmployeeId = options.find((o) => o.platformNo === 'buyer.clerk')!.id;
  const list = (await buyer.post(`${BASE}/list`, {})).json().data.dataList as { id: string; code: string }[];
  seeded = Object.fromEntries(list.map((p) => [p.code, p]));
});
afterAll(() => t.close());

describe('positions list (issue 3 must show)', () => {
  it('refuses buyer.clerk and lists the positions for buyer', async () => {
    const refused = await clerk.post(`${BASE}/list`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('FORBIDDEN');

    const res = await buyer.post(`${BASE}/list`, {});
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.dataList;
    expect(rows.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['PUR-MGR', 'PUR-CLK', 'QC-INS']));
    const clerkRow = rows.find((r: { code: string }) => r.code === 'PUR-CLK');
    expect(clerkRow).toMatchObject({
      dataPermission: 1,
      isStationShowPrice: false,
      isStationShowSup: true,
      superiorId: seeded['PUR-MGR'].id,
      holderCount: 1,
    });
    expect(clerkRow.superiorName).toContain('Purchasing manager');
    expect(clerkRow.permissions).toEqual(expect.arrayContaining(['PO_SUP', 'CG_TG_XT', 'RE_PLA', 'CF_LOG']));
    expect(clerkRow.permissions).not.toContain('CF_OAU');
  });

  it('searches by code or name and sorts only on declared columns', async () => {
    const byName = (await buyer.post(`${BASE}/list`, { filter: { keyword: 'inspector' } })).json().data;
    expect(byName.dataList.map((r: { code: string }) => r.code)).toEqual(['QC-INS']);
    const byCode = (await buyer.post(`${BASE}/list`, { filter: { keyword: 'pur-' } })).json().data;
    expect(byCode.totalCount).toBe(2);
    const sorted = await buyer.post(`${BASE}/list`, { orderParam: [{ fieldName: 'code; drop table x', asc: true }] });
    expect(sorted.statusCode).toBe(200);
  });

  it('serves the permission tree of spec §2 to managers only', async () => {
    expect((await buyer.get(`${BASE}/permission-tree`)).json().data).toEqual(PERMISSION_TREE);
    expect((await clerk.get(`${BASE}/permission-tree`)).statusCode).toBe(403);
  });
});

describe('creating positions', () => {
  it('starts with the group roots, honours Idempotency-Key and refuses a duplicate code', async () => {
    const headers = { 'idempotency-key': 'create-T-IDEM' };
    const first = await create(newPosition('T-IDEM'), headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.permissions).toEqual(['PO_SYN', 'SL_SYN', 'CF_SYN']);
    const again = await create(newPosition('T-IDEM'), headers);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await buyer.post(`${BASE}/list`, { filter: { keyword: 'T-IDEM' } })).json().data.totalCount).toBe(1);

    const duplicate = await create(newPosition('T-IDEM'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errorCode).toBe('DUPLICATE');
  });

  it('keeps only codes of the tree and adds the modules above a granted operation', async () => {
    const unknown = await create(newPosition('T-BADCODE', { permissions: ['NOPE'] }));
    expect(unknown.statusCode).toBe(400);
    const res = await create(newPosition('T-CODES', { permissions: ['CG_TG_SURE'] }));
    expect(res.json().data.permissions).toEqual(['PO_SYN', 'CG_TG_XT', 'CG_TG_SURE']);
  });

  it('requires existing custom departments for data permission 4 and 5 only', async () => {
    for (const type of [4, 5]) {
      const missing = await create(newPosition(`T-CUSTOM-${type}`, { dataPermission: type }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().data[0].path).toBe('customDeptIds');
      const unknown = await create(newPosition(`T-CUSTOM-${type}`, { dataPermission: type, customDeptIds: ['42'] }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errorCode).toBe('POSITION_DEPT_NOT_FOUND');
    }
    const deptId = newId();
    await inTenantTx(t.database.db, t.huaxin, (tx) =>
      tx
        .insert(departments)
        .values({ tenantId: t.huaxin, id: deptId, deptNo: 'T-D1', deptCode: 'T-D1', deptName: 'Test department' }),
    );
    const made = await create(newPosition('T-CUSTOM', { dataPermission: 4, customDeptIds: [deptId], deptId }));
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toMatchObject({ customDeptIds: [deptId], deptId, deptName: 'Test department' });
    // Other types carry no custom departments, whatever the client sent.
    const plain = await create(newPosition('T-PLAIN', { dataPermission: 2, customDeptIds: [deptId] }));
    expect(plain.json().data.customDeptIds).toEqual([]);
    expect((await create(newPosition('T-TYPE9', { dataPermission: 9 }))).statusCode).toBe(400);
  });

  it('validates allowed addresses and requires them when the IP check is on', async () => {
    const empty = await create(newPosition('T-IP0', { isStationCheckIp: true, allowedIps: [] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data[0].path).toBe('allowedIps');
    for (const bad of ['300.1.1.1', '10.0.0.0/33', 'example.com', '2001:db8::/129', '1.2.3.4/8/1']) {
      const res = await create(newPosition('T-IPBAD', { isStationCheckIp: true, allowedIps: [bad] }));
      expect(res.statusCode, bad).toBe(400);
    }
    const good = ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1', '::ffff:10.1.2.3'];
    const res = await create(newPosition('T-IPOK', { isStationCheckIp: true, allowedIps: good }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.allowedIps).toEqual(good);
  });

  it('recognizes addresses and CIDR blocks like the access check does', () => {
    for (const v of [
      '0.0.0.0/0',
      '255.255.255.255',
      'fe80::1',
      '1::',
      '::',
      '2001:db8:0:0:0:0:0:1',
      '::ffff:1.2.3.4',
    ]) {
      expect(isIpOrCidr(v), v).toBe(true);
    }
    for (const v of ['01.2.3.4', '1.2.3', '1:2:3:4:5:6:7:8:9', '1::2::3', 'g::1', '10.0.0.1/', '::/-1', '']) {
      expect(isIpOrCidr(v), v).toBe(false);
    }
  });
});

describe('updating and deleting positions', () => {
  let a: { id: string; version: number };
  let b: { id: string; version: number };

  beforeAll(async () => {
    a = (await create(newPosition('T-A'))).json().data;
    b = (await create(newPosition('T-B', { superiorId: a.id }))).json().data;
  });

  it('refuses a superior that is the position itself or one of its subordinates', async () => {
    for (const superiorId of [a.id, b.id]) {
      const res = await buyer.put(`${BASE}/${a.id}`, { ...newPosition('T-A'), superiorId, version: a.version });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('POSITION_SUPERIOR_CYCLE');
    }
    const unknown = await buyer.put(`${BASE}/${a.id}`, { ...newPosition('T-A'), superiorId: '42', version: a.version });
    expect(unknown.json().errorCode).toBe('POSITION_SUPERIOR_NOT_FOUND');
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    const saved = await buyer.put(`${BASE}/${a.id}`, { ...newPosition('T-A'), name: 'A2', version: a.version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.version).toBe(a.version + 1);
    const stale = await buyer.put(`${BASE}/${a.id}`, {
      ...newPosition('T-A'),
      name: 'A3',
      isStationShowPrice: false,
      version: a.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    const now = (await buyer.get(`${BASE}/${a.id}`)).json().data;
    expect(now).toMatchObject({ name: 'A2', version: a.version + 1, isStationShowPrice: true });
    a = now;
  });

  it('refuses to change a code to one already in use', async () => {
    const res = await buyer.put(`${BASE}/${b.id}`, { ...newPosition('PUR-MGR'), version: b.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('DUPLICATE');
  });

  it('refuses to delete a superior or a held position, then deletes', async () => {
    const superiorDelete = await del(t.app, buyerToken, `${BASE}/${a.id}`);
    expect(superiorDelete.statusCode).toBe(409);
    expect(superiorDelete.json().errorCode).toBe('POSITION_HAS_SUBORDINATES');

    const badHolder = await setHolders(buyer, b.id, ['42']);
    expect(badHolder.json().errorCode).toBe('POSITION_EMPLOYEE_NOT_FOUND');
    const held = await setHolders(buyer, b.id, [clerkEmployeeId]);
    expect(held.json().data.holders.map((h: { id: string }) => h.id)).toEqual([clerkEmployeeId]);
    const inUse = await del(t.app, buyerToken, `${BASE}/${b.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errorCode).toBe('POSITION_IN_USE');
    expect(inUse.json().msg).toContain('1');

    expect((await setHolders(buyer, b.id, [])).json().data.holders).toEqual([]);
    expect((await del(t.app, buyerToken, `${BASE}/${b.id}`)).statusCode).toBe(200);
    expect((await buyer.get(`${BASE}/${b.id}`)).statusCode).toBe(404);
    expect((await del(t.app, buyerToken, `${BASE}/${a.id}`)).statusCode).toBe(200);
    expect((await del(t.app, buyerToken, `${BASE}/${a.id}`)).statusCode).toBe(404);
  });

  it('records every change in the operation log', async () => {
    const logs = (
      await buyer.post('/gateway/srm/operation-logs/list', {
        filter: { module: 'positions' },
        pageParam: { pageSize: 100 },
      })
    ).json().data.dataList as { operationType: number; summary: string }[];
    const types = new Set(logs.map((l) => l.operationType));
    for (const type of [10, 15, 20, 25, 30]) expect(types, String(type)).toContain(type);
    expect(logs.some((l) => l.summary.includes('name: Position T-A → A2'))).toBe(true);
  });
});

describe('switching positions (spec §4)', () => {
  it('marks the active position and regenerates permissions in user info', async () => {
    const before = await userInfo(clerk);
    expect(before.positions.map((p: { code: string }) => p.code)).toEqual(['PUR-CLK', 'QC-INS']);
    expect(before.activePositionId).toBe(seeded['PUR-CLK'].id);
    expect(before.showPrice).toBe(false);
    expect(before.showSupplier).toBe(true);
    expect(before.dept).toMatchObject({ deptId: expect.any(String), deptName: expect.any(String) });
    expect(before.permissions).toContain('CG_TG_XT');
    expect(before.permissions).not.toContain('PO_SUP_RZ');

    const switched = await clerk.post(`${BASE}/switch`, { positionId: seeded['QC-INS'].id });
    expect(switched.statusCode).toBe(200);
    const after = await userInfo(clerk);
    expect(after.activePositionId).toBe(seeded['QC-INS'].id);
    expect(after.positions.find((p: { active: boolean }) => p.active).code).toBe('QC-INS');
    expect(after.permissions).toContain('PO_SUP_RZ');
    expect(after.permissions).not.toContain('CG_TG_XT');
    const mine = (await clerk.get(`${BASE}/mine`)).json().data;
    expect(mine.activePositionId).toBe(seeded['QC-INS'].id);

    await clerk.post(`${BASE}/switch`, { positionId: seeded['PUR-CLK'].id });
    expect((await userInfo(clerk)).permissions).toContain('CG_TG_XT');
  });

  it('a change to the held position reaches its holder on the very next request', async () => {
    expect((await userInfo(clerk)).showPrice).toBe(false);
    const held = (await buyer.get(`${BASE}/${seeded['PUR-CLK'].id}`)).json().data;
    const fields = {
      code: held.code,
      name: held.name,
      dataPermission: held.dataPermission,
      permissions: held.permissions,
      isStationAcrossUser: held.isStationAcrossUser,
    };
    const shown = await buyer.put(`${BASE}/${held.id}`, { ...fields, isStationShowPrice: true, version: held.version });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await userInfo(clerk)).showPrice).toBe(true);
    const hidden = await buyer.put(`${BASE}/${held.id}`, {
      ...fields,
      isStationShowPrice: false,
      version: shown.json().data.version,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await userInfo(clerk)).showPrice).toBe(false);
  });

  it('refuses a position the caller does not hold', async () => {
    const res = await clerk.post(`${BASE}/switch`, { positionId: seeded['PUR-MGR'].id });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('POSITION_NOT_HELD');
  });
});

describe('position flags', () => {
  it('masks every price-named field for a position without view price (T-06)', async () => {
    const masked = await clerk.get('/gateway/test/priced');
    expect(masked.statusCode).toBe(200);
    expect(masked.body).not.toContain(String(PRICE_SENTINEL));
    expect(masked.json().data).toEqual({ unitPrice: '***', lines: [{ lineAmount: '***', qty: 3 }], note: 'fixture' });
    // The flags themselves are booleans and stay readable.
    expect((await userInfo(clerk)).showPrice).toBe(false);
    expect((await buyer.get('/gateway/test/priced')).json().data.unitPrice).toBe(PRICE_SENTINEL);
  });

  it('admits only the allowed addresses and ignores X-Forwarded-For without a trusted proxy (T-07)', async () => {
    const position = (
      await create(newPosition('T-IPONLY', { isStationCheckIp: true, allowedIps: ['10.9.8.7'] }))
    ).json().data;
    await setHolders(buyer, position.id, [clerkEmployeeId]);
    expect((await clerk.post(`${BASE}/switch`, { positionId: position.id })).statusCode).toBe(200);

    const headers = { authorization: `Bearer ${clerkToken}` };
    const call = (extra: Partial<InjectOptions>) =>
      t.app.inject({ method: 'GET', url: `${BASE}/mine`, headers, ...extra });
    const spoofed = await call({ headers: { ...headers, 'x-forwarded-for': '10.9.8.7' } });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json().errorCode).toBe('IP_FORBIDDEN');
    expect((await call({ remoteAddress: '10.9.8.7' })).statusCode).toBe(200);

    await setHolders(buyer, position.id, []);
    expect((await clerk.get(`${BASE}/mine`)).json().data.activePositionId).toBe(seeded['PUR-CLK'].id);
  });

  it('uses the forwarded address when the request comes from a configured proxy (T-07)', async () => {
    const proxied = await createContext({ TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const admin = as(proxied.app, await login(proxied.app, 'buyer'));
      const token = await login(proxied.app, 'buyer.clerk');
      const options = (await admin.get(`${BASE}/employee-options`)).json().data as { id: string; platformNo: string }[];
      const employeeId = options.find((o) => o.platformNo === 'buyer.clerk')!.id;
      const position = (
        await admin.post(BASE, newPosition('T-IPONLY', { isStationCheckIp: true, allowedIps: ['10.9.8.0/24'] }))
      ).json().data;
      await setHolders(admin, position.id, [employeeId]);
      await as(proxied.app, token).post(`${BASE}/switch`, { positionId: position.id });

      const call = (forwarded?: string) =>
        proxied.app.inject({
          method: 'GET',
          url: `${BASE}/mine`,
          headers: { authorization: `Bearer ${token}`, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
        });
      expect((await call('10.9.8.7')).statusCode).toBe(200);
      expect((await call('10.9.9.7')).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('global settings (spec §6)', () => {
  it('reads the defaults, saves with a version and refuses a stale one', async () => {
    const current = (await buyer.get(`${BASE}/settings`)).json().data;
    expect(current).toMatchObject({
      privateBusinessData: false,
      tradingPartnerRestriction: false,
      superiorSeesSubordinates: true,
    });
    const saved = await buyer.put(`${BASE}/settings`, { ...current, privateBusinessData: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ privateBusinessData: true, version: current.version + 1 });
    const stale = await buyer.put(`${BASE}/settings`, { ...current, tradingPartnerRestriction: true });
    expect(stale.statusCode).toBe(409);
    expect((await buyer.get(`${BASE}/settings`)).json().data.tradingPartnerRestriction).toBe(false);
    expect((await clerk.get(`${BASE}/settings`)).statusCode).toBe(403);
  });
});

describe('trading-partner restriction', () => {
  it('assigns partners by enterprise and counts them per employee', async () => {
    const precision = (await buyer.get(`${BASE}/partner-lookup?compNo=20260002`)).json().data;
    expect(precision.name).toContain('Precision');
    expect((await buyer.get(`${BASE}/partner-lookup?compNo=20260001`)).json().errorCode).toBe('PARTNER_IS_SELF');
    expect((await buyer.get(`${BASE}/partner-lookup?compNo=99999999`)).json().errorCode).toBe(
      'PARTNER_ENTERPRISE_NOT_FOUND',
    );

    const url = `${BASE}/trading-partners/${clerkEmployeeId}`;
    const { version } = (await buyer.get(url)).json().data;
    expect((await buyer.put(url, { supplier: [t.huaxin], client: [], version })).json().errorCode).toBe(
      'PARTNER_IS_SELF',
    );
    expect((await buyer.put(url, { supplier: ['42'], client: [], version })).json().errorCode).toBe(
      'PARTNER_ENTERPRISE_NOT_FOUND',
    );
    const saved = await buyer.put(url, { supplier: [precision.id, precision.id], client: [precision.id], version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.supplier.map((e: { compNo: string }) => e.compNo)).toEqual(['20260002']);
    expect(saved.json().data.client).toHaveLength(1);

    const list = (await buyer.get(`${BASE}/trading-partners?keyword=buyer.clerk`)).json().data;
    expect(list.totalCount).toBe(1);
    expect(list.dataList[0]).toMatchObject({ id: clerkEmployeeId, supplierCount: 1, clientCount: 1 });
  });

  it('hides another enterprise’s employees exactly like missing ones (T-01)', async () => {
    const supplier = as(t.app, await login(t.app, 'supplier'));
    const foreign = await supplier.get(`${BASE}/trading-partners/${clerkEmployeeId}`);
    const missing = await supplier.get(`${BASE}/trading-partners/4242`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await supplier.get(`${BASE}/${seeded['PUR-CLK'].id}`)).statusCode).toBe(404);
  });
});

describe('replacing holders and partner lists (R-04)', () => {
  const employeeUrl = (id: string) => `/gateway/srm/employees/${id}`;

  it('of two editors of a position’s holders, the stale one gets 409 and the first one’s holders stay', async () => {
    const position = (await create(newPosition('T-R04'))).json().data;
    const options = (await buyer.get(`${BASE}/employee-options`)).json().data as { id: string; platformNo: string }[];
    const buyerEmployeeId = options.find((o) => o.platformNo === 'buyer')!.id;
    const holders = `${BASE}/${position.id}/holders`;
    const loadedByOne = (await buyer.get(`${BASE}/${position.id}`)).json().data;
    const loadedByOther = (await buyer.get(`${BASE}/${position.id}`)).json().data;

    const first = await buyer.put(holders, { employeeIds: [clerkEmployeeId], version: loadedByOne.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.version).toBe(loadedByOne.version + 1);
    const second = await buyer.put(holders, { employeeIds: [buyerEmployeeId], version: loadedByOther.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('CONFLICT');
    const now = (await buyer.get(`${BASE}/${position.id}`)).json().data;
    expect(now.holders.map((h: { id: string }) => h.id)).toEqual([clerkEmployeeId]);
    expect(now.version).toBe(first.json().data.version);
    // The position form read before the holders changed is stale as well.
    const staleForm = await buyer.put(`${BASE}/${position.id}`, {
      ...newPosition('T-R04'),
      version: loadedByOther.version,
    });
    expect(staleForm.statusCode).toBe(409);

    // The staff screen replaces the same rows from the employee's side: the holder gained moved on
    // there, and the staff screen's removal moves the position on here.
    const employee = (await buyer.get(employeeUrl(clerkEmployeeId))).json().data;
    const withoutIt = employee.positions.map((p: { id: string }) => p.id).filter((id: string) => id !== position.id);
    const fromStaff = await buyer.put(employeeUrl(clerkEmployeeId), { ...employee, positionIds: withoutIt });
    expect(fromStaff.statusCode, fromStaff.body).toBe(200);
    const late = await buyer.put(holders, { employeeIds: [clerkEmployeeId, buyerEmployeeId], version: now.version });
    expect(late.statusCode).toBe(409);
    const after = (await buyer.get(`${BASE}/${position.id}`)).json().data;
    expect(after).toMatchObject({ holders: [], version: now.version + 1 });
    expect((await del(t.app, buyerToken, `${BASE}/${position.id}`)).statusCode).toBe(200);
  });

  it('of two editors of an employee’s partner lists, the stale one gets 409 and the first one’s partners stay', async () => {
    const url = `${BASE}/trading-partners/${clerkEmployeeId}`;
    const plastics = (await buyer.get(`${BASE}/partner-lookup?compNo=20260003`)).json().data;
    const ids = (list: { id: string }[]) => list.map((e) => e.id);
    const loadedByOne = (await buyer.get(url)).json().data;
    const loadedByOther = (await buyer.get(url)).json().data;

    const first = await buyer.put(url, {
      supplier: [...ids(loadedByOne.supplier), plastics.id],
      client: ids(loadedByOne.client),
      version: loadedByOne.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await buyer.put(url, { supplier: [], client: [], version: loadedByOther.version });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('CONFLICT');
    const now = (await buyer.get(url)).json().data;
    expect(now).toEqual(first.json().data);
    expect(now.supplier.map((e: { compNo: string }) => e.compNo)).toContain('20260003');
    expect(now.version).toBe(loadedByOne.version + 1);

    // The staff screen keeps the same partner rows under the same version.
    const employee = (await buyer.get(employeeUrl(clerkEmployeeId))).json().data;
    expect(employee.version).toBe(now.version);
    expect((await buyer.put(employeeUrl(clerkEmployeeId), { ...employee, partners: [] })).statusCode).toBe(200);
    const late = await buyer.put(url, { supplier: ids(now.supplier), client: ids(now.client), version: now.version });
    expect(late.statusCode).toBe(409);
    expect((await buyer.get(url)).json().data).toMatchObject({ supplier: [], client: [] });
  });
});
