import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../helpers.ts';
import type { JsonSchema } from './openapi.ts';
import { routeTable } from './route-table.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

/**
 * R-04 for every replace route (issue 14 item 8): a PUT replaces state, so its body must carry the
 * `version` the editor read, or a stale editor silently drops someone else's change. The routes come
 * from the app's route table and the body schemas from the OpenAPI document built from the routes'
 * zod schemas, so a PUT added later is checked without touching this file.
 */
const EXEMPT = new Map([
  // The caller's own notification settings: one row per (enterprise, user) that nobody else writes,
  // so there is no second editor whose change could be lost.
  ['PUT /gateway/admin/message/settings', 'own settings'],
]);

interface OpenApiDoc {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let t: TestContext;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await createTestContext({ seed: false });
  doc = (await t.app.inject({ method: 'GET', url: '/gateway/docs/json' })).json();
});
afterAll(() => t.close());

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(target);
}

const isInteger = (s: JsonSchema) => {
  const r = resolve(s);
  return r.type === 'integer' || (Array.isArray(r.type) && r.type.includes('integer') && !r.type.includes('null'));
};

/** Why a body schema does not demand an integer `version` (null when it does), for every shape it may take. */
function versionProblem(schema: JsonSchema | undefined): string | null {
  if (!schema) return 'no body';
  const s = resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) {
    const problems = options.map(versionProblem).filter((p): p is string => p !== null);
    return problems.length ? `an alternative: ${problems[0]}` : null;
  }
  if (s.allOf?.length) {
    return s.allOf.some((part) => versionProblem(part) === null) ? null : 'no part requires version';
  }
  const version = s.properties?.version;
  if (!version) return 'no version property';
  if (!s.required?.includes('version')) return 'version is optional';
  if (!isInteger(version)) return 'version is not an integer';
  return null;
}

describe('R-04: every PUT route takes a version', () => {
  it('finds a required integer version in the body schema of every PUT route', () => {
    const puts = routeTable(t.app).filter((r) => r.method === 'PUT' && r.url.startsWith('/gateway/'));
    expect(puts.length).toBeGreaterThanOrEqual(30);
    const problems: string[] = [];
    for (const route of puts) {
      const label = `PUT ${route.url}`;
      const operation = doc.paths[route.path]?.put;
      if (!operation) {
        problems.push(`${label}: missing from the OpenAPI document`);
        continue;
      }
      const problem = versionProblem(operation.requestBody?.content?.['application/json']?.schema);
      if (problem && !EXEMPT.has(label)) problems.push(`${label}: ${problem}`);
      if (!problem && EXEMPT.has(label)) problems.push(`${label}: takes a version now, drop its exemption`);
    }
    expect(problems).toEqual([]);
    // Every exemption still names a real route, so the list cannot outlive what it excuses.
    expect([...EXEMPT.keys()].filter((k) => !puts.some((r) => `PUT ${r.url}` === k))).toEqual([]);
  });

  it('is not vacuous: the check refuses bodies without a required integer version', () => {
    const body = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
      type: 'object',
      properties,
      required,
    });
    expect(versionProblem(body({ contacts: { type: 'array' } }, ['contacts']))).toBe('no version property');
    expect(versionProblem(body({ version: { type: 'integer' } }, []))).toBe('version is optional');
    expect(versionProblem(body({ version: { type: 'string' } }, ['version']))).toBe('version is not an integer');
    expect(versionProblem({ anyOf: [body({ version: { type: 'integer' } }, ['version']), body({}, [])] })).toMatch(
      /^an alternative/,
    );
    expect(versionProblem(body({ version: { type: 'integer', minimum: 1 } }, ['version']))).toBeNull();
  });
});
