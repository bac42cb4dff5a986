import {
  departmentFieldsSchema,
  departmentListSchema,
  departmentNodeSchema,
  departmentSchema,
  departmentUpdateSchema,
  noReplySchema,
  organizationIdSchema,
  pageReplySchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as departments from './departments.service.ts';

const BASE = '/gateway/srm/departments';
const params = z.object({ id: organizationIdSchema });

export function registerDepartmentRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['departments'] });
  const access = 'CF_OAU';

  r.post(
    `${BASE}/list`,
    { operationId: 'listDepartments', access, body: departmentListSchema, reply: pageReplySchema(departmentSchema) },
    (ctx, { body }) => departments.listDepartments(ctx, body),
  );

  // Every member may read the tree: department pickers on other screens need it.
  r.get(
    `${BASE}/tree`,
    { operationId: 'getDepartmentTree', access: 'member', reply: z.array(departmentNodeSchema) },
    (ctx) => departments.listDepartmentTree(ctx),
  );

  r.get(`${BASE}/:id`, { operationId: 'getDepartment', access, params, reply: departmentSchema }, (ctx, { params }) =>
    departments.getDepartment(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createDepartment', access, body: departmentFieldsSchema, reply: departmentSchema },
    (ctx, { body }) => departments.createDepartment(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updateDepartment', access, params, body: departmentUpdateSchema, reply: departmentSchema },
    (ctx, { params, body }) => departments.updateDepartment(ctx, params.id, body),
  );

  r.delete(
    `${BASE}/:id`,
    { operationId: 'deleteDepartment', access, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await departments.deleteDepartment(ctx, params.id);
      return null;
    },
  );
}
