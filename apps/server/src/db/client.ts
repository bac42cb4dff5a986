import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DataDirHold, holdDataDir } from './data-dir-lock.ts';

/**
 * Without drizzle's relational query API: it would build a query helper for every table on each
 * transaction, a tenth of a millisecond on every request's path, and nothing uses it.
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` while holding a session advisory lock, so of several processes starting together on
   * one PostgreSQL only one migrates (or seeds) at a time and the others then find it done. The
   * embedded database is held by one process, which needs no lock.
   */
  exclusively<T>(lock: number, work: (db: Db) => Promise<T>): Promise<T>;
  /** Connections of the pool (the embedded database has one, always in use by this process). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** The embedded database's data directory, held by this process (`openDatabase`). */
  dataDirHold?: DataDirHold;
  /** A consistent copy of the embedded database's data directory (a gzipped tar), taken between transactions. */
  snapshot?(): Promise<Blob>;
  /** LISTEN on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** PGlite would turn int8 into a JS number and lose the low bits of our 64-bit ids. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [INT8_OID]: (value: string) => value },
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    exclusively: (_lock, work) => work(db),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    // Holding the transaction lock, which single statements take too: no write is half done in the copy.
    snapshot: () => client._runExclusiveTransaction(() => client.dumpDataDir('gzip')),
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    close: () => client.close(),
  };
}

/** Named statements one connection keeps at most; texts past it run unnamed (parsed and planned each time). */
const PREPARED_PER_CONNECTION = 500;
const statementNames = new Map<string, string>();

/** A statement's name is a digest of its text: the same query text is the same statement on every connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    // Texts with inlined literals are many; the memo keeps the recent ones (the pg client keeps its own per connection).
    if (statementNames.size >= 4 * PREPARED_PER_CONNECTION) statementNames.delete(statementNames.keys().next().value!);
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection runs one query at a time. Services run a list's page and its count side by side
 * (Promise.all) on the request's one transaction; node-postgres queues the second itself but warns that
 * pg 9 will refuse it, so each connection sends its next query once the previous one is answered.
 *
 * Parameterised statements are prepared by name: planning a list's page under row-level security costs
 * PostgreSQL three times what running it does (docs/performance.md, issue 20), and a prepared statement
 * is planned once per connection (PostgreSQL re-plans it itself after DDL or for another role).
 */
class OneQueryAtATime extends pg.Client {
  #previous: Promise<unknown> = Promise.resolve();
  #prepared = 0;

  // biome-ignore lint/suspicious/noExplicitAny: pg.Client#query has a dozen overloads to pass through.
  override query(...args: any[]): any {
    const callback = typeof args.at(-1) === 'function' || typeof args[0]?.submit === 'function';
    // Callback and submittable queries are the pool's own and the cursors', never concurrent on one client.
    if (callback) return (super.query as (...a: unknown[]) => unknown)(...args);
    const [config, values] = args;
    if (typeof config === 'object' && config?.name === undefined && (values?.length || config?.values?.length)) {
      args[0] = this.#named(config);
    }
    const next = this.#previous.then(() => (super.query as (...a: unknown[]) => Promise<unknown>)(...args));
    this.#previous = next.catch(() => {});
    return next;
  }

  #named(config: { text: string }) {
    const name = statementName(config.text);
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
      .parsedStatements;
    if (parsed[name] !== undefined) return { ...config, name };
    if (this.#prepared >= PREPARED_PER_CONNECTION) return config;
    this.#prepared += 1;
    return { ...config, name };
  }
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // No JIT: compiling a report's plan took 700 ms on two cores, longer than running it (issue 20).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: OneQueryAtATime, options: '-c jit=off' });
  // An idle client that dies (database restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool);
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exclusively(lock, work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lock]);
        try {
          return await work(drizzleNodePg(client));
        } finally {
          await client.query('select pg_advisory_unlock($1)', [lock]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** The embedded database lives in `$DATA_DIR/pglite`. */
export const PGLITE_DIR = 'pglite';

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const hold = holdDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, PGLITE_DIR) });
    return {
      ...database,
      dataDirHold: hold,
      async close() {
        await database.close();
        hold.release();
      },
    };
  } catch (err) {
    hold.release();
    throw err;
  }
}
