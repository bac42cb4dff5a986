import { CLIENT_ERRORS_PER_MINUTE } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { CLIENT_ERRORS_URL } from '../src/modules/client-errors/client-errors.routes.ts';
import { leaseWorkerId, newId } from '../src/platform/ids.ts';
import { countRequest } from '../src/platform/rate-limit.ts';
import { as, createTestContext, type TestContext } from './helpers.ts';

const report = (message: string) => ({
  message,
  stack: `Error: ${message}`,
  url: 'https://srm.example/purchase-orders',
  userAgent: 'Mozilla/5.0',
});

describe('several server processes on one database (issue 19)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ seed: false, env: { RATE_LIMITS: 'true' } });
  });
  afterAll(() => t.close());

  it('weighs a rate limit over every process: requests spread over two apps are counted as one', async () => {
    const second = await buildApp({ database: t.database, config: t.config, logger: false });
    try {
      const apps = [as(t.app), as(second)];
      for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) {
        const res = await apps[i % 2]!.post(CLIENT_ERRORS_URL, report(`spread ${i}`));
        expect(res.statusCode, `report ${i}`).toBe(200);
      }
      for (const app of apps) expect((await app.post(CLIENT_ERRORS_URL, report('over'))).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts concurrent requests exactly and opens a new window when the old one ended', async () => {
    const db = t.database.db;
    const counts = await Promise.all(Array.from({ length: 30 }, () => countRequest(db, 'burst', 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(counts.every((c) => c.ttl > 0 && c.ttl <= 60_000)).toBe(true);
    await db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second' where key = 'burst'`);
    expect((await countRequest(db, 'burst', 60_000)).current).toBe(1);
  });

  it('leases distinct worker ids and frees its own on release', async () => {
    const db = t.database.db;
    const leases = await Promise.all(Array.from({ length: 12 }, () => leaseWorkerId(db)));
    expect(new Set(leases.map((l) => l.workerId)).size).toBe(12);
    for (const lease of leases) await lease.release();
    const ids = leases.map((l) => l.workerId);
    const left = await db.execute(sql`select 1 from id_workers where worker_id in (${sql.join(ids, sql`, `)})`);
    expect(left.rows).toHaveLength(0);
  });

  it('a process whose lapsed id was taken leases another before making more ids', async () => {
    const db = t.database.db;
    const lease = await leaseWorkerId(db, { leaseMs: 300 });
    const first = lease.workerId;
    await db.execute(sql`update id_workers set holder = 'another process' where worker_id = ${first}`);
    try {
      await vi.waitFor(() => expect(lease.workerId).not.toBe(first), { timeout: 5_000 });
      expect(Number((BigInt(newId()) >> 12n) & 0x3ffn)).toBe(lease.workerId);
    } finally {
      await lease.release();
      await db.execute(sql`delete from id_workers where worker_id = ${first}`);
    }
  });

  it('puts the leased worker id into the ids it makes', async () => {
    const lease = await leaseWorkerId(t.database.db);
    try {
      const id = BigInt(newId());
      expect(Number((id >> 12n) & 0x3ffn)).toBe(lease.workerId);
    } finally {
      await lease.release();
    }
  });
});
