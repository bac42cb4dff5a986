import { envelopeSchema, type Locale, MASK, type RouteAccess, SUPPLIER_NAME_FIELDS } from '@concord/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type Auth, isMemberAuth, type RequestContext, runAsMember } from './context.ts';
import { AppError } from './errors.ts';
import { idempotencyScope } from './idempotency.ts';
import { isMoneyField, NOT_MONEY } from './masking.ts';
import type { Services, TellDeps } from './services.ts';

/**
 * The one way a module declares an HTTP operation (issue 15 §2 and §5). Each route names its operationId,
 * its access, its request schemas and the schema of its reply's `data`; the reply is serialized from
 * that schema (unknown fields dropped, timestamps as RFC 3339). An enterprise route's handler receives a
 * `RequestContext` whose tenant and user are non-null by type, inside the request's one transaction.
 *
 * Account routes (`public`, `authenticated`) get no transaction: their steps (a sign-in throttle, a
 * failed-attempt counter) must commit even when the request then fails, so their services open their own.
 */

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

/** Context of an account-level route: who is calling, if anyone; no enterprise, no transaction. */
export interface AccountContext {
  db: Db;
  tell: TellDeps;
  locale: Locale;
  log: FastifyBaseLogger;
  ip: string;
}
export interface SignedInContext extends AccountContext {
  auth: Auth;
}

type ContextFor<A> = A extends 'public' ? AccountContext : A extends 'authenticated' ? SignedInContext : RequestContext;

export interface RouteInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** For what the declaration does not cover: headers, multipart files, cookies. */
  req: FastifyRequest;
  reply: FastifyReply;
}

interface BaseSpec<A extends RouteAccess, P, Q, B> {
  /** Unique across the API, verbNoun: `listPurchaseOrders`. */
  operationId: string;
  access: A;
  adminOnly?: boolean;
  summary?: string;
  params?: P;
  query?: Q;
  body?: B;
  consumes?: string[];
  /** Extra route config: a throttle (`throttle(...)` of platform/http.ts). */
  config?: Record<string, unknown>;
  tags?: string[];
}

export interface JsonSpec<A extends RouteAccess, P, Q, B, R extends Schema> extends BaseSpec<A, P, Q, B> {
  /** The schema of `data`. Never `z.any()`/`z.unknown()`: the build refuses them. */
  reply: R;
  /** The envelope's `msg` for a success that says something (a code was sent). */
  message?: (locale: Locale) => string;
  /**
   * A check that runs before the request's transaction opens and commits on its own, for a guess that
   * must be counted even when the step is refused (an invite code): a throw answers the request.
   */
  before?: (ctx: SignedInContext, input: RouteInput<P, Q, B>) => Promise<void>;
  /**
   * Other replies the route sends itself through `input.reply` (the health check's 503), by status.
   * Such a handler returns what `input.reply.send(…)` returns.
   */
  otherReplies?: Record<number, Schema>;
}

/** A file the handler produced; the route sends it with its type and name. */
export interface FileReply {
  body: Buffer;
  name: string;
  /** `inline` for what the browser shows (PDF), `attachment` for what it saves. */
  disposition?: 'inline' | 'attachment';
}

export interface FileSpec<A extends RouteAccess, P, Q, B> extends BaseSpec<A, P, Q, B> {
  /** The media type of the file: it goes into the OpenAPI document and the `content-type` header. */
  produces: string;
}

type Handler<A, P, Q, B, T> = (ctx: ContextFor<A>, input: RouteInput<P, Q, B>) => Promise<T> | T;

/** A header carries Latin-1 only: a name beyond ASCII gets an ASCII stand-in and the real name in `filename*`. */
function contentDisposition({ name, disposition = 'attachment' }: FileReply): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const plain = `${disposition}; filename="${ascii}"`;
  return ascii === name ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const binary = z.string().meta({ format: 'binary' });

/** A reply schema that says nothing about the data does not describe the contract. */
function assertDescribed(operationId: string, schema: Schema) {
  if (schema instanceof z.ZodAny || schema instanceof z.ZodUnknown) {
    throw new Error(`Route ${operationId} declares z.any()/z.unknown() as its reply`);
  }
}

