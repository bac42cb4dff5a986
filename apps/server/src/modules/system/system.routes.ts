import { rawTextSchema, textSchema } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { readableFile, recordUpload } from '../../platform/file-documents.ts';
import { FILE_URL_PREFIX, openStoredFile, storeUpload } from '../../platform/files.ts';
import { ok } from '../../platform/http.ts';
import { listOutbox, mayReadOutbox } from '../../platform/mail.ts';
import type { Services } from '../../platform/services.ts';

export function registerSystemRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  closeConnectionsWhenClosing(app);

  r.get('/gateway/health', { config: { access: 'public' }, schema: { tags: ['system'] } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return ok({ status: 'ok', db: 'up' });
    } catch {
      return reply.status(503).send({ code: 1, msg: 'database down', data: { status: 'degraded', db: 'down' } });
    }
  });

  r.get(
    '/gateway/dev/outbox',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], querystring: z.object({ recipient: textSchema(254).optional() }) },
    },
    async (req) => {
      if (!mayReadOutbox(s.config, req)) throw new AppError('NOT_FOUND');
      return ok(await listOutbox(db, req.query.recipient));
    },
  );

  r.post(
    '/gateway/system/oss/upload',
    { config: { access: 'authenticated' }, schema: { tags: ['system'], consumes: ['multipart/form-data'] } },
    async (req) => {
      const file = await req.file();
      if (!file) throw new AppError('VALIDATION_FAILED');
      const stored = await storeUpload(s.config.dataDir, file);
      await recordUpload(db, stored, req.auth!);
      return ok({ url: `${FILE_URL_PREFIX}${stored.key}`, name: stored.name, size: stored.size });
    },
  );

  r.get(
    '/gateway/system/oss/file/:key',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['system'], params: z.object({ key: rawTextSchema(40) }) },
    },
    async (req, reply) => {
      // Another enterprise's file answers exactly as a missing one (QUALITY T-10).
      if (!(await readableFile(db, req.params.key, req.auth!.userId))) throw new AppError('NOT_FOUND');
      const { stream, mime } = await openStoredFile(s.config.dataDir, req.params.key);
      return reply
        .header('content-type', mime)
        .header('content-disposition', `attachment; filename="${req.params.key}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
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
