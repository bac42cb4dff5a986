import {
  errorMessage,
  LANGUAGE_COOKIE,
  type Locale,
  type RouteAccess,
  resolveLocale,
  validationMessage,
} from '@concord/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', 'authenticated', 'member' or a permission code. */
    access?: RouteAccess;
    /** Only for administrators of the active enterprise. */
    adminOnly?: boolean;
  }
  interface FastifyRequest {
    locale: Locale;
  }
}

export function ok<T>(data: T, msg = '') {
  return { code: 0 as const, msg, data };
}

const PG_CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001']);

function send(reply: FastifyReply, req: FastifyRequest, error: AppError) {
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply.status(error.status).send({
    code: 1,
    msg: errorMessage(error.errorCode, req.locale, error.params),
    errorCode: error.errorCode,
    ...(error.data === undefined ? {} : { data: error.data }),
  });
}

function validationFailure(req: FastifyRequest, issues: { path: string; key: string }[]) {
  const data = issues.map((i) => ({ path: i.path, message: validationMessage(i.key, req.locale) }));
  const first = data[0];
  const summary = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : '';
  return { data, summary };
}

/** The one error normalizer of the server: everything leaves as the catalogue envelope, never a stack. */
export function registerErrorHandling(app: FastifyInstance) {
  app.decorateRequest('locale', 'en-US');
  app.addHook('onRequest', async (req) => {
    req.locale = resolveLocale(req.cookies?.[LANGUAGE_COOKIE], req.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    if (err instanceof AppError) return send(reply, req, err);
    if (hasZodFastifySchemaValidationErrors(err) || err instanceof ZodError) {
      const issues =
        err instanceof ZodError
          ? err.issues.map((i) => ({ path: i.path.join('.'), key: i.message }))
          : err.validation.map((v) => ({
              path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
              key: v.message ?? '',
            }));
      const { data, summary } = validationFailure(req, issues);
      return reply.status(400).send({
        code: 1,
        msg: `${errorMessage('VALIDATION_FAILED', req.locale)}${summary ? ` (${summary})` : ''}`,
        errorCode: 'VALIDATION_FAILED',
        data,
      });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    if (status === 429) {
      return send(reply, req, new AppError('TOO_MANY_REQUESTS'));
    }
    if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      return send(reply, req, new AppError('PAYLOAD_TOO_LARGE'));
    }
    if (status === 415) return send(reply, req, new AppError('UNSUPPORTED_FILE'));
    if (status >= 400 && status < 500) return send(reply, req, new AppError('VALIDATION_FAILED'));
    if (code && PG_CONNECTION_ERRORS.has(code)) {
      req.log.warn({ err }, 'database unavailable');
      return send(reply, req, new AppError('UNAVAILABLE', {}, undefined, { 'retry-after': '5' }));
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, req, new AppError('INTERNAL'));
  });
}

/**
 * Per-IP throttle for a sensitive public route (login, codes, invite-code lookups). Tests switch all
 * throttles off with RATE_LIMITS=false except the ones that test them.
 */
export function throttle(enabled: boolean, max: number, timeWindow = '1 minute') {
  return enabled ? { rateLimit: { max, timeWindow } } : {};
}
