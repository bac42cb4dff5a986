import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ROLE } from '../../src/db/rls.ts';
import { inTenantTx } from '../../src/platform/context.ts';
import { createSecurityFixture, type SecurityFixture, tenantTables } from './fixture.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

let f: SecurityFixture;
beforeAll(async () => {
  f = await createSecurityFixture();
});
afterAll(() => f.close());

/** The one tenant-keyed table outside RLS: token resolution reads it before any tenant is known. */
const OUTSIDE_RLS = new Set(['memberships']);

/** node-postgres reports rowCount, PGlite affectedRows. */
const changedRows = (r: { rowCount?: number | null; affectedRows?: number }) => r.affectedRows ?? r.rowCount ?? 0;

const q = <T extends Record<string, unknown>>(text: string) => f.t.database.db.execute<T>(sql.raw(text));

describe('T-08 the RLS audit', () => {
  it('enables and forces RLS on every tenant table, with policies that read the transaction tenant', async () => {
    const tables = (await tenantTables(f.t)).filter((t) => !OUTSIDE_RLS.has(t.name));
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['departments', 'positions', 'scoped_docs']));
    const flags = await q<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')`);
    const byName = new Map(flags.rows.map((r) => [r.relname, r]));
    const policies = await q<{
      tablename: string;
      roles: string[] | string;
      qual: string | null;
      with_check: string | null;
    }>(`select tablename, roles, qual, with_check from pg_policies where schemaname = 'public'`);
    const problems: string[] = [];
    for (const { name } of tables) {
      const rel = byName.get(name);
      if (!rel?.relrowsecurity || !rel.relforcerowsecurity) problems.push(`${name}: RLS not enabled and forced`);
      const own = policies.rows.filter((p) => p.tablename === name);
      if (!own.length) problems.push(`${name}: no policy (the app role would see nothing, or someone adds USING true)`);
      for (const p of own) {
        const roles = Array.isArray(p.roles) ? p.roles : String(p.roles).replace(/[{}]/g, '').split(',');
        if (!roles.includes(APP_ROLE)) problems.push(`${name}: policy for ${roles}`);
        for (const clause of [p.qual, p.with_check]) {
          if (clause !== null && !clause.includes('app.tenant_id')) problems.push(`${name}: policy clause ${clause}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs the app as a role that is neither superuser, nor owner, nor BYPASSRLS, nor a member of one', async () => {
    const [role] = (
      await q<Record<string, boolean>>(
        `select rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolcanlogin from pg_roles where rolname = '${APP_ROLE}'`,
      )
    ).rows;
    expect(role).toEqual({
      rolsuper: false,
      rolbypassrls: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolcanlogin: false,
    });
    const memberOf = await q(`select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
        join pg_roles u on u.oid = m.member where u.rolname = '${APP_ROLE}'`);
    expect(memberOf.rows).toEqual([]);
    const owned = await q(`select c.relname from pg_class c join pg_roles r on r.oid = c.relowner
        join pg_namespace n on n.oid = c.relnamespace where r.rolname = '${APP_ROLE}' and n.nspname = 'public'`);
    expect(owned.rows).toEqual([]);
    const schemas = await q<{ create: boolean }>(
      `select has_schema_privilege('${APP_ROLE}', 'public', 'CREATE') as create`,
    );
    expect(schemas.rows[0].create).toBe(false);
  });

  it('has no SECURITY DEFINER function and no view or materialized view that bypasses RLS', async () => {
    const definers = await q(`select n.nspname, p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')`);
    expect(definers.rows).toEqual([]);
    const views = await q<{ relname: string; relkind: string; reloptions: string[] | null; readable: boolean }>(`
      select c.relname, c.relkind, c.reloptions, has_table_privilege('${APP_ROLE}', c.oid, 'SELECT') as readable
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('v', 'm')`);
    for (const v of views.rows) {
      if (v.relkind === 'm') expect(v.readable, `materialized view ${v.relname}`).toBe(false);
      else expect(v.reloptions ?? [], `view ${v.relname}`).toContain('security_invoker=true');
    }
  });

  it('keeps the tenant setting inside the transaction that set it', async () => {
    await inTenantTx(f.t.database.db, f.a.tenantId, (tx) => tx.execute(sql`select 1`));
    const after = await q<{ tenant: string | null; role: string }>(
      `select current_setting('app.tenant_id', true) as tenant, current_user as role`,
    );
    expect(after.rows[0].tenant ?? '').toBe('');
    expect(after.rows[0].role).not.toBe(APP_ROLE);
  });
});

describe('T-08 with the service-layer tenant filter switched off', () => {
  it('returns no row of A from a raw select of every tenant table, as C, as B and as no tenant', async () => {
    const tables = (await tenantTables(f.t)).filter((t) => !OUTSIDE_RLS.has(t.name));
    const twoParty = new Set(
      (
        await q<{ table_name: string }>(`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'supplier_tenant_id'`)
      ).rows.map((r) => r.table_name),
    );
    const leaks: string[] = [];
    let rowsOfA = 0;
    for (const { name } of tables) {
      const [{ n }] = (
        await q<{ n: number }>(`select count(*)::int as n from "${name}" where tenant_id = ${f.a.tenantId}`)
      ).rows;
      rowsOfA += n;
      for (const [who, tenant] of [
        ['C', f.c.tenantId],
        ['B', f.b.tenantId],
        ['none', null],
      ] as const) {
        const seen = await inTenantTx(f.t.database.db, tenant, (tx) =>
          tx.execute<Record<string, unknown>>(sql.raw(`select * from "${name}"`)),
        );
        for (const row of seen.rows) {
          const owner = String(row.tenant_id);
          const shared = twoParty.has(name) && tenant !== null && String(row.supplier_tenant_id) === tenant;
          if (owner !== tenant && !shared) leaks.push(`${who} sees ${name} row of tenant ${owner}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(rowsOfA).toBeGreaterThan(20);
  });

  it('lets no tenant update, delete or insert rows of another', async () => {
    const tables = (await tenantTables(f.t)).filter((t) => !OUTSIDE_RLS.has(t.name));
    await q('create schema if not exists rls_probe');
    await q(`grant usage on schema rls_probe to ${APP_ROLE}`);
    const problems: string[] = [];
    try {
      for (const { name } of tables) {
        const before = (
          await q<{ n: number }>(`select count(*)::int as n from "${name}" where tenant_id = ${f.a.tenantId}`)
        ).rows[0].n;
        const changed = await inTenantTx(f.t.database.db, f.c.tenantId, async (tx) => {
          const updated = await tx.execute(
            sql.raw(`update "${name}" set tenant_id = tenant_id where tenant_id = ${f.a.tenantId}`),
          );
          const deleted = await tx.execute(sql.raw(`delete from "${name}" where tenant_id = ${f.a.tenantId}`));
          return changedRows(updated) + changedRows(deleted);
        });
        if (changed) problems.push(`C changed ${changed} rows of A in ${name}`);
        const after = (
          await q<{ n: number }>(`select count(*)::int as n from "${name}" where tenant_id = ${f.a.tenantId}`)
        ).rows[0].n;
        if (after !== before) problems.push(`${name}: A had ${before} rows, now ${after}`);

        // A copy of one of A's rows, moved to an unused tenant id so no key collides.
        await q(`drop table if exists rls_probe.copy`);
        await q(`create table rls_probe.copy as select * from "${name}" where tenant_id = ${f.a.tenantId} limit 1`);
        await q(`update rls_probe.copy set tenant_id = 4242424242`);
        await q(`grant select on rls_probe.copy to ${APP_ROLE}`);
        const copied = (await q<{ n: number }>('select count(*)::int as n from rls_probe.copy')).rows[0].n;
        if (!copied) continue;
        const inserted = await inTenantTx(f.t.database.db, f.c.tenantId, (tx) =>
          tx.execute(sql.raw(`insert into "${name}" select * from rls_probe.copy`)),
        ).then(
          () => 'inserted',
          (err: Error) => String(err.message ?? err) + String((err as { cause?: Error }).cause?.message ?? ''),
        );
        if (!/row-level security/.test(inserted))
          problems.push(`C inserted into ${name} for another tenant: ${inserted}`);
      }
    } finally {
      await q('drop schema rls_probe cascade');
    }
    expect(problems).toEqual([]);
  });
});
