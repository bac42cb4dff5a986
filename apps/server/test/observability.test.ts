import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { VERSION } from '../src/platform/observability.ts';
import { login, openTestDatabase } from './helpers.ts';

/** Issue 19 §4: request ids, who a log line is about, metrics and the split health checks. */

const METRICS_TOKEN = 'metrics-token-0123456789';
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let app: FastifyInstance;
let lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase({ seeded: true }));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-observe-'));
  const config = loadConfig({
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    METRICS_TOKEN,
  });
  app = await buildApp({ database, config, logger: { write: (line: string) => void lines.push(line) } });
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

const metrics = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

describe('request ids', () => {
  it('gives every reply an id, keeps a valid incoming one and replaces one that is not a plain token', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/gateway/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({
      method: 'GET',
      url: '/gateway/health/live',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const injected = await app.inject({
      method: 'GET',
      url: '/gateway/health/live',
      headers: { 'x-request-id': 'a\nforged log line' },
    });
    expect(injected.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await app.inject({ method: 'GET', url: '/gateway/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBeTruthy();
  });

  it('writes the request id, tenant and user on the log lines of a signed-in request', async () => {
    const token = await login(app, 'buyer');
    lines = [];
    const res = await app.inject({
      method: 'GET',
      url: '/gateway/admin/user/info',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-user-info' },
    });
    expect(res.statusCode).toBe(200);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'trace-user-info');
    const completed = logged.find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({ reqId: 'trace-user-info', userId: expect.any(String) });
    expect(completed).toHaveProperty('tenantId');
  });
});

describe('GET /metrics', () => {
  it('answers the Prometheus text format to this machine', async () => {
    await app.inject({ method: 'GET', url: '/gateway/health/live' });
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_bucket\{.*route="\/gateway\/health\/live".*status="200"/);
    expect(text).toMatch(/db_pool_connections\{state="total"/);
    expect(text).toMatch(/jobs\{state="backlog".*\} \d+/);
    expect(text).toMatch(/jobs\{state="dead".*\} \d+/);
    expect(text).toMatch(/websocket_connections\{.*\} 0/);
    expect(text).toMatch(/process_resident_memory_bytes/);
    expect(text).toContain(`version="${VERSION}"`);
  });

  it('answers another machine only with METRICS_TOKEN, and a missing route otherwise', async () => {
    expect((await metrics({}, '10.0.0.5')).statusCode).toBe(404);
    expect((await metrics({ authorization: 'Bearer wrong-token-0123456789' }, '10.0.0.5')).statusCode).toBe(404);
    expect((await metrics({ authorization: `Bearer ${METRICS_TOKEN}` }, '10.0.0.5')).statusCode).toBe(200);
    // A loopback peer naming another client through a header no trusted proxy resolved is a stranger.
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('health', () => {
  it('splits liveness from readiness and names the version', async () => {
    const live = await app.inject({ method: 'GET', url: '/gateway/health/live' });
    expect(live.json()).toMatchObject({ code: 0, data: { status: 'ok', version: VERSION } });
    const ready = await app.inject({ method: 'GET', url: '/gateway/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ok', db: 'up', migrations: 'done', version: VERSION });
  });
});
