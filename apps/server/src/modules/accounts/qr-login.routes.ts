import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { ok, throttle } from '../../platform/http.ts';
import { confirmQrTicket, createQrTicket, pollQrTicket } from './qr-login.service.ts';

const idParams = z.object({ id: z.string().regex(/^\d{1,20}$/, 'invalid') });
const secretField = z.string().min(10).max(100);

export function registerQrLoginRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.post(
    '/gateway/auth/qr',
    { config: { access: 'public', ...throttle(s.config.rateLimits, 30) }, schema: { tags } },
    async () => ok(await createQrTicket(s)),
  );

  r.get(
    '/gateway/auth/qr/:id',
    {
      config: { access: 'public', ...throttle(s.config.rateLimits, 120) },
      schema: { tags, params: idParams, querystring: z.object({ secret: secretField }) },
    },
    async (req) => ok(await pollQrTicket(s, req.params.id, req.query.secret, req.ip)),
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
