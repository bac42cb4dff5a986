import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.ts';
import { applyRowLevelSecurity } from './rls.ts';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Applies committed migrations, then (re)asserts roles, grants and row-level security. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migrateNodePg(database.db, { migrationsFolder });
  }
  await applyRowLevelSecurity(database.db);
}
