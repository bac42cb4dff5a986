import { existsSync } from 'node:fs';
import path from 'node:path';
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
import { registerErrorHandling } from './platform/http.ts';
import { type JobRunner, type JobRunnerOptions, startJobRunner } from './platform/jobs.ts';
import { createMessageProvider, type MessageProvider } from './platform/mail.ts';
import { registerMasking } from './platform/masking.ts';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime.ts';

export interface AppDeps {
  database: Database;
  config: Config;
  /** Overrides the SMS/e-mail provider (tests capture messages with it). */
  provider?: MessageProvider;
  logger?: boolean;
  /** Background jobs: clock, polling and whether the loop runs (off under NODE_ENV=test by default). */
  jobs?: JobRunnerOptions;
}

export interface Services {
  database: Database;
  config: Config;
  provider: MessageProvider;
  realtime: RealtimeHub;
  jobs: JobRunner;
}

const SECRET_QUERY = /([?&](?:access_token|token|secret|s|code)=)[^&]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[REDACTED]');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["x-refreshed-token"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
            },
          },
    trustProxy: config.trustedProxies.length ? config.trustedProxies : false,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // "A route without a permission or `public` fails the build": registration itself throws.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/gateway/') && !route.url.startsWith('/gateway/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
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
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, { global: false, enableDraftSpec: false });
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
  registerAccessControl(app, database.db, config);
  registerMasking(app);

  const provider = deps.provider ?? createMessageProvider(config, database.db);
  const realtime = await createRealtimeHub(database, app.log);
  const jobs = startJobRunner(database.db, app.log, deps.jobs);
  const services: Services = { database, config, provider, realtime, jobs };
  await registerModules(app, services);

  const dist = config.webDist;
  const hasWeb = !!dist && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/gateway') || !hasWeb || req.method !== 'GET') throw new AppError('NOT_FOUND');
    return reply.type('text/html').sendFile('index.html');
  });

  app.addHook('onClose', async () => {
    await jobs.stop();
    await realtime.close();
  });
  return app;
}
