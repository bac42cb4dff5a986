import { idReplySchema, idSchema, listQuerySchema, maskable, pageReplySchema, type RouteAccess } from '@concord/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../src/db/client.ts';
import { bigId } from '../../src/db/columns.ts';
import { applyRowLevelSecurity } from '../../src/db/rls.ts';
import type * as Modules from '../../src/modules.ts';
import type { MemberAuth } from '../../src/platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../src/platform/data-scope.ts';
import { AppError } from '../../src/platform/errors.ts';
import { orderBy, pageOf } from '../../src/platform/paging.ts';
import { defineRoutes } from '../../src/platform/route.ts';
import type { Services } from '../../src/platform/services.ts';

/**
 * The security suite reads the route table from the app itself: each test file replaces
 * `src/modules.ts` with `instrumentModules(real)` (vi.mock), which registers an onRoute hook before the
 * real modules and then adds the test-only document routes below. Nothing here ships in the server.
 */

export interface RouteEntry {
  method: string;
  /** Fastify form, e.g. /gateway/srm/departments/:id */
  url: string;
  /** OpenAPI form, e.g. /gateway/srm/departments/{id} */
  path: string;
  access: RouteAccess | undefined;
  adminOnly: boolean;
  websocket: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

export function routeTable(app: FastifyInstance): RouteEntry[] {
  const table = tables.get(app);
  if (!table) throw new Error('this app was not built with instrumented modules (vi.mock of src/modules.ts)');
  return table;
}

export function instrumentModules(real: typeof Modules): typeof Modules {
  return {
    async registerModules(app: FastifyInstance, s: Services) {
      const table: RouteEntry[] = [];
      tables.set(app, table);
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          table.push({
            method,
            url: route.url,
            path: route.url.replace(/:(\w+)/g, '{$1}'),
            access: route.config?.access,
            adminOnly: route.config?.adminOnly === true,
            websocket: (route as { websocket?: boolean }).websocket === true,
          });
        }
      });
      await real.registerModules(app, s);
      registerPricedFixture(app, s);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A price-bearing document, until real ones exist: the same shape every scoped document will have
// (owner, department, trading partner, a price), served the way modules serve theirs.

export const scopedDocs = pgTable(
  'scoped_docs',
  {
    tenantId: bigId('tenant_id').notNull(),
    id: bigId('id').notNull(),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    partnerId: bigId('partner_id'),
    price: numeric('price'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Creates the test-only document table and protects it like every tenant table. */
export async function createScopedDocs(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists scoped_docs (tenant_id bigint not null, id bigint not null, owner_id bigint,
      dept_id bigint, partner_id bigint, price numeric, primary key (tenant_id, id))`),
  );
  await applyRowLevelSecurity(db);
}

/** Supplier name every fixture document reports (spec §6 "show supplier name"). */
export const FIXTURE_SUPPLIER = 'ZQX-SENTINEL';

const SCOPED = { owner: scopedDocs.ownerId, dept: scopedDocs.deptId, partner: undefined };

async function scopedWhere(tx: Tx, auth: MemberAuth, extra?: SQL) {
  const scope = await resolveDataScope(tx, auth);
  return and(eq(scopedDocs.tenantId, auth.tenantId), scopeCondition(scope, SCOPED), extra);
}

const view = (r: typeof scopedDocs.$inferSelect) => ({
  id: r.id,
  ownerId: r.ownerId,
  unitPrice: r.price === null ? null : Number(r.price),
  amount: r.price === null ? null : Number(r.price) * 2,
  supName: FIXTURE_SUPPLIER,
});

function registerPricedFixture(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['test-fixture'] });
  const params = z.object({ id: idSchema });
  const doc = z.object({
    id: idReplySchema,
    ownerId: idReplySchema.nullable(),
    unitPrice: maskable(z.number()).nullable(),
    amount: maskable(z.number()).nullable(),
    supName: z.string(),
  });

  r.post(
    '/gateway/test/priced-docs/list',
    {
      operationId: 'listPricedFixtureDocs',
      access: 'member',
      body: listQuerySchema(z.object({ price: z.number().optional() })),
      reply: pageReplySchema(doc),
    },
    async ({ tx, auth }, { body }) => {
      const f = body.filter ?? {};
      const where = await scopedWhere(
        tx,
        auth,
        f.price === undefined ? undefined : eq(scopedDocs.price, String(f.price)),
      );
      const page = pageOf(body.pageParam);
      const sortable = { id: scopedDocs.id, price: scopedDocs.price };
      const rows = await tx
        .select()
        .from(scopedDocs)
        .where(where)
        .orderBy(...orderBy(body.orderParam, sortable, [scopedDocs.id, 'asc']), asc(scopedDocs.id))
        .limit(page.limit)
        .offset(page.offset);
      const [{ total }] = await tx.select({ total: count() }).from(scopedDocs).where(where);
      return { dataList: rows.map(view), totalCount: total };
    },
  );

  r.get(
    '/gateway/test/priced-docs/:id',
    { operationId: 'getPricedFixtureDoc', access: 'member', params, reply: doc },
    async ({ tx, auth }, { params }) => {
      const [row] = await tx
        .select()
        .from(scopedDocs)
        .where(await scopedWhere(tx, auth, eq(scopedDocs.id, params.id)));
      if (!row) throw new AppError('NOT_FOUND');
      return view(row);
    },
  );

  // A stale-version conflict that carries the current document, as update routes do.
  r.post(
    '/gateway/test/priced-docs/:id/conflict',
    { operationId: 'conflictPricedFixtureDoc', access: 'member', params, reply: doc },
    async ({ tx, auth }, { params }) => {
      const [current] = await tx
        .select()
        .from(scopedDocs)
        .where(await scopedWhere(tx, auth, eq(scopedDocs.id, params.id)));
      if (!current) throw new AppError('NOT_FOUND');
      throw new AppError('CONFLICT', {}, { current: view(current) });
    },
  );
}
