import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, redactUrl } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { serializeError } from '../src/platform/http.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * Issue 14 item 11: the log keeps neither the values bound to a failed query nor personal values in
 * request URLs. The real app logs into a stream this test reads.
 */

const SECRET_REMARK = 'Zhang-Wei private remark 4711';
const MOBILE = '13812345678';

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let app: FastifyInstance;
let lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-log-'));
  const config = loadConfig({ RATE_LIMITS: 'false', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  app = await buildApp({ database, config, logger: { write: (line: string) => void lines.push(line) } });
  // A route whose query fails in the database with a personal value bound to it, as a bug would.
  const schema = { operationId: 'failingQueryFixture', response: { 200: z.null() } };
  app.get('/gateway/test/failing-query', { config: { access: 'public' }, schema }, async () => {
    await database.db.execute(sql`select ${SECRET_REMARK}::int as n`);
    return 'unreachable';
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  lines = [];
});

describe('the log', () => {
  it('records a failed query by its SQL text, without the parameter or the message quoting it', async () => {
    const res = await app.inject({ method: 'GET', url: '/gateway/test/failing-query' });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('select $1::int as n');
    expect(log).toContain('22P02');
    expect(log).not.toContain('Zhang-Wei');
    expect(log).not.toContain('4711');
  });

  it('records request URLs without personal query values', async () => {
    await app.inject({
      method: 'GET',
      url: `/gateway/admin/sysuserinfo/getLoginCode?mobileArea=%2B86&mobile=${MOBILE}`,
    });
    await app.inject({ method: 'GET', url: `/gateway/admin/sysuserinfo/getForgetPswdCode?account=${MOBILE}` });
    await app.inject({ method: 'GET', url: '/gateway/srm/suppliers/export?keyword=Li%20Na&page=2' });
    const log = lines.join('');
    expect(log).toContain('/gateway/admin/sysuserinfo/getLoginCode?mobileArea=[REDACTED]&mobile=[REDACTED]');
    expect(log).toContain('page=2');
    expect(log).not.toContain(MOBILE);
    expect(log).not.toContain('Li%20Na');
  });
});

describe('redactUrl', () => {
  it('keeps paging, ids and protocol words and redacts every other value', () => {
    expect(redactUrl('/gateway/x?account=wang&email=a%40b.c&username=li&name=Li&phone=1&password=p&s=1&code=2')).toBe(
      '/gateway/x?account=[REDACTED]&email=[REDACTED]&username=[REDACTED]&name=[REDACTED]&phone=[REDACTED]&password=[REDACTED]&s=[REDACTED]&code=[REDACTED]',
    );
    expect(redactUrl('/gateway/x?page=2&size=20&TENANT_ID=12&planId=5&id=7&download=1')).toBe(
      '/gateway/x?page=2&size=20&TENANT_ID=12&planId=5&id=7&download=1',
    );
    expect(redactUrl('/gateway/auth/oauth/token?grant_type=password&scope=server')).toBe(
      '/gateway/auth/oauth/token?grant_type=password&scope=server',
    );
    // A bare value or an odd key is personal data too.
    expect(redactUrl(`/gateway/x?${MOBILE}&a%40b.c=1`)).toBe('/gateway/x?[REDACTED]&[REDACTED]=[REDACTED]');
    expect(redactUrl('/gateway/x')).toBe('/gateway/x');
  });
});

describe('serializeError', () => {
  it('keeps an ordinary error whole, and a database error wrapped in one without its values', async () => {
    const plain = serializeError(new Error('SMTP refused: 421'));
    expect(plain).toMatchObject({ type: 'Error', message: 'SMTP refused: 421' });
    expect(plain.stack).toMatch(/^Error: SMTP refused: 421\n\s+at /);

    const failed = await database.db.execute(sql`select ${SECRET_REMARK}::int`).catch((e: unknown) => e);
    const wrapped = serializeError(new Error('import failed', { cause: failed }));
    const text = JSON.stringify(wrapped);
    expect(text).toContain('select $1::int');
    expect(text).not.toContain('Zhang-Wei');
    expect(text).not.toContain('4711');
  });
});
