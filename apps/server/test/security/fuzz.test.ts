import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { login, openTestDatabase } from '../helpers.ts';
import { type JsonSchema, type Operation, openApiOperations, sample } from './openapi.ts';
import { createScopedDocs, type RouteEntry, routeTable } from './route-table.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

/**
 * QUALITY I-03: every route of the route table, called by an administrator holding every permission,
 * with malformed values in each path parameter, query parameter and body field (and every object,
 * array and the body itself). Nothing may answer 5xx or log an error, whatever it answered: a value
 * the database cannot take must be refused by the shared schemas, not by the database.
 */

/**
 * What a field holds, read from its JSON schema and its name: every field gets the malformed values
 * of text (or of its type) and a wrong type; ids, dates and numbers also get the values of their kind.
 * A plain string named like an id or a date gets those too: that is the schema that bypassed the
 * shared primitives.
 */
type Target = 'text' | 'id' | 'date' | 'numeric' | 'number' | 'boolean' | 'enum' | 'object' | 'array';
const ALL: Target[] = ['text', 'id', 'date', 'numeric', 'number', 'boolean', 'enum', 'object', 'array'];

interface BadValue {
  kind: string;
  value: unknown;
  for: Target[];
}

/** Stands for 5,000 nested arrays, spliced into the JSON text (JSON.stringify itself would overflow). */
const DEEP = '\u0001deep';
const DEEP_JSON = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;
const toJson = (payload: unknown) => JSON.stringify(payload).replaceAll(JSON.stringify(DEEP), DEEP_JSON);

/** Letters that do not compress, so an index entry of them really is as long as the text. */
function incompressible(length: number): string {
  let seed = 7;
  let out = '';
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(97 + (seed % 26));
  }
  return out;
}

const BAD_VALUES: BadValue[] = [
  { kind: 'non-numeric id', value: 'abc', for: ALL },
  { kind: 'fractional id', value: '1.5', for: ['id'] },
  { kind: 'too-long id', value: '1'.repeat(40), for: ['id'] },
  { kind: 'id beyond 2^63-1', value: '9223372036854775808', for: ['id'] },
  { kind: 'negative id', value: '-1', for: ['id', 'numeric'] },
  { kind: 'zero id', value: '0', for: ['id'] },
  { kind: 'NUL byte', value: 'a\u0000b', for: ['text', 'enum'] },
  { kind: 'lone high surrogate', value: '\ud800', for: ['text', 'enum'] },
  { kind: 'lone low surrogate', value: 'x\udc00y', for: ['text'] },
  { kind: 'February 30', value: '2026-02-30', for: ['date'] },
  { kind: 'month 13', value: '2026-13-01', for: ['date'] },
  { kind: 'month 13 date-time', value: '2026-13-01T00:00:00Z', for: ['date'] },
  { kind: 'February 30 date-time', value: '2026-02-30 10:00:00', for: ['date'] },
  { kind: 'year 0', value: '0000-01-01', for: ['date'] },
  { kind: 'year 0 date-time', value: '0000-01-01T00:00:00Z', for: ['date'] },
  { kind: 'huge number string', value: '1e308', for: ['id', 'numeric'] },
  { kind: 'Infinity string', value: 'Infinity', for: ['id', 'numeric', 'number'] },
  { kind: 'NaN string', value: 'NaN', for: ['id', 'numeric'] },
  { kind: '20-digit string', value: '12345678901234567890', for: ['id', 'numeric'] },
  { kind: 'too long string', value: incompressible(10_000), for: ['text'] },
  { kind: 'fractional number', value: 1.5, for: ['number'] },
  { kind: 'number beyond 2^31-1', value: 2147483648, for: ['number'] },
  { kind: 'largest safe integer', value: 9007199254740991, for: ['number'] },
  { kind: 'number beyond 2^63-1', value: 2 ** 63, for: ['number'] },
  { kind: 'negative number', value: -1, for: ['number'] },
  { kind: 'zero', value: 0, for: ['number', 'boolean'] },
  { kind: 'huge number', value: 1e308, for: ['number'] },
  { kind: '20-digit quantity', value: Number('12345678901234567890'), for: ['number'] },
  { kind: 'array for object', value: [], for: ['object', 'text', 'number'] },
  { kind: 'object for scalar', value: {}, for: ['text', 'number', 'boolean', 'enum', 'array'] },
  { kind: 'deep nesting', value: DEEP, for: ['object', 'array'] },
  { kind: 'huge array', value: 'huge array', for: ['array'] },
];

