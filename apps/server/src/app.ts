import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveLocale } from '@concord/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerModules } from './modules.ts';
import { registerAccessControl } from './platform/access.ts';
import { AppError } from './platform/errors.ts';
import { registerErrorHandling, registerNoStore, serializeError } from './platform/http.ts';
import { leaseWorkerId } from './platform/ids.ts';
import { type JobRunnerOptions, startJobRunner } from './platform/jobs.ts';
import { createMessageProvider, type MessageProvider, openDevOutbox } from './platform/mail.ts';
import { registerMasking } from './platform/masking.ts';
import { registerObservability, requestIdOf } from './platform/observability.ts';
import { databaseRateLimitStore } from './platform/rate-limit.ts';
import { createRealtimeHub } from './platform/realtime.ts';
import { assertRouteContract } from './platform/route.ts';
import type { Services } from './platform/services.ts';
import { setSystemTimeZone } from './platform/time.ts';

export interface AppDeps {
  database: Database;
  config: Config;
  /** Overrides the SMS/e-mail provider (tests capture messages with it). */
  provider?: MessageProvider;
  /** false silences the log; a stream receives it as JSON lines (tests that read what a request logged). */
  logger?: boolean | { write(line: string): void };
  /** Background jobs: clock, polling and whether the loop runs (off under NODE_ENV=test by default). */
  jobs?: JobRunnerOptions;
}

/** Query keys whose values are paging, ids or protocol words; every other value may be personal or secret. */
const LOGGED_QUERY_KEYS = new Set(['page', 'current', 'size', 'pagesize', 'download', 'grant_type', 'scope', 'state']);
const loggedQueryKey = (key: string) =>
  LOGGED_QUERY_KEYS.has(key.toLowerCase()) || /^(id|tenant_id)$/i.test(key) || /^[a-z]\w*Id$/.test(key);

/**
 * A request URL as the log keeps it: query values are redacted except those of a few harmless keys, so
 * tokens, codes, accounts, mobiles and names typed into filters never reach the log (S-09, issue 11).
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // A key without a value is itself a value; a key that is no identifier may be one too.
      if (equals < 0) return loggedQueryKey(pair) ? pair : '[REDACTED]';
      const key = pair.slice(0, equals);
      if (loggedQueryKey(key)) return pair;
      return `${/^[A-Za-z_][\w.[\]-]{0,39}$/.test(key) ? key : '[REDACTED]'}=[REDACTED]`;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  setSystemTimeZone(config.timeZone);
  const app: FastifyInstance = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["x-refreshed-token"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
              err: serializeError,
            },
            ...(typeof deps.logger === 'object' ? { stream: deps.logger } : {}),
          },
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    genReqId: requestIdOf,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // A malformed URL (bad percent-encoding, an over-long parameter) is answered by the one error normalizer;
    // such a request never ran the onRequest hook that picks its language.
    frameworkErrors: (err, req, reply) => {
      req.locale = resolveLocale(undefined, req.headers['accept-language']);
      return app.errorHandler(err, req, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // "A route without a permission or `public` fails the build": registration itself throws.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/gateway/') && !route.url.startsWith('/gateway/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
    // "Every route declares a reply schema and an operationId" (issue 15 §5), checked the same way.
    if (route.url.startsWith('/gateway/') && !route.url.startsWith('/gateway/docs')) assertRouteContract(route);
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Upgrading requests and HSTS only where https exists: on a plain-HTTP install reached by any name but
  // localhost the browser would upgrade every asset to https and show a white page.
  const https = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    enableDraftSpec: false,
    store: databaseRateLimitStore(database.db),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Concord SRM API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/gateway/docs' });

  registerErrorHandling(app);
  registerNoStore(app);
  registerAccessControl(app, database.db, config);
  registerMasking(app);

  await openDevOutbox(config, database.db);
  const provider = deps.provider ?? createMessageProvider(config, database.db, app.log);
  const realtime = await createRealtimeHub(database, app.log);
  const lease = await leaseWorkerId(database.db, { onError: (err) => app.log.error({ err }, 'id worker lease') });
  const jobs = startJobRunner(database.db, app.log, {
    enabled: config.jobs,
    leaseMs: config.jobsLeaseMs,
    ...deps.jobs,
  });
  registerObservability(app, { config, database, realtime });
  const services: Services = { database, config, provider, realtime, jobs };
  await registerModules(app, services);

  const dist = config.webDist;
  const hasWeb = !!dist && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    // Hashed assets never change under their name: cached for a year. index.html names them, so it is
    // revalidated on every load. The build wrote .br/.gz copies, sent to browsers that accept them.
    const assets = path.resolve(dist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.resolve(filePath).startsWith(assets);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    // An asset of an older build (a page open across a deploy) is missing, not a client-side route.
    const missing = req.url.startsWith('/gateway') || req.url.startsWith('/assets/');
    if (missing || !hasWeb || req.method !== 'GET') throw new AppError('NOT_FOUND');
    return reply.type('text/html').sendFile('index.html');
  });

  app.addHook('onClose', async () => {
    await jobs.stop();
    await realtime.close();
    await lease.release();
  });
  return app;
}
