import {
  inventoryImportQuerySchema,
  inventoryMaterialQuerySchema,
  inventoryReportCreateSchema,
  inventoryReportListSchema,
  inventoryRequestSchema,
  plannableOrderListSchema,
  RECEIVING_PLAN_ACTIONS,
  receivingPlanActionSchema,
  receivingPlanCreateSchema,
  receivingPlanLineExportSchema,
  receivingPlanLineListSchema,
  receivingPlanListSchema,
  receivingPlanUpdateSchema,
  srmIdSchema,
  URGENT_DELIVERY_ACTIONS,
  urgentDeliveryActionSchema,
  urgentDeliveryCreateSchema,
  urgentDeliveryListSchema,
  urgentOrderLineQuerySchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services, TellDeps } from '../../platform/services.ts';
import { DEFAULT_XLSX_LIMITS } from '../../platform/xlsx-import.ts';
import * as inventory from './inventory-reports.service.ts';
import { actOnPlan } from './receiving-plans.actions.ts';
import { exportSchedule } from './receiving-plans.export.ts';
import { getPlan, listPlans, listSchedule } from './receiving-plans.query.ts';
import { createPlan, getPlannableLines, listPlannableOrders, updatePlan } from './receiving-plans.service.ts';
import * as urgent from './urgent-deliveries.service.ts';

const PLANS = '/gateway/srm/receiving-plans';
const URGENT = '/gateway/srm/urgent-deliveries';
const INVENTORY = '/gateway/srm/inventory-reports';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: srmIdSchema });

