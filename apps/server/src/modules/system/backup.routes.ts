import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { isLoopbackClient } from '../../platform/http.ts';
import { carriesToken } from '../../platform/observability.ts';
import type { Services } from '../../platform/services.ts';

/** Where `npm run db:backup` asks the server holding the embedded database for a copy of it. */
export const BACKUP_PATH = '/gateway/system/backup/database';

/** How a process on this machine reaches a server listening on `address`; null when loopback cannot. */
export function loopbackUrl(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const { address: host, port } = address;
  if (host === '0.0.0.0' || host === '::' || host.startsWith('127.') || host === '::ffff:127.0.0.1') {
    return `http://127.0.0.1:${port}`;
  }
  return host === '::1' ? `http://[::1]:${port}` : null;
}

/**
 * The embedded database cannot be opened by a second process while the server holds it, so the backup
 * command asks the server for a consistent copy: over loopback, with the token of the data directory's
 * lock file, which only who can read DATA_DIR (and so could copy it anyway) knows. Anyone else gets the
 * answer of a missing route. An operator's endpoint: kept out of the API document.
 */
export function registerBackupRoute(app: FastifyInstance, s: Services): void {
  const { dataDirHold: hold, snapshot } = s.database;
  if (!hold || !snapshot) return;
  app.addHook('onListen', async () => {
    const url = loopbackUrl(app.server.address());
    if (url) hold.announce(url);
  });
  app.route({
    method: 'GET',
    url: BACKUP_PATH,
    config: { access: 'public' },
    schema: {
      hide: true,
      operationId: 'copyEmbeddedDatabase',
      response: {
        200: {
          description: "The embedded database's data directory, a gzipped tar",
          content: { 'application/gzip': { schema: z.string().meta({ format: 'binary' }) } },
        },
      },
    },
    handler: async (req, reply) => {
      if (!isLoopbackClient(req) || !carriesToken(req, hold.token)) throw new AppError('NOT_FOUND');
      const copy = await snapshot();
      req.log.info({ bytes: copy.size }, 'embedded database copied for a backup');
      return reply.header('content-type', 'application/gzip').send(Buffer.from(await copy.arrayBuffer()));
    },
  });
}
