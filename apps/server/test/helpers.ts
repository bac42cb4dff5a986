import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import type { MessageProvider, OutgoingMessage } from '../src/platform/mail.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

export { DEMO_PASSWORD };

/**
 * A fresh migrated database for one test file, with the demo world when `seeded`: PGlite from a
 * template dump, or a cloned PG database.
 */
export async function openTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject(options.seeded ? 'pgSeededTemplateDb' : 'pgTemplateDb');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `concord_t_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString(), 10);
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject(options.seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate'));
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { database, drop: () => database.close() };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  sent: OutgoingMessage[];
  close(): Promise<void>;
}

/** Builds the real app on a fresh database with the demo world; messages are captured, not sent. */
export async function createTestContext(
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestContext> {
  const { database, drop } = await openTestDatabase({ seeded: options.seed !== false });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-test-'));
  const config = loadConfig({
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const sent: OutgoingMessage[] = [];
  const provider: MessageProvider = {
    async send(m) {
      sent.push(m);
    },
  };
  const app = await buildApp({ database, config, provider, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    sent,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
    payload: { username, password, isPhone: 'false' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

/** The last 6-digit code sent to a recipient. */
export function lastCode(sent: OutgoingMessage[], recipient: string): string {
  const message = [...sent].reverse().find((m) => m.recipient === recipient);
  const code = message?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export interface Caller {
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export function as(app: FastifyInstance, token?: string, tenantId?: string): Caller {
  const base = (extra?: Record<string, string>) => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(tenantId ? { tenant_id: tenantId } : {}),
    ...extra,
  });
  return {
    get: (url, headers) => app.inject({ method: 'GET', url, headers: base(headers) }),
    post: (url, payload, headers) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: base(headers) }),
    put: (url, payload, headers) =>
      app.inject({ method: 'PUT', url, payload: payload as object, headers: base(headers) }),
  };
}

/** The rows of a workbook's first sheet, header included, as plain cell values. */
export async function sheetRows(file: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  (await sheetOf(file)).eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** One part of an .xlsx (deflated zip entries), as text. */
export function zipPart(file: Buffer, part: string): string {
  let offset = 0;
  while (offset < file.length && file.readUInt32LE(offset) === 0x04034b50) {
    const size = file.readUInt32LE(offset + 18);
    const nameLength = file.readUInt16LE(offset + 26);
    const extra = file.readUInt16LE(offset + 28);
    const name = file.subarray(offset + 30, offset + 30 + nameLength).toString('utf8');
    const start = offset + 30 + nameLength + extra;
    if (name === part) return inflateRawSync(file.subarray(start, start + size)).toString('utf8');
    offset = start + size;
  }
  throw new Error(`no ${part} in the workbook`);
}

/** The first sheet as a spreadsheet program reads it (ExcelJS): typed values and number formats. */
export async function sheetOf(file: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

export const cell = (ws: ExcelJS.Worksheet, ref: string) => ({
  value: ws.getCell(ref).value,
  numFmt: ws.getCell(ref).numFmt,
});
