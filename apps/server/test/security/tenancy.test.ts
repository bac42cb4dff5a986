import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/platform/ids.ts';
import { bearer, createSecurityFixture, leaksAnything, type SecurityFixture, SWEEP_EXCLUDED, send } from './fixture.ts';
import { isIdRoute, type Operation, requestsFor } from './openapi.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

let f: SecurityFixture;
beforeAll(async () => {
  f = await createSecurityFixture();
});
afterAll(() => f.close());

const key = (op: Operation) => `${op.method} ${op.path}`;

/** The same reply modulo the id asked for, which a 404 may echo. */
const normalize = (body: string, id: string) => body.split(id).join('<id>');

describe('T-01 cross-tenant id guessing on every id route of the OpenAPI document', () => {
  it('answers an id of tenant A exactly like a missing id, as outsider C and as anonymous', async () => {
    const idRoutes = f.operations.filter((op) => isIdRoute(op) && !SWEEP_EXCLUDED.has(key(op)));
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);
    const callers = {
      outsider: bearer(f.c.token),
      anonymous: {} as Record<string, string>,
    };
    const problems: string[] = [];
    let probes = 0;
    for (const op of idRoutes) {
      for (const [who, headers] of Object.entries(callers)) {
        const missing: { status: number; body: string }[] = [];
        for (const req of requestsFor(op, f.missingId)) {
          const res = await send(f.app, req, headers);
          missing.push({ status: res.statusCode, body: normalize(res.body, f.missingId) });
        }
        for (const id of f.oneIdPerTableOfA) {
          for (const [i, req] of requestsFor(op, id).entries()) {
            probes++;
            const res = await send(f.app, req, headers);
            const label = `${who} ${req.method} ${req.url}`;
            const baseline = missing[i];
            if (leaksAnything(res.body)) problems.push(`${label}: sentinel in body`);
            if (!baseline || baseline.status !== res.statusCode || baseline.body !== normalize(res.body, id)) {
              problems.push(
                `${label}: ${res.statusCode} ${res.body.slice(0, 120)} differs from missing-id ${baseline?.status} ${baseline?.body.slice(0, 120)}`,
              );
            }
            const expected =
              who === 'anonymous' && op.access !== 'public' ? [401] : op.access === 'public' ? [404, 400] : [404];
            if (!expected.includes(res.statusCode)) problems.push(`${label}: ${res.statusCode}, expected ${expected}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(probes).toBeGreaterThan(100);
  });

  it('finds the planted data from inside tenant A, so the 404s above are isolation, not broken routes', async () => {
    const res = await f.a.caller.get(`/gateway/test/priced-docs/${f.docs.buyerDoc}`);
    expect(res.statusCode).toBe(200);
    expect(leaksAnything(res.body)).toBe(true);
    const profile = await f.a.caller.get('/gateway/srm/enterprise');
    expect(profile.json().data.profile).toContain('ZQX-SENTINEL');
  });
});

describe('T-02 foreign tenant header and foreign fields in bodies', () => {
  it('refuses a TENANT_ID the user does not belong to on every route, before anything runs', async () => {
    const problems: string[] = [];
    for (const op of f.operations.filter((o) => !SWEEP_EXCLUDED.has(key(o)))) {
      for (const [who, token] of [
        ['outsider', f.c.token],
        ['supplier', f.b.token],
      ]) {
        const [req] = requestsFor(op, f.missingId);
        const res = await send(f.app, req, bearer(token, f.a.tenantId));
        const label = `${who} ${req.method} ${req.url}`;
        if (res.statusCode !== 403 || res.json().errorCode !== 'TENANT_FORBIDDEN') {
          problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        if (leaksAnything(res.body)) problems.push(`${label}: sentinel in body`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares no tenantId or createdBy in any create or update body', () => {
    const writes = f.operations.filter(
      (op) => op.body && (op.method === 'PUT' || (op.method === 'POST' && !/\/(list|export)$/.test(op.path))),
    );
    expect(writes.length).toBeGreaterThan(5);
    const declared = writes.flatMap((op) =>
      ['tenantId', 'tenant_id', 'createdBy', 'created_by']
        .filter((field) => op.body?.properties && field in op.body.properties)
        .map((field) => `${key(op)} declares ${field}`),
    );
    expect(declared).toEqual([]);
  });

  it('ignores tenantId, status and createdBy sent to every update route that has a detail route', async () => {
    const columns = async (table: string, id: string) =>
      (
        await f.t.database.db.execute<Record<string, unknown>>(
          sql.raw(`select * from "${table}" where id = ${BigInt(id)}`),
        )
      ).rows;
    const tables = (
      await f.t.database.db.execute<{ table_name: string }>(sql`
        select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id'`)
    ).rows.map((r) => r.table_name);
    const rowsOf = async (id: string) => {
      const matches: Record<string, unknown>[] = [];
      for (const table of tables) for (const row of await columns(table, id)) matches.push({ table, ...row });
      return matches;
    };

    const updates = f.operations.filter((op) => op.method === 'PUT' && op.pathParams.length === 1 && op.body);
    let exercised = 0;
    for (const op of updates) {
      const detail = f.operations.find((o) => o.method === 'GET' && o.path === op.path);
      if (!detail) continue;
      for (const id of f.idsOfA) {
        const [get] = requestsFor(detail, id);
        const current = await send(f.app, get, bearer(f.a.token));
        if (current.statusCode !== 200) continue;
        const data = current.json().data as Record<string, unknown>;
        // A GET that answers a collection (e.g. a supplier's contacts) is no detail to echo back.
        if (Array.isArray(data)) break;
        const before = await rowsOf(id);
        const declared = Object.keys(op.body?.properties ?? {});
        const body = {
          ...Object.fromEntries(Object.entries(data).filter(([k]) => declared.includes(k))),
          tenantId: f.c.tenantId,
          tenant_id: f.c.tenantId,
          status: 99,
          createdBy: f.c.userId,
        };
        const [put] = requestsFor(op, id, { body });
        const res = await send(f.app, put, bearer(f.a.token));
        // T-02 allows "ignored or 400"; a row whose state or data the echoed detail cannot satisfy (a published
        // notice, recipients the detail shows differently) is refused, and so is a two-party row that only the
        // other side edits (a statement the supplier drafted: 403) — nothing may change either way.
        expect([200, 400, 403, 409], `${key(op)} ${res.body}`).toContain(res.statusCode);
        const after = await rowsOf(id);
        expect(after.length, `${key(op)} ${id}`).toBe(before.length);
        for (const [i, row] of after.entries()) {
          for (const field of ['tenant_id', 'status', 'created_by']) {
            if (field in row) expect(row[field], `${key(op)} ${row.table}.${field}`).toEqual(before[i][field]);
          }
        }
        if (res.statusCode !== 200) continue;
        exercised++;
        break;
      }
    }
    expect(exercised).toBeGreaterThanOrEqual(1);
  });

  it('ignores tenantId and createdBy on the enterprise profile and on creates', async () => {
    const current = (await f.a.caller.get('/gateway/srm/enterprise')).json().data;
    const res = await f.a.caller.put('/gateway/srm/enterprise', {
      ...current,
      tenantId: f.c.tenantId,
      createdBy: f.c.userId,
      id: f.c.tenantId,
    });
    expect([200, 400]).toContain(res.statusCode);
    const owners = await f.t.database.db.execute<{ id: string; created_by: string }>(
      sql`select id::text, created_by::text from enterprises where id in (${f.a.tenantId}, ${f.c.tenantId}) order by id`,
    );
    expect(Object.fromEntries(owners.rows.map((r) => [r.id, r.created_by]))).toEqual({
      [f.a.tenantId]: expect.not.stringMatching(f.c.userId),
      [f.c.tenantId]: f.c.userId,
    });

    const created = await f.a.caller.post('/gateway/srm/departments', {
      deptCode: 'T02',
      deptName: 'Foreign fields probe',
      tenantId: f.c.tenantId,
      createdBy: f.c.userId,
    });
    expect([200, 400]).toContain(created.statusCode);
    const rows = await f.t.database.db.execute<{ tenant_id: string }>(
      sql`select tenant_id::text from departments where dept_code = 'T02'`,
    );
    expect(rows.rows.map((r) => r.tenant_id)).toEqual(created.statusCode === 200 ? [f.a.tenantId] : []);
  });
});

describe('T-10 covert channels', () => {
  it('keeps department and position codes unique per tenant, not globally', async () => {
    // PUR is A's code; C may use it, and a second use inside one tenant is what is refused.
    const inC = await f.c.caller.post('/gateway/srm/departments', { deptCode: 'PUR', deptName: 'Purchasing' });
    expect(inC.statusCode, inC.body).toBe(200);
    const again = await f.c.caller.post('/gateway/srm/departments', { deptCode: 'PUR', deptName: 'Purchasing 2' });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(f.a.tenantId);

    const positionCode = async (tenantId: string) =>
      f.t.database.db.execute(
        sql`insert into positions (tenant_id, id, code, name) values (${tenantId}, ${newId()}, 'PUR-MGR', 'Manager')`,
      );
    await expect(positionCode(f.c.tenantId)).resolves.toBeDefined();
    await expect(positionCode(f.a.tenantId)).rejects.toThrow();
  });

  it('gives a foreign id the same error body as a missing one, byte for byte (every id route: T-01 above)', async () => {
    const foreign = await f.c.caller.get(`/gateway/srm/departments/${f.a.deptIds.PUR}`);
    const missing = await f.c.caller.get(`/gateway/srm/departments/${f.missingId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.headers['content-length']).toBe(missing.headers['content-length']);
  });
});
