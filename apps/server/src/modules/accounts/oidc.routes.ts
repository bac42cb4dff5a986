import { rawTextSchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { ok, throttle } from '../../platform/http.ts';
import type { Services } from '../../platform/services.ts';
import { signInClient } from './devices.ts';
import { finishOidcLogin, startOidcLogin } from './oidc.service.ts';

export function registerOidcRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.get('/gateway/auth/oidc/config', { config: { access: 'public' }, schema: { tags } }, async () =>
    ok({ enabled: !!s.config.oidc, name: s.config.oidc?.name ?? '' }),
  );

  r.get(
    '/gateway/auth/oidc/start',
    {
      config: { access: 'public', ...throttle(s.config.rateLimits, 30) },
      schema: { tags, querystring: z.object({ redirect: rawTextSchema(500).optional() }) },
    },
    async (req, reply) => {
      try {
        return reply.redirect(await startOidcLogin(s, req.query.redirect));
      } catch (err) {
        // A browser navigation: send it back to the login page with a reason, never a JSON 500 page.
        const code = err instanceof AppError ? err.errorCode : 'OIDC_FAILED';
        req.log.warn({ err }, 'third-party login could not start');
        return reply.redirect(`/login?error=${code}`);
      }
    },
  );

  r.get(
    '/gateway/auth/oidc/callback',
    { config: { access: 'public', ...throttle(s.config.rateLimits, 30) }, schema: { tags } },
    async (req, reply) => {
      try {
        const result = await finishOidcLogin(s, new URL(req.url, s.config.publicUrl), signInClient(s, req, reply));
        const hash = new URLSearchParams({
          access_token: result.access_token,
          expires_in: String(result.expires_in),
          redirect: result.redirect,
        });
        return reply.redirect(`/auth-redirect#${hash}`);
      } catch (err) {
        const code = err instanceof AppError ? err.errorCode : 'OIDC_FAILED';
        req.log.warn({ err }, 'third-party login failed');
        return reply.redirect(`/login?error=${code}`);
      }
    },
  );
}
