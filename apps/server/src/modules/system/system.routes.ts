import {
  healthDownSchema,
  healthSchema,
  liveSchema,
  outboxItemSchema,
  rawTextSchema,
  readyDownSchema,
  readySchema,
  textSchema,
  uploadedFileSchema,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { migrationsDone } from '../../db/migrate.ts';
import { AppError } from '../../platform/errors.ts';
import { listOutbox, mayReadOutbox } from '../../platform/mail.ts';
import { VERSION } from '../../platform/observability.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { registerBackupRoute } from './backup.routes.ts';
import { openFile, uploadFile } from './files.service.ts';

const tags = ['system'];

/** What an upload may be (platform/files.ts decides by its first bytes): what a download sends back. */
const STORED_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'application/zip'];
const binary = z.string().meta({ format: 'binary' });

async function databaseUp(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function registerSystemRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags });
  closeConnectionsWhenClosing(app);
  registerBackupRoute(app, s);

  r.get(
    '/gateway/health',
    { operationId: 'checkHealth', access: 'public', reply: healthSchema, otherReplies: { 503: healthDownSchema } },
    async (ctx, { reply }) => {
      if (await databaseUp(ctx.db)) return { status: 'ok', db: 'up' } as const;
      const degraded = { status: 'degraded', db: 'down' } as const;
      // A load balancer reads the status code: the reply is sent here, and finished before the route goes on.
      await reply.status(503).send({ code: 1, msg: 'database down', data: degraded });
      return degraded;
    },
  );

  r.get('/gateway/health/live', { operationId: 'checkLive', access: 'public', reply: liveSchema }, () => ({
    status: 'ok' as const,
    version: VERSION,
  }));

  r.get(
    '/gateway/health/ready',
    { operationId: 'checkReady', access: 'public', reply: readySchema, otherReplies: { 503: readyDownSchema } },
    async (ctx, { reply }) => {
      const db = await databaseUp(ctx.db);
      const migrated = db && (await migrationsDone(s.database).catch(() => false));
      const state = {
        status: migrated ? 'ok' : 'degraded',
        db: db ? 'up' : 'down',
        migrations: migrated ? 'done' : 'pending',
        version: VERSION,
      } as const;
      if (migrated) return state;
      await reply.status(503).send({ code: 1, msg: 'not ready', data: state });
      return state;
    },
  );

  // Public on loopback only (or in a public demo): anyone else gets the answer of a missing route.
  r.get(
    '/gateway/dev/outbox',
    {
      operationId: 'listDevOutbox',
      access: 'public',
      query: z.object({ recipient: textSchema(254).optional() }),
      reply: z.array(outboxItemSchema),
    },
    (ctx, { query, req }) => {
      if (!mayReadOutbox(s.config, req)) throw new AppError('NOT_FOUND');
      return listOutbox(ctx.db, query.recipient);
    },
  );

  r.post(
    '/gateway/system/oss/upload',
    {
      operationId: 'uploadFile',
      access: 'authenticated',
      consumes: ['multipart/form-data'],
      reply: uploadedFileSchema,
    },
    async (ctx, { req }) => {
      const file = await req.file();
      if (!file) throw new AppError('VALIDATION_FAILED');
      return uploadFile(ctx, s.config.dataDir, file);
    },
  );

  // Streamed with the stored file's own type, which `r.file` (one media type, a buffer) cannot do. An
  // `<img>` or a download link cannot send a header: the access token may come in the query (platform/access.ts).
  app.route<{ Params: { key: string } }>({
    method: 'GET',
    url: '/gateway/system/oss/file/:key',
    config: { access: 'authenticated' },
    schema: {
      tags,
      operationId: 'downloadFile',
      params: z.object({ key: rawTextSchema(40) }),
      response: {
        200: {
          description: 'The stored file',
          content: Object.fromEntries(STORED_MEDIA_TYPES.map((type) => [type, { schema: binary }])),
        },
      },
    },
    handler: async (req, reply) => {
      if (!req.auth) throw new AppError('UNAUTHORIZED');
      const { stream, mime } = await openFile(s.database.db, s.config.dataDir, req.auth.userId, req.params.key);
      return reply
        .header('content-type', mime)
        .header('content-disposition', `attachment; filename="${req.params.key}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  });
}

/**
 * close() waits for every open connection, and a keep-alive connection whose request finished during
 * shutdown would stay open until the shutdown deadline kills the process. Responses sent while
 * closing therefore ask the client to drop the connection (QUALITY R-10).
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
