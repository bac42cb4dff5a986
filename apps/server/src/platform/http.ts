import { isIPv4 } from 'node:net';
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

/** Field errors an AppError names by path alone read the error's message, as validation failures do. */
const withFieldMessages = (data: unknown, msg: string) =>
  Array.isArray(data)
    ? data.map((d) => (d && typeof d === 'object' && 'path' in d && !('message' in d) ? { ...d, message: msg } : d))
    : data;

function send(reply: FastifyReply, req: FastifyRequest, error: AppError) {
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  const msg = errorMessage(error.errorCode, req.locale, error.params);
  return reply.status(error.status).send({
    code: 1,
    msg,
    errorCode: error.errorCode,
    ...(error.data === undefined ? {} : { data: withFieldMessages(error.data, msg) }),
  });
}

/**
 * One entry per field (the first problem of each), each with its message in the reader's language. The
 * envelope's msg stays the catalogue sentence: a raw path such as `lines.0.qty` means nothing to a
 * person, so the client labels `data` with its own field names (issue 17).
 */
function validationFailure(req: FastifyRequest, issues: { path: string; key: string }[]) {
  const byPath = new Map<string, string>();
  for (const i of issues) if (!byPath.has(i.path)) byPath.set(i.path, validationMessage(i.key, req.locale));
  return [...byPath].map(([path, message]) => ({ path, message }));
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
      return reply.status(400).send({
        code: 1,
        msg: errorMessage('VALIDATION_FAILED', req.locale),
        errorCode: 'VALIDATION_FAILED',
        data: validationFailure(req, issues),
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

/**
 * API replies are per user and often personal: no browser or shared cache may keep them, errors and
 * 404s included. A route that sets its own cache policy on purpose keeps it.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/gateway') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || (isIPv4(v4) && v4.startsWith('127.'));
}

/**
 * A client on this machine: a loopback socket peer whose request names no other client, or, behind
 * TRUSTED_PROXIES, one whose address a trusted proxy resolved to loopback. A reverse proxy on the same
 * host is a loopback peer too, so a forwarding header that no trusted proxy resolved means a stranger.
 */
export function isLoopbackClient(req: FastifyRequest): boolean {
  if (!FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return isLoopbackAddress(req.socket.remoteAddress);
  // `ips` exists only with TRUSTED_PROXIES: the socket peer first, then each address a trusted hop vouched for.
  return (req.ips?.length ?? 0) > 1 && isLoopbackAddress(req.ip);
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** What a database error may tell the log: its codes and the names of what it hit, never a value. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'schema', 'routine'];
const OTHER_ERROR_FIELDS = ['code', 'statusCode', 'errorCode'];

const isDatabaseError = (err: Error) => 'query' in err || 'params' in err || 'severity' in err;

/** The stack's frames under a message of our choosing: the first lines of a stack repeat the message. */
const framesUnder = (head: string, stack: string | undefined) =>
  [head, ...(stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n');

/**
 * The log's error serializer. Drizzle writes a failed query's bound parameters into its message and stack,
 * the drivers hang them on the error, and PostgreSQL's messages and details quote the offending values
 * (names, remarks, amounts): a database error keeps its SQL text, codes and names only. Other errors keep
 * their type, message, stack and codes; causes go through the same rules.
 */
export function serializeError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const type = err.constructor?.name || err.name;
  const source = err as unknown as Record<string, unknown>;
  const database = isDatabaseError(err);
  const message = database
    ? typeof source.query === 'string' && err.message.startsWith('Failed query')
      ? 'Failed query'
      : err.message.replace(/"[^"]*"|'[^']*'/g, '"…"')
    : err.message;
  const out: LoggedError = { type, message, stack: framesUnder(`${type}: ${message}`, err.stack) };
  if (database && typeof source.query === 'string') out.query = source.query;
  for (const field of database ? DATABASE_ERROR_FIELDS : OTHER_ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined) out.cause = serializeError(err.cause);
  if (err instanceof AggregateError) out.errors = err.errors.map(serializeError);
  return out;
}
