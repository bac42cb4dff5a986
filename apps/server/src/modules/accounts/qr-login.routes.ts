import {
  idSchema,
  noReplySchema,
  qrPollSchema,
  qrRequesterSchema,
  qrTicketSchema,
  rawTextSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { signInClient } from './devices.ts';
import { confirmQrTicket, createQrTicket, describeQrRequester, pollQrTicket } from './qr-login.service.ts';

const params = z.object({ id: idSchema });
const secret = z.object({ secret: rawTextSchema(100).min(10) });

export function registerQrLoginRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['accounts'] });
  const limits = s.config.rateLimits;

  r.post(
    '/gateway/auth/qr',
    { operationId: 'createQrTicket', access: 'public', config: throttle(limits, 30), reply: qrTicketSchema },
    (ctx, { req }) => createQrTicket(ctx, s, req.headers['user-agent']),
  );

  r.get(
    '/gateway/auth/qr/:id',
    {
      operationId: 'pollQrTicket',
      access: 'public',
      config: throttle(limits, 120),
      params,
      query: secret,
      reply: qrPollSchema,
    },
    (ctx, { params, query, req, reply }) => pollQrTicket(ctx, s, params.id, query.secret, signInClient(s, req, reply)),
  );

  r.get(
    '/gateway/auth/qr/:id/requester',
    {
      operationId: 'getQrRequester',
      access: 'authenticated',
      summary: 'Which browser and address asked for the ticket, shown before the signed-in device confirms',
      params,
      query: secret,
      reply: qrRequesterSchema,
    },
    (ctx, { params, query }) => describeQrRequester(ctx, params.id, query.secret),
  );

  r.post(
    '/gateway/auth/qr/:id/confirm',
    { operationId: 'confirmQrTicket', access: 'authenticated', params, body: secret, reply: noReplySchema },
    async (ctx, { params, body }) => {
      await confirmQrTicket(ctx, params.id, body.secret);
      return null;
    },
  );
}
