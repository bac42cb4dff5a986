import { ALL_PERMISSIONS, DEFAULT_PERMISSIONS, isPermissionCode, type PermissionCode } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { as, lastCode, login } from '../helpers.ts';
import {
  bearer,
  createSecurityFixture,
  type SecurityFixture,
  SWEEP_EXCLUDED,
  send,
  setClerkPosition,
  setPositionPermissions,
} from './fixture.ts';
import { type Operation, requestsFor } from './openapi.ts';
import { routeTable } from './route-table.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

let f: SecurityFixture;
let positionId: string;
beforeAll(async () => {
  f = await createSecurityFixture();
  positionId = await setClerkPosition(f, { showPrice: true });
});
afterAll(() => f.close());

const key = (op: Operation) => `${op.method} ${op.path}`;
const isCode = (access: string | undefined): access is string =>
  !!access && !['public', 'authenticated', 'member'].includes(access);

describe('T-04 function-level access', () => {
  it('has every route of the app declare its access, and only known codes', () => {
    const table = routeTable(f.app).filter((r) => r.url.startsWith('/gateway/'));
    expect(table.length).toBeGreaterThan(50);
    const undeclared = table.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // A mistyped code would lock out everyone but administrators without any error.
    const unknown = table.filter((r) => isCode(r.access) && !isPermissionCode(r.access));
    expect(unknown.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([]);
  });

  it('refuses to register a /gateway route that declares no access', async () => {
    const bare = await buildApp({ database: f.t.database, config: f.t.config, logger: false });
    expect(() => bare.get('/gateway/undeclared', async () => 'x')).toThrow(/declares no access/);
    const schema = { operationId: 'declaredFixture', response: { 200: z.string() } };
    expect(() =>
      bare.get('/gateway/declared', { config: { access: 'public' }, schema }, async () => 'x'),
    ).not.toThrow();
    await bare.close();
  });

  it('answers 403 to a member lacking each code, for every route that requires it, and not once the code is held', async () => {
    const guarded = f.operations.filter((op) => isCode(op.access) && !SWEEP_EXCLUDED.has(key(op)));
    const codes = [...new Set(guarded.map((op) => op.access as PermissionCode))];
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const problems: string[] = [];
    const lackedCodes: PermissionCode[] = [];
    for (const code of codes) {
      const routes = guarded.filter((op) => op.access === code);
      const lacking = DEFAULT_PERMISSIONS.includes(code) ? null : ALL_PERMISSIONS.filter((c) => c !== code);
      if (lacking) {
        lackedCodes.push(code);
        await setPositionPermissions(f, positionId, lacking);
        for (const op of routes) {
          for (const req of requestsFor(op, f.missingId)) {
            const res = await send(f.app, req, bearer(f.a.clerk.token));
            if (res.statusCode !== 403 || res.json().errorCode !== 'FORBIDDEN') {
              problems.push(`without ${code}: ${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
            }
          }
        }
      }
      await setPositionPermissions(f, positionId, ALL_PERMISSIONS);
      for (const op of routes.filter((r) => !r.adminOnly)) {
        const [req] = requestsFor(op, f.missingId);
        const res = await send(f.app, req, bearer(f.a.clerk.token));
        if (res.statusCode === 403 && res.json().errorCode === 'FORBIDDEN') {
          problems.push(`with ${code}: ${req.method} ${req.url} still refused`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Default codes (every member holds them) are covered by the no-enterprise case below.
    expect(lackedCodes).toEqual(codes.filter((c) => !DEFAULT_PERMISSIONS.includes(c)));
    expect(lackedCodes.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses every code route to a signed-in user without an enterprise, and to administrator-only routes', async () => {
    const anon = as(f.app);
    const mobile = '13977770002';
    await anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const registered = await anon.post('/gateway/admin/sysuserinfo/userRegister', {
      username: 'loner',
      mobileArea: '+86',
      mobile,
      email: 'loner@example.test',
      code: lastCode(f.t.sent, `+86${mobile}`),
      password: 'Quartz#Lantern42',
      password2: 'Quartz#Lantern42',
      agreement: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const loner = await login(f.app, 'loner', 'Quartz#Lantern42');

    const problems: string[] = [];
    for (const op of f.operations.filter(
      (o) => (isCode(o.access) || o.access === 'member') && !SWEEP_EXCLUDED.has(key(o)),
    )) {
      const [req] = requestsFor(op, f.missingId);
      const res = await send(f.app, req, bearer(loner));
      if (res.statusCode !== 403 || res.json().errorCode !== 'NO_ENTERPRISE') {
        problems.push(`${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    // Holding every code does not make a member an administrator.
    for (const op of f.operations.filter((o) => o.adminOnly)) {
      const [req] = requestsFor(op, f.missingId);
      const res = await send(f.app, req, bearer(f.a.clerk.token));
      if (res.statusCode !== 403) problems.push(`admin-only ${req.method} ${req.url} → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
    expect(f.operations.some((o) => o.adminOnly)).toBe(true);
  });

  it('answers 401 to anonymous callers on every route that is not public', async () => {
    const problems: string[] = [];
    for (const op of f.operations.filter((o) => o.access !== 'public')) {
      const [req] = requestsFor(op, f.missingId);
      const res = await send(f.app, req);
      if (res.statusCode !== 401) problems.push(`${req.method} ${req.url} → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('T-07 IP restriction and forwarded addresses', () => {
  const INFO = { method: 'GET', url: '/gateway/srm/departments/tree' };
  let proxied: FastifyInstance;

  beforeAll(async () => {
    await setClerkPosition(f, { checkIp: true, allowedIps: ['10.9.8.7'], showPrice: true });
    proxied = await buildApp({
      database: f.t.database,
      config: { ...f.t.config, trustedProxies: ['127.0.0.1'] },
      logger: false,
    });
    await proxied.ready();
  });
  afterAll(async () => {
    await proxied.close();
  });

  const call = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    send(
      app,
      INFO,
      { ...bearer(f.a.clerk.token), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      { remoteAddress },
    );

  it('ignores X-Forwarded-For when no proxy is configured', async () => {
    expect(f.t.config.trustedProxies).toEqual([]);
    const res = await call(f.app, '127.0.0.1', '10.9.8.7');
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('IP_FORBIDDEN');
    expect((await call(f.app, '10.9.8.7')).statusCode).toBe(200);
  });

  it('uses the forwarded address only when the request comes from the configured proxy', async () => {
    expect((await call(proxied, '127.0.0.1', '10.9.8.7')).statusCode).toBe(200);
    // The same header from anywhere else is the client talking, not the proxy.
    expect((await call(proxied, '127.0.0.2', '10.9.8.7')).statusCode).toBe(403);
    // A client-supplied value in front of the proxy's own entry is not believed.
    expect((await call(proxied, '127.0.0.1', '10.9.8.7, 203.0.113.9')).statusCode).toBe(403);
    expect((await call(proxied, '127.0.0.1')).statusCode).toBe(403);
  });

  it('applies the restriction to the position holder only', async () => {
    const res = await send(f.app, INFO, { ...bearer(f.a.token), 'x-forwarded-for': '10.9.8.7' });
    expect(res.statusCode).toBe(200);
  });
});
