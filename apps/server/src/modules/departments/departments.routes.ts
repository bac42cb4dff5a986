import {
  departmentFieldsSchema,
  departmentListSchema,
  departmentUpdateSchema,
  organizationIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import * as departments from './departments.service.ts';

const idParams = z.object({ id: organizationIdSchema });

export function registerDepartmentRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['departments'];
  const manage = { access: 'CF_OAU' } as const;

  r.post(
    '/gateway/srm/departments/list',
    { config: manage, schema: { tags, body: departmentListSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          departments.listDepartments(tx, req.auth!.tenantId!, req.body),
        ),
      ),
  );

  // Every member may read the tree: department pickers on other screens need it.
  r.get('/gateway/srm/departments/tree', { config: { access: 'member' }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => departments.listDepartmentTree(tx, req.auth!.tenantId!))),
  );

  r.get('/gateway/srm/departments/:id', { config: manage, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        departments.getDepartment(tx, req.auth!.tenantId!, req.params.id),
      ),
    ),
  );

  r.post('/gateway/srm/departments', { config: manage, schema: { tags, body: departmentFieldsSchema } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        departments.createDepartment(tx, req.auth!, req.body, idempotencyScope(req)),
      ),
    ),
  );

  r.put(
    '/gateway/srm/departments/:id',
    { config: manage, schema: { tags, params: idParams, body: departmentUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          departments.updateDepartment(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete('/gateway/srm/departments/:id', { config: manage, schema: { tags, params: idParams } }, async (req) => {
    await inTenantTx(db, req.auth!.tenantId, (tx) => departments.deleteDepartment(tx, req.auth!, req.params.id));
    return ok(null);
  });
}