/** Kinds that no field of any route may accept: text the database cannot store. */
const NEVER_VALID = new Set(['NUL byte', 'lone high surrogate', 'lone low surrogate']);
const IMPOSSIBLE_DATES = new Set([
  'February 30',
  'month 13',
  'month 13 date-time',
  'February 30 date-time',
  'year 0',
  'year 0 date-time',
]);
const OUT_OF_RANGE_IDS = new Set([
  'too-long id',
  'id beyond 2^63-1',
  'negative id',
  'zero id',
  'fractional id',
  'non-numeric id',
]);

/**
 * What the sweep leaves out, with the reason. The multipart uploads (`…/import`, `/system/oss/upload`)
 * have no JSON body in the OpenAPI document, so only their path and query parameters are fuzzed.
 */
const NOT_IN_OPENAPI: Record<string, string> = {
  'GET /gateway/admin/ws/info':
    'websocket upgrade: OpenAPI cannot describe it, inject cannot upgrade; its TENANT_ID query goes through the same check as the header swept below',
};
const SKIPPED: Record<string, string> = {
  'GET /gateway/auth/token/logout': 'revokes the sweeping token; it has no parameters and no body to fuzz',
};

type Segment = string | number;
interface Field {
  path: Segment[];
  /** As declared, unions and nullability included. */
  schema: JsonSchema;
}

const optionsOf = (s: JsonSchema) => (s.anyOf ?? s.oneOf ?? []).filter((o) => o.type !== 'null');

/** The schema a value must satisfy, without nullable/union wrappers: the first non-null option. */
function concrete(s: JsonSchema): JsonSchema {
  const options = optionsOf(s);
  if (options.length) return concrete(options[0]);
  if (s.allOf?.length) {
    return { type: 'object', properties: Object.assign({}, ...s.allOf.map((p) => concrete(p).properties ?? {})) };
  }
  return s;
}

/** Every node of a body schema: the body itself, each property, each array's first element. */
function fieldsOf(schema: JsonSchema, at: Segment[] = [], depth = 0): Field[] {
  const s = concrete(schema);
  const out: Field[] = [{ path: at, schema }];
  if (depth > 6) return out;
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    out.push(...fieldsOf(property, [...at, key], depth + 1));
  }
  if (s.items) out.push(...fieldsOf(s.items, [...at, 0], depth + 1));
  return out;
}

