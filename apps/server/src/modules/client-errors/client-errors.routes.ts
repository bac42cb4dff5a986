import {
  CLIENT_ERROR_MAX_BYTES,
  CLIENT_ERRORS_PER_MINUTE,
  clientErrorReportSchema,
  noReplySchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { recordClientError } from './client-errors.service.ts';

export const CLIENT_ERRORS_URL = '/gateway/system/client-errors';

export function registerClientErrorRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['system'] });

  // A larger report is refused (413) before its body is read; `defineRoutes` declares no body limit, and
  // an onRoute hook may still set one on the route it is about to build.
  app.addHook('onRoute', (route) => {
    if (route.url === CLIENT_ERRORS_URL) route.bodyLimit = CLIENT_ERROR_MAX_BYTES;
  });

  // Public: a crash of the sign-in page must be reportable too. A token, when sent, still names the
  // account and enterprise the report belongs to (access control resolves it on every route).
  r.post(
    CLIENT_ERRORS_URL,
    {
      operationId: 'reportClientError',
      access: 'public',
      body: clientErrorReportSchema,
      reply: noReplySchema,
      config: throttle(s.config.rateLimits, CLIENT_ERRORS_PER_MINUTE),
    },
    async (ctx, { body, req }) => {
      await recordClientError(ctx, req.auth, body);
      return null;
    },
  );
}
