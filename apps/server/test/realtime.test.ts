import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { notifyUsers } from '../src/modules/messages/messages.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

function wsUrl(app: FastifyInstance, query: string): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/gateway/admin/ws/info${query}`;
}

/** Opens a socket; rejects with the HTTP status when the handshake is refused. */
function connect(url: string, headers?: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message pushed')), timeoutMs);
    ws.once('message', (data) => {
      clearTimeout(timer);
      resolve(data.toString());
    });
  });
}

function closeCode(ws: WebSocket, timeoutMs = 10_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket not closed')), timeoutMs);
    ws.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('websocket /gateway/admin/ws/info', () => {
  let t: TestContext;
  let token: string;
  let tenantId: string;
  let userId: string;
  const sockets: WebSocket[] = [];
  const open = async (query: string, headers?: Record<string, string>) => {
    const ws = await connect(wsUrl(t.app, query), headers);
    sockets.push(ws);
    return ws;
  };

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await login(t.app, 'buyer');
    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    tenantId = info.tenant.id;
    userId = info.sysUser.userId;
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });

  it('answers ping with pong', async () => {
    const ws = await open(`?access_token=${token}&TENANT_ID=${tenantId}`);
    const reply = nextMessage(ws);
    ws.send('ping');
    expect(await reply).toBe('pong');
  });

  it('pushes a new message with the unread count once its transaction commits, titled in the page language', async () => {
    const english = await open(`?access_token=${token}&TENANT_ID=${tenantId}`, { 'accept-language': 'en-US' });
    const chinese = await open(`?access_token=${token}&TENANT_ID=${tenantId}`, { 'accept-language': 'zh-CN' });
    const unread = (await as(t.app, token).get('/gateway/admin/message/myMsgCount')).json().data;
    const pushed = { english: nextMessage(english), chinese: nextMessage(chinese) };
    const title = text('materials.created', { prdtNo: 'M-4711', prdtName: '垫圈' });
    await inTenantTx(t.database.db, tenantId, (tx) =>
      notifyUsers(tx, { tenantId, userIds: [userId], kind: 'order', title }),
    );
    const push = { type: 'message', id: expect.any(String), count: unread + 1 };
    expect(JSON.parse(await pushed.english)).toEqual({ ...push, title: 'Created material M-4711 垫圈' });
    expect(JSON.parse(await pushed.chinese)).toEqual({ ...push, title: '新增了物料 M-4711 垫圈' });
  });

  it('pushes the join notice of acceptInvite to the administrator', async () => {
    const ws = await open(`?access_token=${token}`);
    const pushed = nextMessage(ws);
    const supplier = as(t.app, await login(t.app, 'supplier'));
    const res = await supplier.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260001',
      empInviteCode: '260001',
    });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(await pushed)).toMatchObject({
      type: 'message',
      title: expect.stringContaining('supplier joined'),
    });
  });

  it('refuses the handshake without a token, with a bad token and for a foreign tenant', async () => {
    await expect(connect(wsUrl(t.app, ''))).rejects.toThrow(/refused 401/);
    await expect(connect(wsUrl(t.app, '?access_token=forged'))).rejects.toThrow(/refused 424/);
    const other = (await as(t.app, await login(t.app, 'supplier2')).get('/gateway/admin/user/info')).json().data.tenant
      .id;
    await expect(connect(wsUrl(t.app, `?access_token=${token}&TENANT_ID=${other}`))).rejects.toThrow(/refused 403/);
  });

  it('closes the open socket with 4401 after logout (S-07)', async () => {
    const own = await login(t.app, 'buyer');
    const ws = await open(`?access_token=${own}`);
    const closed = closeCode(ws);
    expect((await as(t.app, own).get('/gateway/auth/token/logout')).statusCode).toBe(200);
    expect(await closed).toBe(4401);
    await expect(connect(wsUrl(t.app, `?access_token=${own}`))).rejects.toThrow(/refused 424/);
  });
});

/** A demo database of its own for the two-process test, cloned from the run's seeded PostgreSQL template like helpers.ts does. */
async function clonePostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `concord_rt_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgSeededTemplateDb')}`);
  const target = new URL(base);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('fan-out across processes (LISTEN/NOTIFY)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('pushes on instance A a message created through instance B', async () => {
    const { url, drop } = await clonePostgresDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-rt-'));
    const config = loadConfig({
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
    });
    const provider = { send: async () => {} };
    const databases = [await openPostgres(url, 5), await openPostgres(url, 5)];
    const [a, b] = await Promise.all(
      databases.map((database) => buildApp({ database, config, provider, logger: false })),
    );
    let ws: WebSocket | undefined;
    try {
      await a.listen({ port: 0, host: '127.0.0.1' });
      await b.ready();
      const token = await login(a, 'buyer');
      ws = await connect(wsUrl(a, `?access_token=${token}`));
      const pushed = nextMessage(ws);
      const supplier = as(b, await login(b, 'supplier'));
      const res = await supplier.post('/gateway/admin/sysuserinfo/acceptInvite', {
        sysCompNo: '20260001',
        empInviteCode: '260001',
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(await pushed)).toMatchObject({
        type: 'message',
        title: expect.stringContaining('supplier joined'),
      });

      // Revocation travels the same way: logging out through B closes the socket held by A.
      const closed = closeCode(ws);
      await as(b, token).get('/gateway/auth/token/logout');
      expect(await closed).toBe(4401);
    } finally {
      ws?.terminate();
      await Promise.all([a.close(), b.close()]);
      await Promise.all(databases.map((d) => d.close()));
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