/** A copy of `base` (schema-valid) with `value` at `at`, parents made schema-valid where missing. */
function withValue(base: unknown, schema: JsonSchema, at: Segment[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  const s = concrete(schema);
  if (typeof head === 'number') {
    const items = s.items ?? {};
    const list = Array.isArray(base) ? [...base] : [];
    list[0] = withValue(list[0] ?? sample(items), items, rest, value);
    return list;
  }
  const property = s.properties?.[head] ?? {};
  const object = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  const current = (object as Record<string, unknown>)[head];
  (object as Record<string, unknown>)[head] = withValue(current ?? sample(property, head), property, rest, value);
  return object;
}

/**
 * A value as URL text: lone surrogates cannot be percent-encoded as UTF-8, so they are sent as the
 * bytes a careless client would produce (ED A0 80), which is what reaches the server.
 */
function urlText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  let out = '';
  for (const ch of value) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

const ID_PATTERN = '^[1-9]\\d{0,18}$';
const ID_NAME = /^(id|\w+Ids?)$/;
const DATE_NAME = /(date|Date|Dd$|^from$|^to$|From$|To$|At$|^asOf$)/;

const isDateField = (s: JsonSchema) =>
  s.format === 'date' || s.format === 'date-time' || (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') ?? false);
/**
 * An id by its name (`id`, `supplierId`, items of `supplierIds`), unless its schema declares another
 * format (a scope that may be a material number): a plain string there is the fault.
 */
const isIdField = (name: string | undefined, s: JsonSchema | undefined) =>
  !!name && ID_NAME.test(name) && (!s?.pattern || s.pattern === ID_PATTERN);

interface Probe {
  label: string;
  /** The parameter or property that carries the value. */
  name?: string;
  kind: string;
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The schema of that parameter or property: an id or a date must refuse the values of its kind. */
  field?: JsonSchema;
}

let app: FastifyInstance;
let close: () => Promise<void>;
let token: string;
let tenantId: string;
const logLines: string[] = [];

beforeAll(async () => {
  const { database, drop } = await openTestDatabase({ seeded: true });
  await createScopedDocs(database.db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-fuzz-'));
  const config = loadConfig({ RATE_LIMITS: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
  app = await buildApp({
    database,
    config,
    provider: { async send() {} },
    logger: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
  close = async () => {
    await app.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  token = await login(app, 'buyer');
  const info = await app.inject({ method: 'GET', url: '/gateway/admin/user/info', headers: auth() });
  tenantId = info.json().data.tenant.id;
});
afterAll(() => close());

const auth = (): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(tenantId ? { tenant_id: tenantId } : {}),
});
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Whatever this request logged at error level or above (requests run one at a time). */
function errorsLoggedSince(mark: number): string[] {
  return logLines.slice(mark).filter((line) => {
    const entry = JSON.parse(line) as { level: number; msg?: string };
    return entry.level >= 50 || entry.msg === 'unhandled error';
  });
}

async function call(p: Probe): Promise<{ res: LightMyRequestResponse; logged: string[] }> {
  const mark = logLines.length;
  const res = await app.inject({
    method: p.method as 'GET',
    url: p.url,
    headers: { ...auth(), ...(p.payload === undefined ? {} : { 'content-type': 'application/json' }), ...p.headers },
    ...(p.payload === undefined ? {} : { payload: toJson(p.payload) }),
  });
  return { res, logged: errorsLoggedSince(mark) };
}

/** A well-formed value for each path parameter: an enum member or an id. */
function pathWith(op: Operation, id: string, bad?: { name: string; text: string }): string {
  let url = op.path;
  for (const p of op.pathParams) {
    const text = bad?.name === p.name ? bad.text : p.schema.enum?.length ? String(p.schema.enum[0]) : id;
    url = url.replace(`{${p.name}}`, text);
  }
  return url;
}

function baseQuery(op: Operation): URLSearchParams {
  const query = new URLSearchParams();
  for (const q of op.queryParams) if (q.required) query.set(q.name, String(sample(q.schema, q.name)));
  return query;
}

const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);

/** One real id per resource, from its list route, so body values get past the lookup of the document. */
async function idFor(op: Operation, operations: Operation[], cache: Map<string, string>): Promise<string> {
  const prefix = op.path.split('/{')[0];
  const known = cache.get(prefix);
  if (known) return known;
  let id = '1';
  const list = operations.find((o) => o.method === 'POST' && o.path === `${prefix}/list`);
  if (list) {
    const res = await app.inject({ method: 'POST', url: list.path, headers: auth(), payload: {} });
    const first = res.statusCode === 200 ? res.json().data?.dataList?.[0] : undefined;
    if (typeof first?.id === 'string') id = first.id;
  }
  cache.set(prefix, id);
  return id;
}

/**
 * Routes whose real-id calls could end the sweep: acting on an employee record (the first one listed
 * may be the administrator's own: quit, unbind). They are fuzzed with an id that exists nowhere.
 */
const SELF_ENDING = /\/employees\/\{id\}/;

function targetOf(name: string | undefined, schema: JsonSchema): Target[] {
  const options = optionsOf(schema);
  if (options.length > 1) return [...new Set(options.flatMap((o) => targetOf(name, o)))];
  const s = concrete(schema);
  if (s.enum?.length) return ['enum'];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'string') {
    const targets: Target[] = ['text'];
    if ((name && ID_NAME.test(name)) || s.pattern === ID_PATTERN) targets.push('id');
    if (isDateField(s) || (name && DATE_NAME.test(name))) targets.push('date');
    if (s.pattern?.includes('(\\.\\d+)?')) targets.push('numeric');
    return targets;
  }
  if (type === 'integer' || type === 'number') return ['number'];
  if (type === 'boolean') return ['boolean'];
  if (type === 'object' || s.properties) return ['object'];
  if (type === 'array' || s.items) return ['array'];
  return ALL;
}

const kindsFor = (targets: Target[]) => BAD_VALUES.filter((b) => b.for.some((t) => targets.includes(t)));

/** The body value of a kind for a field: a huge array is as many copies of a valid item as 1.5 MB holds. */
function valueFor(bad: BadValue, field: JsonSchema): unknown {
  if (bad.kind !== 'huge array') return bad.value;
  const item = sample(concrete(field).items ?? {}) ?? 1;
  const count = Math.min(70_000, Math.floor(1_500_000 / (JSON.stringify(item).length + 1)));
  return Array.from({ length: count }, () => item);
}

/** The values of a parameter's kinds that have a URL form, once per distinct text. */
function urlValuesFor(name: string, schema: JsonSchema): { kind: string; text: string }[] {
  const out: { kind: string; text: string }[] = [];
  for (const bad of kindsFor(targetOf(name, schema))) {
    const text = bad.value === DEEP || bad.kind === 'huge array' ? undefined : urlText(bad.value);
    if (text !== undefined && !out.some((v) => v.text === text)) out.push({ kind: bad.kind, text });
  }
  return out;
}

async function probesFor(op: Operation, operations: Operation[], ids: Map<string, string>): Promise<Probe[]> {
  const probes: Probe[] = [];
  const id = op.pathParams.length && !SELF_ENDING.test(op.path) ? await idFor(op, operations, ids) : '1';
  const query = baseQuery(op);
  const body = op.body ? sample(op.body) : undefined;
  for (const p of op.pathParams) {
    for (const { kind, text } of urlValuesFor(p.name, p.schema)) {
      const url = withQuery(pathWith(op, id, { name: p.name, text }), query.toString());
      probes.push({
        label: `path ${p.name}`,
        name: p.name,
        kind,
        method: op.method,
        url,
        payload: body,
        field: p.schema,
      });
    }
  }
  for (const q of op.queryParams) {
    for (const { kind, text } of urlValuesFor(q.name, q.schema)) {
      const params = new URLSearchParams(query);
      params.delete(q.name);
      const qs = [params.toString(), `${encodeURIComponent(q.name)}=${text}`].filter(Boolean).join('&');
      probes.push({
        label: `query ${q.name}`,
        name: q.name,
        kind,
        method: op.method,
        url: withQuery(pathWith(op, id), qs),
        payload: body,
        field: q.schema,
      });
    }
  }
  for (const q of op.queryParams) {
    const params = new URLSearchParams(query);
    params.delete(q.name);
    const qs = [params.toString(), `${q.name}=1&${q.name}=2`].filter(Boolean).join('&');
    probes.push({
      label: `query ${q.name}`,
      kind: 'repeated parameter',
      method: op.method,
      url: withQuery(pathWith(op, id), qs),
    });
  }
  if (op.body) {
    for (const field of fieldsOf(op.body)) {
      const name = field.path.filter((p) => typeof p === 'string').at(-1);
      for (const bad of kindsFor(targetOf(name, field.schema))) {
        probes.push({
          label: `body ${field.path.join('.') || '(whole)'}`,
          name,
          kind: bad.kind,
          method: op.method,
          url: withQuery(pathWith(op, id), query.toString()),
          payload: withValue(body, op.body, field.path, valueFor(bad, field.schema)),
          field: concrete(field.schema),
        });
      }
    }
  }
  return probes;
}

/**
 * Headers that reach the database, with values HTTP can carry: the tenant (read before any route),
 * the idempotency key (creates) and the user agent (sign-ins, QR tickets). Sent on every POST route.
 */
const HEADER_VALUES: [string, string][] = [
  ['tenant_id', '99999999999999999999'],
  ['tenant_id', '9223372036854775808'],
  ['tenant_id', '-1'],
  ['tenant_id', 'ÿþ'],
  ['idempotency-key', 'x'.repeat(4_000)],
  ['idempotency-key', 'ÿþ'],
  ['user-agent', 'x'.repeat(8_000)],
];

function violations(p: Probe, res: LightMyRequestResponse, logged: string[]): string[] {
  const where = `${p.method} ${p.url.slice(0, 120)} ${p.label} = ${p.kind}`;
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  for (const line of logged) out.push(`${where}: logged ${line.slice(0, 300)}`);
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const body = res.json() as { code?: number; errorCode?: string };
    if (body.code !== 1 || !body.errorCode) out.push(`${where}: ${res.statusCode} without the catalogue envelope`);
  }
  // The query parser keeps malformed percent-encoding as literal text ("%ED%A0%80"), which is storable.
  const neverValid = NEVER_VALID.has(p.kind) && !(p.label.startsWith('query') && p.kind.includes('surrogate'));
  const mustRefuse =
    neverValid ||
    (p.field && isDateField(p.field) && IMPOSSIBLE_DATES.has(p.kind)) ||
    (isIdField(p.name, p.field) && OUT_OF_RANGE_IDS.has(p.kind));
  if (mustRefuse) {
    const body = res.statusCode === 400 ? (res.json() as { errorCode?: string }) : undefined;
    if (body?.errorCode !== 'VALIDATION_FAILED')
      out.push(`${where}: ${res.statusCode}, expected 400 VALIDATION_FAILED`);
  }
  return out;
}

describe('I-03 malformed input on every route', () => {
  let table: RouteEntry[];
  let operations: Operation[];

  beforeAll(async () => {
    table = routeTable(app);
    operations = await openApiOperations(app, table);
  });

  it('has every route of the route table in the OpenAPI document', () => {
    const documented = new Set(operations.map(key));
    const missing = table
      .filter((r) => r.url.startsWith('/gateway/') && !r.url.startsWith('/gateway/docs'))
      .filter((r) => !documented.has(key(r)) && !NOT_IN_OPENAPI[key(r)])
      .map(key);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(300);
  });

  it('answers every malformed value with a 4xx catalogue error, never 5xx, and logs no error', async () => {
    const problems: string[] = [];
    const ids = new Map<string, string>();
    const statuses = new Map<number, number>();
    const kindsSent = new Set<string>();
    const fuzzed = operations.filter((op) => !SKIPPED[key(op)]);
    const headerProbes = (op: Operation): Probe[] =>
      (op.method === 'POST' ? HEADER_VALUES : []).map(([name, value]) => ({
        label: `header ${name}`,
        kind: value.length > 20 ? 'too long header' : value,
        method: op.method,
        url: withQuery(pathWith(op, '1'), baseQuery(op).toString()),
        payload: op.body ? sample(op.body) : undefined,
        headers: { [name]: value },
      }));
    for (const op of fuzzed) {
      for (const probe of [...(await probesFor(op, operations, ids)), ...headerProbes(op)]) {
        const { res, logged } = await call(probe);
        kindsSent.add(probe.kind);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        problems.push(...violations(probe, res, logged));
      }
    }
    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.info(
      `fuzz: ${fuzzed.length} routes × ${BAD_VALUES.length} kinds of value (+${HEADER_VALUES.length} header values) = ` +
        `${requests} requests, ${problems.length} problems; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect({ count: problems.length, first: problems.slice(0, 40) }).toEqual({ count: 0, first: [] });
    // Not vacuous: every kind was sent, the token survived the sweep and many requests reached a handler.
    expect(BAD_VALUES.filter((b) => !kindsSent.has(b.kind)).map((b) => b.kind)).toEqual([]);
    const info = await app.inject({ method: 'GET', url: '/gateway/admin/user/info', headers: auth() });
    expect(info.statusCode).toBe(200);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(500);
  });
});
