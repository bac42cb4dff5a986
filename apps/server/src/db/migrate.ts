import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './client.ts';
import { applyRowLevelSecurity } from './rls.ts';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Whether every migration this version ships is applied (readiness): a process started against a
 * database another version migrated, or before its migrations finished, is not ready.
 */
export async function migrationsDone(database: Database): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const applied = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(applied.rows[0]?.n ?? 0) >= journal.entries.length;
}

/** Advisory-lock keys of what one process does for all at start (`Database.exclusively`). */
export const STARTUP_LOCKS = { migrate: 7_319_001, seed: 7_319_002 } as const;

/**
 * Applies committed migrations, then (re)asserts roles, grants and row-level security — under an
 * advisory lock, so N processes starting together on an empty database migrate once.
 */
export async function migrateDatabase(database: Database, print: (line: string) => void = console.info): Promise<void> {
  const lines = await database.exclusively(STARTUP_LOCKS.migrate, async (db) => {
    if (database.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migrateNodePg(db, { migrationsFolder });
    }
    await applyRowLevelSecurity(db);
    return unreportedRecomputes(db);
  });
  for (const line of lines) print(line);
}

/**
 * The money recompute of migration 0011 (issue 16) as the operator is told it, once: a migration's
 * notices never reach the console, so the run is recorded in a table and stamped when printed (one
 * statement, so two processes starting together print it once between them).
 */
async function unreportedRecomputes(db: Db): Promise<string[]> {
  const runs = await db.execute<{ recomputed: number; corrected: number; listed: number }>(sql`
    update money_recompute_runs set reported_at = now() where reported_at is null
    returning recomputed, corrected, listed`);
  return runs.rows.map(
    (r) =>
      `money recompute: ${r.recomputed} documents recomputed (${r.corrected} corrected), ` +
      `${r.listed} agreed documents listed for review`,
  );
}
