import {
  potentialCustomerListSchema,
  prospectAuditSchema,
  prospectCreateSchema,
  prospectListSchema,
  prospectUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import { sendNotificationEmails } from '../messages/messages.service.ts';
import * as customers from './potential-customers.service.ts';
import * as sourcing from './sourcing.service.ts';

const BASE = '/gateway/srm/potential-suppliers';
const idParams = z.object({ id: srmIdSchema });
const actionParams = idParams.extend({ action: z.enum(['submit', 'recall']) });

export function registerSourcingRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['potential-suppliers'];
  const pool = { access: 'PO_SSO_PSM' } as const;
  const add = { access: 'PO_SSO_PSM_02' } as const;
  const detail = { access: 'PO_SSO_PSM_03' } as const;
  const audit = { access: 'PO_PG_SH' } as const;

  r.post(`${BASE}/list`, { config: pool, schema: { tags, body: prospectListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.listProspects(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/class-options`, { config: pool, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.listClassOptions(tx, req.auth!.tenantId!))),
  );

  // The audit screens (/purchase/supplier-audit) read the same pool with the auditor's code.
  r.post(`${BASE}/audit-queue/list`, { config: audit, schema: { tags, body: prospectListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.listProspects(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/audit-queue/:id`, { config: audit, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.getProspect(tx, req.auth!, req.params.id))),
  );

  r.get(`${BASE}/:id`, { config: detail, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.getProspect(tx, req.auth!, req.params.id))),
  );

  r.post(BASE, { config: add, schema: { tags, body: prospectCreateSchema } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        sourcing.createProspect(tx, req.auth!, req.body, idempotencyScope(req)),
      ),
    ),
  );

  r.put(`${BASE}/:id`, { config: add, schema: { tags, params: idParams, body: prospectUpdateSchema } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => sourcing.updateProspect(tx, req.auth!, req.params.id, req.body)),
    ),
  );

  r.post(`${BASE}/:id/actions/:action`, { config: add, schema: { tags, params: actionParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        sourcing.actOnProspect(tx, req.auth!, req.params.id, req.params.action),
      ),
    ),
  );

  r.post(
    `${BASE}/:id/audits`,
    { config: audit, schema: { tags, params: idParams, body: prospectAuditSchema } },
    async (req) => {
      const { prospect, emails } = await inTenantTx(db, req.auth!.tenantId, (tx) =>
        sourcing.auditProspect(tx, req.auth!, req.params.id, req.body),
      );
      await sendNotificationEmails(s.provider, emails, req.log);
      return ok(prospect);
    },
  );

  r.post(`${BASE}/:id/convert`, { config: add, schema: { tags, params: idParams } }, async (req) =>
    ok(await sourcing.convertProspect(s, req.auth!, req.params.id, req.locale, req.log)),
  );

  // Supplier side (/opportunity/potentialcustomers): buyers that invited my enterprise.
  const opportunities = { access: 'SL_BSO' } as const;
  const CUSTOMERS = '/gateway/srm/potential-customers';
  r.post(
    `${CUSTOMERS}/list`,
    { config: opportunities, schema: { tags: ['potential-customers'], body: potentialCustomerListSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => customers.listPotentialCustomers(tx, req.auth!, req.body))),
  );
  r.get(
    `${CUSTOMERS}/:id`,
    { config: opportunities, schema: { tags: ['potential-customers'], params: idParams } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) => customers.getPotentialCustomer(tx, req.auth!, req.params.id)),
      ),
  );
}
