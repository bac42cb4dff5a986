import { randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { isLoopbackClient } from './http.ts';
import type { RealtimeHub } from './realtime.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The version every health reply and metric names: the root package's. */
export const VERSION: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'),
).version;

/** An incoming request id a proxy already gave is kept when it is a plain token; otherwise a new one. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  return isLoopbackClient(req) || carriesToken(req, token);
}

/** Whether the request's `Authorization: Bearer …` is `token`, compared in constant time. */
export function carriesToken(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What an operator needs to see inside a running process (issue 19 §4): every reply carries its
 * request id, every log line of a request its id, tenant and user, and `GET /metrics` answers the
 * Prometheus text format — to clients on this machine, elsewhere only with METRICS_TOKEN.
 */
export function registerObservability(
  app: FastifyInstance,
  { config, database, realtime }: { config: Config; database: Database; realtime: RealtimeHub },
): void {
  const registry = new Registry();
  registry.setDefaultLabels({ version: VERSION });
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'jobs',
    help: 'Background jobs: due and not yet done (backlog), running, and failed for good (dead)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { rows } = await database.db.execute<{ backlog: number; running: number; dead: number }>(sql`
        select count(*) filter (where done_at is null and dead_at is null and locked_until is null
                                  and run_at <= now())::int as backlog,
               count(*) filter (where done_at is null and dead_at is null and locked_until is not null)::int as running,
               count(*) filter (where dead_at is not null)::int as dead
          from jobs`);
      const row = rows[0]!;
      this.set({ state: 'backlog' }, Number(row.backlog));
      this.set({ state: 'running' }, Number(row.running));
      this.set({ state: 'dead' }, Number(row.dead));
    },
  });
  new Gauge({
    name: 'websocket_connections',
    help: 'Open realtime websocket connections of this process',
    registers: [registry],
    collect() {
      this.set(realtime.connectionCount());
    },
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  // An operator's endpoint, not part of the API integrators read: kept out of the OpenAPI document.
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req, config.metricsToken)) return reply.status(404).send();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