/**
 * Masking (platform/masking.ts) writes `***` into every field named like money or a supplier name that
 * the viewer may not see, before the reply is serialized: such a field's schema must accept `***`, or
 * the masked reply would fail serialization. Checked when the route is declared, for every field.
 */
function assertMaskable(operationId: string, schema: z.ZodType, seen = new Set<z.ZodType>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case 'object': {
      for (const [key, field] of Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>)) {
        if (NOT_MONEY.has(key)) continue;
        if (isMasked(key) && !acceptsMask(field)) {
          throw new Error(`Route ${operationId}: field ${key} is masked for some viewers but its schema refuses ***`);
        }
        assertMaskable(operationId, field, seen);
      }
      return;
    }
    case 'array':
      return assertMaskable(operationId, inner('element'), seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return assertMaskable(operationId, inner('innerType'), seen);
    case 'pipe':
      return assertMaskable(operationId, inner('out'), seen);
    case 'union':
      for (const option of def.options as z.ZodType[]) assertMaskable(operationId, option, seen);
      return;
    case 'record':
      return assertMaskable(operationId, inner('valueType'), seen);
    case 'lazy':
      return assertMaskable(operationId, (def.getter as () => z.ZodType)(), seen);
  }
}

const isMasked = (key: string) => isMoneyField(key) || (SUPPLIER_NAME_FIELDS as readonly string[]).includes(key);

/** Objects, arrays and flags are never masked themselves (their fields are). */
function acceptsMask(field: z.ZodType): boolean {
  const def = field._zod.def as unknown as { type: string; innerType?: z.ZodType };
  if (['optional', 'nullable', 'default', 'readonly'].includes(def.type) && def.innerType) {
    return acceptsMask(def.innerType);
  }
  if (['object', 'array', 'boolean', 'record'].includes(def.type)) return true;
  return z.safeEncode(field, MASK as never).success;
}

const operationIds = new WeakMap<FastifyInstance, Set<string>>();

function claimOperationId(app: FastifyInstance, operationId: string) {
  const root = app;
  const seen = operationIds.get(root) ?? new Set<string>();
  if (seen.has(operationId)) throw new Error(`operationId ${operationId} is declared twice`);
  seen.add(operationId);
  operationIds.set(root, seen);
}

