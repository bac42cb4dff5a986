import {
  QUALIFICATION_ACTIONS,
  qualificationActionSchema,
  qualificationListSchema,
  qualificationRequestSchema,
  qualificationRequirementListSchema,
  qualificationRequirementSchema,
  qualificationRequirementUpdateSchema,
  qualificationRunExpirySchema,
  qualificationUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import { localDate } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { writeDemoAttachments } from '../../seed/qualifications.ts';
import { expiringDaysFrom, registerQualificationJobs, runQualificationExpiryNow } from './qualifications.expiry.ts';
import * as requirements from './qualifications.requirements.ts';
import * as documents from './qualifications.service.ts';

const BASE = '/gateway/srm/qualification-documents';
const REQUIREMENTS = `${BASE}/requirements`;
const idParams = z.object({ id: srmIdSchema });
const actionParams = idParams.extend({ action: z.enum(QUALIFICATION_ACTIONS) });

export function registerQualificationRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['qualification-documents'];
  const expiringDays = expiringDaysFrom();
  const deps = (req?: FastifyRequest): documents.QualificationDeps => ({
    db,
    provider: s.provider,
    log: req?.log ?? app.log,
    dataDir: s.config.dataDir,
    clock: s.jobs.clock,
    jobs: s.jobs,
    expiringDays,
  });
  registerQualificationJobs(s.jobs, deps());
  // The seed runs against the database only; the sample PDFs its documents point at live in the file store.
  if (s.config.seedDemo) writeDemoAttachments(s.config.dataDir);
  // Routes serving both sides declare 'member'; the service requires PO_SUP_RZ (or PO_SUP_ARC to read)
  // of the requesting buyer and SL_CUS of the answering supplier, as the side of the document decides.
  const eitherSide = { access: 'member' } as const;
  const buyer = { access: 'PO_SUP_RZ' } as const;

  r.post(`${BASE}/list`, { config: eitherSide, schema: { tags, body: qualificationListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => documents.listQualifications(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/options`, { config: eitherSide, schema: { tags } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => documents.getQualificationOptions(tx, req.auth!, expiringDays)),
    ),
  );

  r.post(
    `${BASE}/run-expiry`,
    { config: { ...buyer, adminOnly: true }, schema: { tags, body: qualificationRunExpirySchema.optional() } },
    async (req) => {
      const asOf = req.body?.asOf;
      // A chosen day is a faked clock: only where the development outbox is open (demo, e2e).
      if (asOf && s.config.devOutbox === 'off') throw new AppError('FORBIDDEN');
      return ok(await runQualificationExpiryNow(deps(req), req.auth!.tenantId!, asOf ?? localDate(s.jobs.clock.now())));
    },
  );

  r.post(
    `${REQUIREMENTS}/list`,
    { config: eitherSide, schema: { tags, body: qualificationRequirementListSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => requirements.listRequirements(tx, req.auth!, req.body))),
  );

  r.get(
    `${REQUIREMENTS}/applicable`,
    { config: eitherSide, schema: { tags, querystring: z.object({ supplierId: srmIdSchema }) } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          requirements.applicableRequirements(tx, req.auth!, req.query.supplierId),
        ),
      ),
  );

  r.post(REQUIREMENTS, { config: buyer, schema: { tags, body: qualificationRequirementSchema } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        requirements.createRequirement(tx, req.auth!, req.body, idempotencyScope(req)),
      ),
    ),
  );

  r.put(
    `${REQUIREMENTS}/:id`,
    { config: buyer, schema: { tags, params: idParams, body: qualificationRequirementUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          requirements.updateRequirement(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete(`${REQUIREMENTS}/:id`, { config: buyer, schema: { tags, params: idParams } }, async (req) => {
    await inTenantTx(db, req.auth!.tenantId, (tx) => requirements.deleteRequirement(tx, req.auth!, req.params.id));
    return ok(null);
  });

  r.get(`${BASE}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await documents.getQualification(db, req.auth!, req.params.id)),
  );

  r.post(BASE, { config: buyer, schema: { tags, body: qualificationRequestSchema } }, async (req) =>
    ok(await documents.createQualificationRequests(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${BASE}/:id`,
    { config: buyer, schema: { tags, params: idParams, body: qualificationUpdateSchema } },
    async (req) => {
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        documents.updateQualification(tx, req.auth!, req.params.id, req.body),
      );
      return ok(await documents.getQualification(db, req.auth!, req.params.id));
    },
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    { config: eitherSide, schema: { tags, params: actionParams, body: qualificationActionSchema } },
    async (req) =>
      ok(await documents.actOnQualification(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );
}
