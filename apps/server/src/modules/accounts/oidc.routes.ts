import { oidcConfigSchema, rawTextSchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { signInClient } from './devices.ts';
import { finishOidcLogin, startOidcLogin } from './oidc.service.ts';

/** A browser navigation: a failure sends it back to the login page with a reason, never a JSON 500 page. */
const loginPageWith = (err: unknown) => `/login?error=${err instanceof AppError ? err.errorCode : 'OIDC_FAILED'}`;

export function registerOidcRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['accounts'] });
  const config = throttle(s.config.rateLimits, 30);

  r.get(
    '/gateway/auth/oidc/config',
    { operationId: 'getOidcConfig', access: 'public', reply: oidcConfigSchema },
    () => ({
      enabled: !!s.config.oidc,
      name: s.config.oidc?.name ?? '',
    }),
  );

  r.redirect(
    '/gateway/auth/oidc/start',
    {
      operationId: 'startOidcLogin',
      access: 'public',
      config,
      query: z.object({ redirect: rawTextSchema(500).optional() }),
    },
    async (ctx, { query }) => {
      try {
        return await startOidcLogin(ctx, s, query.redirect);
      } catch (err) {
        ctx.log.warn({ err }, 'third-party login could not start');
        return loginPageWith(err);
      }
    },
  );

  r.redirect(
    '/gateway/auth/oidc/callback',
    { operationId: 'finishOidcLogin', access: 'public', config },
    async (ctx, { req, reply }) => {
      try {
        const result = await finishOidcLogin(ctx, s, new URL(req.url, s.config.publicUrl), signInClient(s, req, reply));
        const hash = new URLSearchParams({
          access_token: result.access_token,
          expires_in: String(result.expires_in),
          redirect: result.redirect,
        });
        return `/auth-redirect#${hash}`;
      } catch (err) {
        ctx.log.warn({ err }, 'third-party login failed');
        return loginPageWith(err);
      }
    },
  );
}