export function defineRoutes(app: FastifyInstance, s: Services, defaults: { tags: string[] }) {
  const db = s.database.db;

  function contextFor(access: RouteAccess, req: FastifyRequest, tell: TellDeps) {
    const base = { db, tell, locale: req.locale, log: req.log, ip: req.ip };
    if (access === 'public') return { kind: 'account' as const, ctx: base };
    if (!req.auth) throw new AppError('UNAUTHORIZED');
    if (access === 'authenticated') return { kind: 'account' as const, ctx: { ...base, auth: req.auth } };
    // Access control already refused a member route without an active enterprise; this is its type.
    if (!isMemberAuth(req.auth)) throw new AppError('NO_ENTERPRISE');
    return { kind: 'member' as const, auth: req.auth };
  }

  function signedIn(req: FastifyRequest): SignedInContext {
    if (!req.auth) throw new AppError('UNAUTHORIZED');
    return {
      db,
      tell: { db, provider: s.provider, log: req.log },
      locale: req.locale,
      log: req.log,
      ip: req.ip,
      auth: req.auth,
    };
  }

  async function run<T>(
    access: RouteAccess,
    req: FastifyRequest,
    handle: (ctx: AccountContext | SignedInContext | RequestContext) => Promise<T> | T,
  ): Promise<T> {
    const tell: TellDeps = { db, provider: s.provider, log: req.log };
    const found = contextFor(access, req, tell);
    if (found.kind === 'account') return handle(found.ctx);
    const idem = req.method === 'GET' ? undefined : idempotencyScope(req);
    return runAsMember({ db, tell, locale: req.locale, log: req.log, idem }, found.auth, async (ctx) => handle(ctx));
  }

  function schemaOf<A extends RouteAccess, P, Q, B>(spec: BaseSpec<A, P, Q, B>, response: Record<number, unknown>) {
    return {
      tags: spec.tags ?? defaults.tags,
      operationId: spec.operationId,
      ...(spec.summary ? { summary: spec.summary } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.consumes ? { consumes: spec.consumes } : {}),
      response,
    };
  }

  function configOf<A extends RouteAccess, P, Q, B>(spec: BaseSpec<A, P, Q, B>) {
    return { ...spec.config, access: spec.access, ...(spec.adminOnly ? { adminOnly: true } : {}) };
  }

  const inputOf = <P, Q, B>(req: FastifyRequest, reply: FastifyReply): RouteInput<P, Q, B> => ({
    params: req.params as Out<P>,
    query: req.query as Out<Q>,
    body: req.body as Out<B>,
    req,
    reply,
  });

  const json =
    (method: HTTPMethods) =>
    <
      const A extends RouteAccess,
      R extends Schema,
      P extends Schema | undefined = undefined,
      Q extends Schema | undefined = undefined,
      B extends Schema | undefined = undefined,
    >(
      url: string,
      spec: JsonSpec<A, P, Q, B, R>,
      handler: Handler<A, P, Q, B, z.output<R> | FastifyReply>,
    ) => {
      assertDescribed(spec.operationId, spec.reply);
      assertMaskable(spec.operationId, spec.reply);
      claimOperationId(app, spec.operationId);
      app.route({
        method,
        url,
        config: configOf(spec),
        schema: schemaOf(spec, { 200: envelopeSchema(spec.reply), ...spec.otherReplies }),
        handler: async (req, reply) => {
          const input = inputOf<P, Q, B>(req, reply);
          if (spec.before) await spec.before(signedIn(req), input);
          const data = await run(spec.access, req, (ctx) => handler(ctx as ContextFor<A>, input));
          // A handler that answered by itself (`return input.reply.code(503).send(…)`) hands back the reply.
          if (data === reply || reply.sent) return reply;
          return { code: 0 as const, msg: spec.message?.(req.locale) ?? '', data };
        },
      });
    };

  /** A file download: the reply is the file, described in the OpenAPI document by its media type. */
  const file = <
    const A extends RouteAccess,
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    method: 'GET' | 'POST',
    url: string,
    spec: FileSpec<A, P, Q, B>,
    handler: Handler<A, P, Q, B, FileReply>,
  ) => {
    claimOperationId(app, spec.operationId);
    app.route({
      method,
      url,
      config: configOf(spec),
      schema: schemaOf(spec, { 200: { description: spec.produces, content: { [spec.produces]: { schema: binary } } } }),
      handler: async (req, reply) => {
        const out = await run(spec.access, req, (ctx) => handler(ctx as ContextFor<A>, inputOf<P, Q, B>(req, reply)));
        return reply
          .type(spec.produces)
          .header('content-disposition', contentDisposition(out))
          .header('x-content-type-options', 'nosniff')
          .send(out.body);
      },
    });
  };

  /** A browser navigation answered by a redirect (single sign-on): the handler returns the target. */
  const redirect = <const A extends 'public' | 'authenticated', Q extends Schema | undefined = undefined>(
    url: string,
    spec: BaseSpec<A, undefined, Q, undefined>,
    handler: Handler<A, undefined, Q, undefined, string>,
  ) => {
    claimOperationId(app, spec.operationId);
    app.route({
      method: 'GET',
      url,
      config: configOf(spec),
      schema: schemaOf(spec, { 302: z.null().describe('Redirect to the next step') }),
      handler: async (req, reply) =>
        reply.redirect(await run(spec.access, req, (ctx) => handler(ctx as ContextFor<A>, inputOf(req, reply)))),
    });
  };

  return { get: json('GET'), post: json('POST'), put: json('PUT'), delete: json('DELETE'), file, redirect };
}

/**
 * The build check of the contract: a `/gateway` route registered any other way than `defineRoutes`
 * (no operationId, no described 2xx/3xx reply) makes `buildApp` throw, as a route without access does.
 */
export function assertRouteContract(route: {
  url: string;
  method: string | string[];
  schema?: unknown;
  websocket?: boolean;
}) {
  // A websocket upgrade has no JSON reply; its messages are described in docs/api.md.
  if (route.websocket) return;
  const schema = (route.schema ?? {}) as { operationId?: string; response?: Record<string, unknown> };
  const described = Object.keys(schema.response ?? {}).some((status) => /^[23]\d\d$/.test(status));
  if (!schema.operationId || !described) {
    throw new Error(`Route ${String(route.method)} ${route.url} declares no operationId or reply schema`);
  }
}
