import { sql } from 'drizzle-orm';
import type { Db, Queryable } from './client.ts';

export const APP_ROLE = 'app_user';

/**
 * Two-party tables kept by triggers of their documents, which fire for whichever party changed the
 * document: either party may insert and delete the rows it is a party to (a supplier moving a
 * confirmed date moves its due line).
 */
const EITHER_PARTY_WRITES = new Set(['purchase_order_tallies', 'order_due_lines', 'due_day_totals']);

/**
 * Functions of the report and list filters that PostgreSQL may evaluate ahead of a row-level-security
 * policy, so that an index on them can be used: a function not declared leakproof runs only after the
 * policy, over every row the policy lets through (a million lines for a filter that keeps forty). Neither
 * reveals anything of a row: ILIKE fails only on a malformed pattern, which is the caller's own and never
 * malformed (escapeLike), and concatenation only past 1 GB. Only a superuser may declare it; elsewhere
 * the filters stay right and read more rows (docs/decisions.md, issue 20).
 */
const LEAKPROOF_FUNCTIONS = ['texticlike(text, text)', 'textcat(text, text)'];

async function declareLeakproof(q: Queryable): Promise<void> {
  const [me] = (await q.execute<{ s: boolean }>(sql`select rolsuper as s from pg_roles where rolname = current_user`))
    .rows;
  if (!me?.s) return;
  for (const f of LEAKPROOF_FUNCTIONS) await q.execute(sql.raw(`ALTER FUNCTION pg_catalog.${f} LEAKPROOF`));
}

/** The role requests run as; a restore into a new cluster needs it before the policies naming it. */
export async function createAppRole(q: Queryable): Promise<void> {
  await q.execute(
    sql.raw(`
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$;`),
  );
}

/**
 * Every table with a `tenant_id` column is a tenant table: RLS is ENABLEd and FORCEd and its policies
 * read the transaction-local `app.tenant_id`. A table that also has `supplier_tenant_id` is a two-party
 * document: both sides read and update it, only the owner (buyer) inserts and deletes. Policies are
 * derived from the columns at every start, so a new tenant table can never be left unprotected.
 */
export async function applyRowLevelSecurity(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7319)`);
    await createAppRole(tx);
    await declareLeakproof(tx);
    await tx.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`));
    await tx.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`));

    const tables = await tx.execute<{ table_name: string; two_party: boolean }>(sql`
      select c.table_name,
             exists (select 1 from information_schema.columns s
                      where s.table_schema = 'public' and s.table_name = c.table_name
                        and s.column_name = 'supplier_tenant_id') as two_party
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
         and c.table_name <> 'memberships'`);

    // A scalar subquery is planned as an InitPlan: the setting is read once per statement instead of
    // twice per row, which is most of a report's time over a million rows (docs/reports.md).
    const current = `(select nullif(current_setting('app.tenant_id', true), '')::bigint)`;
    for (const { table_name: table, two_party: twoParty } of tables.rows) {
      const t = `"${table}"`;
      await tx.execute(sql.raw(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`));
      await tx.execute(sql.raw(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`));
      const existing = await tx.execute<{ policyname: string }>(
        sql`select policyname from pg_policies where schemaname = 'public' and tablename = ${table}`,
      );
      for (const p of existing.rows) await tx.execute(sql.raw(`DROP POLICY "${p.policyname}" ON ${t}`));
      const own = `tenant_id = ${current}`;
      if (twoParty) {
        const either = `(${own} OR supplier_tenant_id = ${current})`;
        await tx.execute(sql.raw(`CREATE POLICY tenant_read ON ${t} FOR SELECT TO ${APP_ROLE} USING ${either}`));
        const writer = EITHER_PARTY_WRITES.has(table) ? either : `(${own})`;
        await tx.execute(sql.raw(`CREATE POLICY tenant_insert ON ${t} FOR INSERT TO ${APP_ROLE} WITH CHECK ${writer}`));
        await tx.execute(
          sql.raw(`CREATE POLICY tenant_update ON ${t} FOR UPDATE TO ${APP_ROLE} USING ${either} WITH CHECK ${either}`),
        );
        await tx.execute(sql.raw(`CREATE POLICY tenant_delete ON ${t} FOR DELETE TO ${APP_ROLE} USING ${writer}`));
      } else {
        await tx.execute(
          sql.raw(`CREATE POLICY tenant_all ON ${t} FOR ALL TO ${APP_ROLE} USING (${own}) WITH CHECK (${own})`),
        );
      }
    }
  });
}
