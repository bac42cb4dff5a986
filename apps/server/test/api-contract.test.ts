import { DECIMAL_INPUT } from '@concord/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * The API contract (issue 15 §5), read from the OpenAPI document the server publishes: every operation
 * has an operationId and a described 2xx reply; instants are RFC 3339 date-times and leave the server so.
 */

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestContext;
let doc: Document;

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.app.inject({ method: 'GET', url: '/gateway/docs/json' });
  doc = res.json() as Document;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document', () => {
  it('gives every operation a unique operationId and a described 2xx reply', () => {
    const missing = operations()
      .filter(({ op }) => !op.operationId || !Object.keys(op.responses ?? {}).some((s) => /^[23]/.test(s)))
      .map(({ route }) => route);
    expect(missing).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes instants as date-times', () => {
    const tree = JSON.stringify(doc.paths['/gateway/srm/departments/{id}']);
    expect(tree).toContain('"createdAt":{"type":"string","format":"date-time"');
  });
});

describe('money in requests (issue 16)', () => {
  /** Every property named like a quantity, price or rate anywhere in a schema, with its path. */
  function decimalFields(node: unknown, at: string, out: { at: string; schema: Record<string, unknown> }[]) {
    if (!node || typeof node !== 'object') return out;
    const schema = node as Record<string, unknown>;
    for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
      if (['qty', 'price', 'taxRate'].includes(key))
        out.push({ at: `${at}.${key}`, schema: value as Record<string, unknown> });
      decimalFields(value, `${at}.${key}`, out);
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
      const child = schema[key];
      for (const c of Array.isArray(child) ? child : [child]) decimalFields(c, at, out);
    }
    return out;
  }

  it('describes quantities, prices and rates of orders, changes and statements as decimal strings', () => {
    const fields = operations()
      .filter(({ route }) => /\/gateway\/srm\/(purchase-orders|purchase-order-changes|reconciliations)\b/.test(route))
      .flatMap(({ route, op }) => decimalFields(op.requestBody?.content?.['application/json']?.schema, route, []));
    expect(fields.map((f) => f.at)).toEqual(
      expect.arrayContaining([
        'POST /gateway/srm/purchase-orders.lines.qty',
        'PUT /gateway/srm/purchase-orders/{id}.lines.price',
        'POST /gateway/srm/purchase-orders/{id}/actions/{action}.lines.qty',
        'POST /gateway/srm/purchase-order-changes.lines.taxRate',
        'POST /gateway/srm/reconciliations/{id}/actions/{action}.lines.qty',
        'POST /gateway/srm/reconciliations/{id}/actions/{action}.lines.price',
      ]),
    );
    const notDecimal = fields.filter((f) => f.schema.type !== 'string' || f.schema.pattern !== DECIMAL_INPUT.source);
    expect(notDecimal).toEqual([]);
  });
});

describe('the build', () => {
  it('refuses a /gateway route without an operationId or a described reply, and a reply of z.any()', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { defineRoutes } = await import('../src/platform/route.ts');
    const { z } = await import('zod');
    const bare = await buildApp({ database: t.database, config: t.config, logger: false });
    const config = { access: 'public' as const };
    expect(() => bare.get('/gateway/no-contract', { config }, async () => 'x')).toThrow(/operationId or reply/);
    const reply = { 200: z.string() };
    expect(() => bare.get('/gateway/no-id', { config, schema: { response: reply } }, async () => 'x')).toThrow(
      /operationId or reply/,
    );
    const services = {
      database: t.database,
      config: t.config,
    } as unknown as Parameters<typeof defineRoutes>[1];
    const r = defineRoutes(bare, services, { tags: [] });
    expect(() => r.get('/gateway/any', { operationId: 'anyReply', access: 'public', reply: z.any() }, () => 1)).toThrow(
      /z.any/,
    );
    expect(() =>
      r.get(
        '/gateway/price',
        { operationId: 'unmaskablePrice', access: 'public', reply: z.object({ price: z.number() }) },
        () => ({
          price: 1,
        }),
      ),
    ).toThrow(/refuses \*\*\*/);
    await bare.close();
  });
});

describe('replies', () => {
  it('carry instants as RFC 3339 UTC and days as yyyy-MM-dd', async () => {
    const admin = as(t.app, await login(t.app, 'buyer'));
    const page = await admin.post('/gateway/srm/departments/list', {});
    const row = page.json().data.dataList[0];
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
