import { idSchema, rawTextSchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, throttle } from '../../platform/http.ts';
import type { Services } from '../../platform/services.ts';
import { signInClient } from './devices.ts';
import { confirmQrTicket, createQrTicket, describeQrRequester, pollQrTicket } from './qr-login.service.ts';

const idParams = z.object({ id: idSchema });
const secretField = rawTextSchema(100).min(10);

export function registerQrLoginRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.post(
    '/gateway/auth/qr',
    { config: { access: 'public', ...throttle(s.config.rateLimits, 30) }, schema: { tags } },
    async (req) => ok(await createQrTicket(s, { ip: req.ip, userAgent: req.headers['user-agent'] })),
  );

  r.get(
    '/gateway/auth/qr/:id',
    {
      config: { access: 'public', ...throttle(s.config.rateLimits, 120) },
      schema: { tags, params: idParams, querystring: z.object({ secret: secretField }) },
    },
    async (req, reply) => ok(await pollQrTicket(s, req.params.id, req.query.secret, signInClient(s, req, reply))),
  );

  r.get(
    '/gateway/auth/qr/:id/requester',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Which browser and address asked for the ticket, shown before the signed-in device confirms',
        params: idParams,
        querystring: z.object({ secret: secretField }),
      },
    },
    async (req) => ok(await describeQrRequester(s, req.params.id, req.query.secret, req.ip)),
  );

  r.post(
    '/gateway/auth/qr/:id/confirm',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParams, body: z.object({ secret: secretField }) },
    },
    async (req) => {
      await confirmQrTicket(s, req.auth!, req.params.id, req.body.secret);
      return ok(null);
    },
  );
}
