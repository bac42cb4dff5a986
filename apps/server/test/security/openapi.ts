import type { RouteAccess } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from './route-table.ts';

/**
 * The route list of the security suite comes from the OpenAPI document, never from a hand-kept list,
 * so a route added by a later issue is swept automatically. Requests are made schema-valid from the
 * same document, so a sweep reaches the access check and the handler instead of stopping at a 400.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  pattern?: string;
  format?: string;
  $ref?: string;
}

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form, e.g. /gateway/srm/departments/{id} */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body?: JsonSchema;
  access: RouteAccess | undefined;
  adminOnly: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

export async function openApiOperations(app: FastifyInstance, table: RouteEntry[]): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/gateway/docs/json' });
  const doc = res.json() as OpenApiDoc;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      const route = table.find((r) => r.method === upper && r.path === path);
      const params = op.parameters ?? [];
      ops.push({
        method: upper,
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        access: route?.access,
        adminOnly: route?.adminOnly ?? false,
      });
    }
  }
  return ops;
}

let counter = 0;

/** Strings a pattern is likely to accept: ids, numbers, codes, dates, mobiles. */
const PATTERN_CANDIDATES = [
  '1',
  '20260001',
  '260001',
  '13900000000',
  '2026-01-01',
  '2026-01-01 00:00:00',
  'ABC',
  'abc',
  'a1',
  '+86',
  'Abcdef12!',
  '/gateway/system/oss/file/probe.pdf',
];

/** Values refinements expect that JSON Schema cannot express (password strength, mobile format). */
const BY_NAME: [RegExp, string][] = [
  [/password/i, 'Quartz#Lantern42'],
  [/mobile|phone/i, '13900000000'],
  // An exchange rate names two different currencies.
  [/^baseCurrency$/, 'CNY'],
  [/^currencyCode$/, 'USD'],
];

/** Optional properties a refinement may still require (one of mobile/e-mail, an invitation token). */
const ALSO_SEND = /^(mobile|token|prdtNo|prdtName|reasonCode|reason)$/;

function stringSample(s: JsonSchema, name?: string): string {
  const n = ++counter;
  const named = name ? BY_NAME.find(([re]) => re.test(name))?.[1] : undefined;
  if (named && (!s.pattern || new RegExp(s.pattern).test(named))) return named;
  if (s.format === 'email') return `probe${n}@example.test`;
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return '2026-01-01';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.test/';
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = [...PATTERN_CANDIDATES, `s${n}`].find((c) => re.test(c));
    if (hit) return hit;
  }
  let text = `s${n}`;
  if (s.minLength && text.length < s.minLength) text = text.padEnd(s.minLength, 'x');
  if (s.maxLength !== undefined && text.length > s.maxLength) text = text.slice(0, s.maxLength);
  return text;
}

function numberSample(s: JsonSchema, integer: boolean): number {
  let low = s.minimum ?? Number.NEGATIVE_INFINITY;
  let high = s.maximum ?? Number.POSITIVE_INFINITY;
  if (typeof s.exclusiveMinimum === 'number') low = s.exclusiveMinimum + (integer ? 1 : 0.5);
  else if (s.exclusiveMinimum === true) low += integer ? 1 : 0.5;
  if (typeof s.exclusiveMaximum === 'number') high = s.exclusiveMaximum - (integer ? 1 : 0.5);
  else if (s.exclusiveMaximum === true) high -= integer ? 1 : 0.5;
  return Math.min(Math.max(1, low), high);
}

/** A value the schema accepts: required properties only, first enum member, first non-null option. */
export function sample(schema: JsonSchema | undefined, name?: string): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sample(options.find((o) => o.type !== 'null') ?? options[0], name);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sample(s) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || ALSO_SEND.test(key)) out[key] = sample(property, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'string':
      return stringSample(schema, name);
    case 'integer':
      return numberSample(schema, true);
    case 'number':
      return numberSample(schema, false);
    case 'boolean':
      return true;
    default:
      return schema.properties ? sample({ ...schema, type: 'object' }) : 'x';
  }
}

export interface ProbeRequest {
  method: string;
  url: string;
  payload?: unknown;
}

/**
 * Every concrete request for an operation: `idValue` in each free path parameter, every member of an
 * enumerated one (so `/employees/{id}/actions/{action}` is tried with each action), required query
 * parameters and a body made from the schemas.
 */
export function requestsFor(op: Operation, idValue: string, overrides: { body?: unknown } = {}): ProbeRequest[] {
  let paths = [op.path];
  for (const p of op.pathParams) {
    const values = p.schema.enum?.length ? p.schema.enum.map(String) : [idValue];
    paths = paths.flatMap((path) => values.map((v) => path.replace(`{${p.name}}`, encodeURIComponent(v))));
  }
  const query = new URLSearchParams();
  for (const q of op.queryParams) if (q.required) query.set(q.name, String(sample(q.schema, q.name)));
  const qs = query.toString();
  const payload = overrides.body ?? (op.body ? sample(op.body) : undefined);
  return paths.map((path) => ({ method: op.method, url: qs ? `${path}?${qs}` : path, payload }));
}

export const isIdRoute = (op: Operation) => op.pathParams.length > 0;