function sendXlsx(reply: FastifyReply, file: Buffer, name: string) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file({ limits: { fileSize: DEFAULT_XLSX_LIMITS.maxFileBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED');
  const buffer = await file.toBuffer();
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return buffer;
}

/**
 * Receiving plans, urgent delivery notices and inventory reports. Each resource serves both sides:
 * the server decides from the caller's tenant whether a document is its own (buyer) or addressed to
 * it (supplier); routes serving both declare 'member' and the service checks the code of the side.
 */
export function registerReceivingPlanRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const eitherSide = { access: 'member' } as const;
  const planner = { access: 'RE_PLA' } as const;
  const urgentBuyer = { access: 'RE_MAN' } as const;
  const customerOrders = { access: 'CU_OR_CO' } as const;
  const supplierArchive = { access: 'PO_SUP' } as const;
  const deps = (req: FastifyRequest): TellDeps => ({ db, provider: s.provider, log: req.log });

  // --- receiving plans -------------------------------------------------------------------------
  const tags = ['receiving-plans'];

  r.post(`${PLANS}/list`, { config: eitherSide, schema: { tags, body: receivingPlanListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listPlans(tx, req.auth!, req.body))),
  );

  r.post(
    `${PLANS}/lines/list`,
    { config: eitherSide, schema: { tags, body: receivingPlanLineListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listSchedule(tx, req.auth!, req.body))),
  );

  r.get(
    `${PLANS}/lines/export`,
    { config: eitherSide, schema: { tags, querystring: receivingPlanLineExportSchema } },
    async (req, reply) =>
      sendXlsx(reply, await exportSchedule(db, req.auth!, req.query, req.locale), 'receiving-schedule.xlsx'),
  );

  r.post(`${PLANS}/orders/list`, { config: planner, schema: { tags, body: plannableOrderListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listPlannableOrders(tx, req.auth!, req.body))),
  );

  r.get(
    `${PLANS}/orders/:id/lines`,
    {
      config: planner,
      schema: { tags, params: idParams, querystring: z.object({ planId: srmIdSchema.optional() }) },
    },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          getPlannableLines(tx, req.auth!, req.params.id, req.query.planId ?? null),
        ),
      ),
  );

  r.get(`${PLANS}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await getPlan(db, req.auth!, req.params.id)),
  );

  r.post(PLANS, { config: planner, schema: { tags, body: receivingPlanCreateSchema } }, async (req) =>
    ok(await createPlan(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${PLANS}/:id`,
    { config: planner, schema: { tags, params: idParams, body: receivingPlanUpdateSchema } },
    async (req) => {
      await updatePlan(db, req.auth!, req.params.id, req.body);
      return ok(await getPlan(db, req.auth!, req.params.id));
    },
  );

  r.post(
    `${PLANS}/:id/actions/:action`,
    {
      config: eitherSide,
      schema: {
        tags,
        params: idParams.extend({ action: z.enum(RECEIVING_PLAN_ACTIONS) }),
        body: receivingPlanActionSchema,
      },
    },
    async (req) => ok(await actOnPlan(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );

  // --- urgent delivery notices -----------------------------------------------------------------
  const urgentTags = ['urgent-deliveries'];

  r.post(
    `${URGENT}/list`,
    { config: eitherSide, schema: { tags: urgentTags, body: urgentDeliveryListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => urgent.listNotices(tx, req.auth!, req.body))),
  );

  r.get(
    `${URGENT}/order-lines`,
    { config: urgentBuyer, schema: { tags: urgentTags, querystring: urgentOrderLineQuerySchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => urgent.listUrgentOrderLines(tx, req.auth!, req.query))),
  );

  r.get(`${URGENT}/suppliers`, { config: urgentBuyer, schema: { tags: urgentTags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => urgent.listUrgentSuppliers(tx, req.auth!))),
  );

  r.get(`${URGENT}/:id`, { config: eitherSide, schema: { tags: urgentTags, params: idParams } }, async (req) =>
    ok(await urgent.getNotice(db, req.auth!, req.params.id)),
  );

  r.post(URGENT, { config: urgentBuyer, schema: { tags: urgentTags, body: urgentDeliveryCreateSchema } }, async (req) =>
    ok(await urgent.createNotice(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.post(
    `${URGENT}/:id/actions/:action`,
    {
      config: eitherSide,
      schema: {
        tags: urgentTags,
        params: idParams.extend({ action: z.enum(URGENT_DELIVERY_ACTIONS) }),
        body: urgentDeliveryActionSchema,
      },
    },
    async (req) => ok(await urgent.actOnNotice(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );

  // --- inventory reports -----------------------------------------------------------------------
  const inventoryTags = ['inventory-reports'];

  r.post(
    `${INVENTORY}/list`,
    { config: eitherSide, schema: { tags: inventoryTags, body: inventoryReportListSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => inventory.listLatestReports(tx, req.auth!, req.body))),
  );

  r.get(`${INVENTORY}/customers`, { config: customerOrders, schema: { tags: inventoryTags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => inventory.listReportingCustomers(tx, req.auth!))),
  );

  r.get(
    `${INVENTORY}/materials`,
    { config: customerOrders, schema: { tags: inventoryTags, querystring: inventoryMaterialQuerySchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => inventory.listReportableMaterials(tx, req.auth!, req.query))),
  );

  r.get(`${INVENTORY}/template`, { config: customerOrders, schema: { tags: inventoryTags } }, async (req, reply) =>
    sendXlsx(reply, await inventory.importTemplate(req.locale), 'inventory-template.xlsx'),
  );

  r.post(
    `${INVENTORY}/import`,
    {
      config: customerOrders,
      schema: { tags: inventoryTags, querystring: inventoryImportQuerySchema, consumes: ['multipart/form-data'] },
    },
    async (req) =>
      ok(
        await inventory.importReports(
          deps(req),
          req.auth!,
          req.query.customerTenantId,
          await uploadedWorkbook(req),
          req.locale,
          idempotencyScope(req),
        ),
      ),
  );

  r.get(`${INVENTORY}/suppliers`, { config: supplierArchive, schema: { tags: inventoryTags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => inventory.listSupplierChoices(tx, req.auth!))),
  );

  r.post(
    `${INVENTORY}/requests`,
    { config: supplierArchive, schema: { tags: inventoryTags, body: inventoryRequestSchema } },
    async (req) => ok(await inventory.requestReports(deps(req), req.auth!, req.body)),
  );

  r.get(`${INVENTORY}/:id`, { config: eitherSide, schema: { tags: inventoryTags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => inventory.getReport(tx, req.auth!, req.params.id))),
  );

  r.post(
    INVENTORY,
    { config: customerOrders, schema: { tags: inventoryTags, body: inventoryReportCreateSchema } },
    async (req) => ok(await inventory.createReports(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );
}
