import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../src/db/rls.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health and serves the OpenAPI document', async () => {
    expect((await as(t.app).get('/gateway/health')).json()).toMatchObject({ code: 0, data: { status: 'ok' } });
    const doc = (await as(t.app).get('/gateway/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/gateway/admin/user/info');
  });

  it('declares access on every /gateway route and refuses to register one without it', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const bad = await buildApp({ database: t.database, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
    expect(() => bad.get('/gateway/oops', async () => 'x')).toThrow(/declares no access/);
    await bad.close().catch(() => {});
  });

  it('returns the catalogue envelope in the caller language for unknown routes and bad input', async () => {
    const res = await as(t.app).get('/gateway/nope', { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 1, msg: '資源不存在', errorCode: 'NOT_FOUND' });
    const bad = await as(t.app).post(
      '/gateway/admin/sysuserinfo/userRegister',
      { username: 'x' },
      { cookie: 'pro__language=zh-CN' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('VALIDATION_FAILED');
    expect(bad.json().msg).toContain('提交的数据不正确');
    expect(bad.body).not.toMatch(/at .*\.ts/);
  });

  it('audits row-level security on every tenant table', async () => {
    const db = t.database.db;
    const tables = await db.execute<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(sql`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and exists (select 1 from information_schema.columns k
                      where k.table_schema = 'public' and k.table_name = c.relname and k.column_name = 'tenant_id')
         and c.relname <> 'memberships'`);
    expect(tables.rows.length).toBeGreaterThanOrEqual(4);
    for (const t of tables.rows) {
      expect(t, t.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    }
    const role = await db.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
    );
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tableowner = ${APP_ROLE}`,
    );
    expect(owned.rows).toEqual([]);
    const definers = await db.execute(
      sql`select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and prosecdef`,
    );
    expect(definers.rows).toEqual([]);
    const views = await db.execute<{ relname: string; reloptions: string[] | null }>(
      sql`select relname, reloptions from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and relkind in ('v', 'm')`,
    );
    for (const v of views.rows) expect(v.reloptions ?? []).toContain('security_invoker=true');
  });

  it('returns no tenant row without tenant context, and only the own tenant with it', async () => {
    const db = t.database.db;
    const none = await inTenantTx(db, null, (tx) => tx.execute(sql`select count(*)::int as n from messages`));
    expect(none.rows[0]).toEqual({ n: 0 });
    const tenants = await db.execute<{ id: string }>(sql`select id::text from enterprises order by comp_no`);
    const [a, b] = tenants.rows.map((r) => r.id);
    const seenByA = await inTenantTx(db, a, (tx) =>
      tx.execute<{ tenant_id: string }>(sql`select distinct tenant_id::text from messages`),
    );
    expect(seenByA.rows).toEqual([{ tenant_id: a }]);
    await expect(
      inTenantTx(db, a, (tx) =>
        tx.execute(sql`insert into operation_logs (tenant_id, id, operation_type, module) values (${b}, 1, 10, 'x')`),
      ),
    ).rejects.toThrow();
  });

  it('serializes 64-bit ids as strings without losing digits', async () => {
    const token = await login(t.app, 'buyer');
    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(typeof info.sysUser.userId).toBe('string');
    expect(BigInt(info.sysUser.userId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});
