import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import './hash-cost.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgliteSeededTemplate: string;
    pgTemplateDb: string;
    pgSeededTemplateDb: string;
  }
}

/**
 * Migrates one template per run, and a second one holding the demo world as well: PGlite data-dir
 * dumps (each test file loads one in about a second) or, with TEST_DATABASE_URL, PostgreSQL template
 * databases each file clones. Seeding once here instead of in every test context saves about 3 s per
 * context, some 45 contexts per suite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `concord_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString(), 2);
    await migrateDatabase(database);
    await database.close();
    const seededName = `${name}_seeded`;
    await admin.query(`DROP DATABASE IF EXISTS ${seededName}`);
    await admin.query(`CREATE DATABASE ${seededName} TEMPLATE ${name}`);
    target.pathname = `/${seededName}`;
    const seeded = await openPostgres(target.toString(), 2);
    await seedDemoWorld(seeded.db);
    await seeded.close();
    project.provide('pgTemplateDb', name);
    project.provide('pgSeededTemplateDb', seededName);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteSeededTemplate', '');
    return async () => {
      for (const db of [name, seededName]) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dir = path.resolve(import.meta.dirname, '../../../.test-data');
  mkdirSync(dir, { recursive: true });
  const write = async (file: string) => {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  const file = await write(path.join(dir, `template-${process.pid}.tar.gz`));
  await seedDemoWorld(database.db);
  const seededFile = await write(path.join(dir, `template-${process.pid}-seeded.tar.gz`));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgliteSeededTemplate', seededFile);
  project.provide('pgTemplateDb', '');
  project.provide('pgSeededTemplateDb', '');
  return () => {
    for (const f of [file, seededFile]) rmSync(f, { force: true });
  };
}
