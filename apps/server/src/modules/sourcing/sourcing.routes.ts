import {
  potentialCustomerDetailSchema,
  potentialCustomerListSchema,
  potentialCustomerPageSchema,
  potentialSupplierDetailSchema,
  potentialSupplierPageSchema,
  prospectAuditSchema,
  prospectClassOptionSchema,
  prospectConversionSchema,
  prospectCreateSchema,
  prospectListSchema,
  prospectUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as customers from './potential-customers.service.ts';
import * as sourcing from './sourcing.service.ts';

const BASE = '/gateway/srm/potential-suppliers';
const CUSTOMERS = '/gateway/srm/potential-customers';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(['submit', 'recall']) });

export function registerSourcingRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['potential-suppliers'] });
  const pool = 'PO_SSO_PSM';
  const add = 'PO_SSO_PSM_02';
  const detail = 'PO_SSO_PSM_03';
  const audit = 'PO_PG_SH';

  r.post(
    `${BASE}/list`,
    { operationId: 'listProspects', access: pool, body: prospectListSchema, reply: potentialSupplierPageSchema },
    (ctx, { body }) => sourcing.listProspects(ctx, body),
  );

  r.get(
    `${BASE}/class-options`,
    { operationId: 'listProspectClassOptions', access: pool, reply: z.array(prospectClassOptionSchema) },
    (ctx) => sourcing.listClassOptions(ctx),
  );

  // The audit screens (/purchase/supplier-audit) read the same pool with the auditor's code.
  r.post(
    `${BASE}/audit-queue/list`,
    {
      operationId: 'listProspectAuditQueue',
      access: audit,
      body: prospectListSchema,
      reply: potentialSupplierPageSchema,
    },
    (ctx, { body }) => sourcing.listProspects(ctx, body),
  );

  r.get(
    `${BASE}/audit-queue/:id`,
    { operationId: 'getProspectForAudit', access: audit, params, reply: potentialSupplierDetailSchema },
    (ctx, { params }) => sourcing.getProspect(ctx, params.id),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getProspect', access: detail, params, reply: potentialSupplierDetailSchema },
    (ctx, { params }) => sourcing.getProspect(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createProspect', access: add, body: prospectCreateSchema, reply: potentialSupplierDetailSchema },
    (ctx, { body }) => sourcing.createProspect(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    {
      operationId: 'updateProspect',
      access: add,
      params,
      body: prospectUpdateSchema,
      reply: potentialSupplierDetailSchema,
    },
    (ctx, { params, body }) => sourcing.updateProspect(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    { operationId: 'actOnProspect', access: add, params: actionParams, reply: potentialSupplierDetailSchema },
    (ctx, { params }) => sourcing.actOnProspect(ctx, params.id, params.action),
  );

  r.post(
    `${BASE}/:id/audits`,
    {
      operationId: 'auditProspect',
      access: audit,
      params,
      body: prospectAuditSchema,
      reply: potentialSupplierDetailSchema,
    },
    (ctx, { params, body }) => sourcing.auditProspect(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/convert`,
    { operationId: 'convertProspect', access: add, params, reply: prospectConversionSchema },
    (ctx, { params }) => sourcing.convertProspect(ctx, params.id, s.config.publicUrl),
  );

  // Supplier side (/opportunity/potentialcustomers): buyers that invited my enterprise.
  const opportunities = 'SL_BSO';
  const tags = ['potential-customers'];
  r.post(
    `${CUSTOMERS}/list`,
    {
      operationId: 'listPotentialCustomers',
      access: opportunities,
      tags,
      body: potentialCustomerListSchema,
      reply: potentialCustomerPageSchema,
    },
    (ctx, { body }) => customers.listPotentialCustomers(ctx, body),
  );

  r.get(
    `${CUSTOMERS}/:id`,
    {
      operationId: 'getPotentialCustomer',
      access: opportunities,
      tags,
      params,
      reply: potentialCustomerDetailSchema,
    },
    (ctx, { params }) => customers.getPotentialCustomer(ctx, params.id),
  );
}
