import {
  noReplySchema,
  pageReplySchema,
  QUALIFICATION_ACTIONS,
  qualificationActionSchema,
  qualificationDetailSchema,
  qualificationExpiryResultSchema,
  qualificationListItemSchema,
  qualificationListSchema,
  qualificationOptionsSchema,
  qualificationRequestResultSchema,
  qualificationRequestSchema,
  qualificationRequirementListSchema,
  qualificationRequirementReplySchema,
  qualificationRequirementSchema,
  qualificationRequirementUpdateSchema,
  qualificationRunExpirySchema,
  qualificationUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { todayOf } from '../../platform/time.ts';
import { writeDemoAttachments } from '../../seed/qualifications.ts';
import { registerQualificationJobs, runQualificationExpiryNow } from './qualifications.expiry.ts';
import * as requirements from './qualifications.requirements.ts';
import * as documents from './qualifications.service.ts';

const BASE = '/gateway/srm/qualification-documents';
const REQUIREMENTS = `${BASE}/requirements`;
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(QUALIFICATION_ACTIONS) });

export function registerQualificationRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['qualification-documents'] });
  const settings: documents.QualificationSettings = {
    dataDir: s.config.dataDir,
    clock: s.jobs.clock,
    expiringDays: s.config.qualificationExpiringDays,
  };
  registerQualificationJobs(s.jobs, {
    ...settings,
    db: s.database.db,
    provider: s.provider,
    log: app.log,
    jobs: s.jobs,
  });
  // The seed runs against the database only; the sample PDFs its documents point at live in the file store.
  if (s.config.seedDemo) writeDemoAttachments(s.config.dataDir);
  // Routes serving both sides declare 'member'; the service requires PO_SUP_RZ (or PO_SUP_ARC to read)
  // of the requesting buyer and SL_CUS of the answering supplier, as the side of the document decides.
  const eitherSide = 'member';
  const buyer = 'PO_SUP_RZ';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listQualificationDocuments',
      access: eitherSide,
      body: qualificationListSchema,
      reply: pageReplySchema(qualificationListItemSchema),
    },
    (ctx, { body }) => documents.listQualifications(ctx, body),
  );

  r.get(
    `${BASE}/options`,
    { operationId: 'getQualificationOptions', access: eitherSide, reply: qualificationOptionsSchema },
    (ctx) => documents.getQualificationOptions(ctx, settings.expiringDays),
  );

  r.post(
    `${BASE}/run-expiry`,
    {
      operationId: 'runQualificationExpiry',
      access: buyer,
      adminOnly: true,
      body: qualificationRunExpirySchema.optional(),
      reply: qualificationExpiryResultSchema,
    },
    async (ctx, { body }) => {
      const asOf = body?.asOf;
      // A chosen day is a faked clock: only where the development outbox is open (demo, e2e).
      if (asOf && s.config.devOutbox === 'off') throw new AppError('FORBIDDEN');
      return runQualificationExpiryNow(
        ctx,
        s.jobs,
        settings.expiringDays,
        asOf ?? (await todayOf(ctx.tx, ctx.tenantId, settings.clock.now())),
      );
    },
  );

  r.post(
    `${REQUIREMENTS}/list`,
    {
      operationId: 'listQualificationRequirements',
      access: eitherSide,
      body: qualificationRequirementListSchema,
      reply: pageReplySchema(qualificationRequirementReplySchema),
    },
    (ctx, { body }) => requirements.listRequirements(ctx, body),
  );

  r.get(
    `${REQUIREMENTS}/applicable`,
    {
      operationId: 'listApplicableQualificationRequirements',
      access: eitherSide,
      query: z.object({ supplierId: srmIdSchema }),
      reply: z.array(qualificationRequirementReplySchema),
    },
    (ctx, { query }) => requirements.applicableRequirements(ctx, query.supplierId),
  );

  r.post(
    REQUIREMENTS,
    {
      operationId: 'createQualificationRequirement',
      access: buyer,
      body: qualificationRequirementSchema,
      reply: qualificationRequirementReplySchema,
    },
    (ctx, { body }) => requirements.createRequirement(ctx, body),
  );

  r.put(
    `${REQUIREMENTS}/:id`,
    {
      operationId: 'updateQualificationRequirement',
      access: buyer,
      params,
      body: qualificationRequirementUpdateSchema,
      reply: qualificationRequirementReplySchema,
    },
    (ctx, { params, body }) => requirements.updateRequirement(ctx, params.id, body),
  );

  r.delete(
    `${REQUIREMENTS}/:id`,
    { operationId: 'deleteQualificationRequirement', access: buyer, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await requirements.deleteRequirement(ctx, params.id);
      return null;
    },
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getQualificationDocument', access: eitherSide, params, reply: qualificationDetailSchema },
    (ctx, { params }) => documents.getQualification(ctx, params.id),
  );

  r.post(
    BASE,
    {
      operationId: 'requestQualificationDocuments',
      access: buyer,
      body: qualificationRequestSchema,
      reply: qualificationRequestResultSchema,
    },
    (ctx, { body }) => documents.createQualificationRequests(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    {
      operationId: 'updateQualificationDocument',
      access: buyer,
      params,
      body: qualificationUpdateSchema,
      reply: qualificationDetailSchema,
    },
    (ctx, { params, body }) => documents.updateQualification(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnQualificationDocument',
      access: eitherSide,
      params: actionParams,
      body: qualificationActionSchema,
      reply: qualificationDetailSchema,
    },
    (ctx, { params, body }) => documents.actOnQualification(ctx, settings, params.id, params.action, body ?? {}),
  );
}
