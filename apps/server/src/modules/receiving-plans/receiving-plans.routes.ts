import {
  inventoryCustomerSchema,
  inventoryImportQuerySchema,
  inventoryImportResultSchema,
  inventoryMaterialQuerySchema,
  inventoryMaterialSchema,
  inventoryReportCreateSchema,
  inventoryReportDetailSchema,
  inventoryReportItemSchema,
  inventoryReportListSchema,
  inventoryRequestSchema,
  joinedSupplierSchema,
  pageReplySchema,
  plannableLinesSchema,
  plannableOrderListSchema,
  plannableOrderSchema,
  RECEIVING_PLAN_ACTIONS,
  receivingPlanActionSchema,
  receivingPlanCreatedSchema,
  receivingPlanCreateSchema,
  receivingPlanDetailSchema,
  receivingPlanLineExportSchema,
  receivingPlanLineListSchema,
  receivingPlanListItemSchema,
  receivingPlanListSchema,
  receivingPlanScheduleItemSchema,
  receivingPlanUpdateSchema,
  srmIdSchema,
  URGENT_DELIVERY_ACTIONS,
  urgentDeliveryActionSchema,
  urgentDeliveryCreatedSchema,
  urgentDeliveryCreateSchema,
  urgentDeliveryDetailSchema,
  urgentDeliveryListItemSchema,
  urgentDeliveryListSchema,
  urgentOrderLineQuerySchema,
  urgentOrderLineSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { uploadedWorkbook } from '../../platform/xlsx-import.ts';
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

/**
 * Receiving plans, urgent delivery notices and inventory reports. Each resource serves both sides:
 * the server decides from the caller's tenant whether a document is its own (buyer) or addressed to
 * it (supplier); routes serving both declare 'member' and the service checks the code of the side.
 */
export function registerReceivingPlanRoutes(app: FastifyInstance, s: Services) {
  registerPlanRoutes(app, s);
  registerUrgentRoutes(app, s);
  registerInventoryRoutes(app, s);
}

function registerPlanRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['receiving-plans'] });
  const eitherSide = 'member';
  const planner = 'RE_PLA';

  r.post(
    `${PLANS}/list`,
    {
      operationId: 'listReceivingPlans',
      access: eitherSide,
      body: receivingPlanListSchema,
      reply: pageReplySchema(receivingPlanListItemSchema),
    },
    (ctx, { body }) => listPlans(ctx, body),
  );

  r.post(
    `${PLANS}/lines/list`,
    {
      operationId: 'listReceivingSchedule',
      access: eitherSide,
      body: receivingPlanLineListSchema,
      reply: pageReplySchema(receivingPlanScheduleItemSchema),
    },
    (ctx, { body }) => listSchedule(ctx, body),
  );

  r.file(
    'GET',
    `${PLANS}/lines/export`,
    {
      operationId: 'exportReceivingSchedule',
      access: eitherSide,
      produces: XLSX_TYPE,
      query: receivingPlanLineExportSchema,
    },
    async (ctx, { query }) => ({
      body: await exportSchedule(ctx, query),
      name: 'receiving-schedule.xlsx',
      disposition: 'attachment',
    }),
  );

  r.post(
    `${PLANS}/orders/list`,
    {
      operationId: 'listPlannableOrders',
      access: planner,
      body: plannableOrderListSchema,
      reply: pageReplySchema(plannableOrderSchema),
    },
    (ctx, { body }) => listPlannableOrders(ctx, body),
  );

  r.get(
    `${PLANS}/orders/:id/lines`,
    {
      operationId: 'getPlannableLines',
      access: planner,
      params: idParams,
      query: z.object({ planId: srmIdSchema.optional() }),
      reply: plannableLinesSchema,
    },
    (ctx, { params, query }) => getPlannableLines(ctx, params.id, query.planId ?? null),
  );

  r.get(
    `${PLANS}/:id`,
    { operationId: 'getReceivingPlan', access: eitherSide, params: idParams, reply: receivingPlanDetailSchema },
    (ctx, { params }) => getPlan(ctx, params.id),
  );

  r.post(
    PLANS,
    {
      operationId: 'createReceivingPlan',
      access: planner,
      body: receivingPlanCreateSchema,
      reply: receivingPlanCreatedSchema,
    },
    (ctx, { body }) => createPlan(ctx, body),
  );

  r.put(
    `${PLANS}/:id`,
    {
      operationId: 'updateReceivingPlan',
      access: planner,
      params: idParams,
      body: receivingPlanUpdateSchema,
      reply: receivingPlanDetailSchema,
    },
    (ctx, { params, body }) => updatePlan(ctx, params.id, body),
  );

  r.post(
    `${PLANS}/:id/actions/:action`,
    {
      operationId: 'actOnReceivingPlan',
      access: eitherSide,
      params: idParams.extend({ action: z.enum(RECEIVING_PLAN_ACTIONS) }),
      body: receivingPlanActionSchema,
      reply: receivingPlanDetailSchema,
    },
    (ctx, { params, body }) => actOnPlan(ctx, params.id, params.action, body),
  );
}

function registerUrgentRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['urgent-deliveries'] });
  const eitherSide = 'member';
  const urgentBuyer = 'RE_MAN';

  r.post(
    `${URGENT}/list`,
    {
      operationId: 'listUrgentDeliveries',
      access: eitherSide,
      body: urgentDeliveryListSchema,
      reply: pageReplySchema(urgentDeliveryListItemSchema),
    },
    (ctx, { body }) => urgent.listNotices(ctx, body),
  );

  r.get(
    `${URGENT}/order-lines`,
    {
      operationId: 'listUrgentOrderLines',
      access: urgentBuyer,
      query: urgentOrderLineQuerySchema,
      reply: z.array(urgentOrderLineSchema),
    },
    (ctx, { query }) => urgent.listUrgentOrderLines(ctx, query),
  );

  r.get(
    `${URGENT}/suppliers`,
    { operationId: 'listUrgentSuppliers', access: urgentBuyer, reply: z.array(joinedSupplierSchema) },
    (ctx) => urgent.listUrgentSuppliers(ctx),
  );

  r.get(
    `${URGENT}/:id`,
    { operationId: 'getUrgentDelivery', access: eitherSide, params: idParams, reply: urgentDeliveryDetailSchema },
    (ctx, { params }) => urgent.getNotice(ctx, params.id),
  );

  r.post(
    URGENT,
    {
      operationId: 'createUrgentDelivery',
      access: urgentBuyer,
      body: urgentDeliveryCreateSchema,
      reply: urgentDeliveryCreatedSchema,
    },
    (ctx, { body }) => urgent.createNotice(ctx, body),
  );

  r.post(
    `${URGENT}/:id/actions/:action`,
    {
      operationId: 'actOnUrgentDelivery',
      access: eitherSide,
      params: idParams.extend({ action: z.enum(URGENT_DELIVERY_ACTIONS) }),
      body: urgentDeliveryActionSchema,
      reply: urgentDeliveryDetailSchema,
    },
    (ctx, { params, body }) => urgent.actOnNotice(ctx, params.id, params.action, body),
  );
}

function registerInventoryRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['inventory-reports'] });
  const eitherSide = 'member';
  const customerOrders = 'CU_OR_CO';
  const supplierArchive = 'PO_SUP';

  r.post(
    `${INVENTORY}/list`,
    {
      operationId: 'listInventoryReports',
      access: eitherSide,
      body: inventoryReportListSchema,
      reply: pageReplySchema(inventoryReportItemSchema),
    },
    (ctx, { body }) => inventory.listLatestReports(ctx, body),
  );

  r.get(
    `${INVENTORY}/customers`,
    { operationId: 'listInventoryCustomers', access: customerOrders, reply: z.array(inventoryCustomerSchema) },
    (ctx) => inventory.listReportingCustomers(ctx),
  );

  r.get(
    `${INVENTORY}/materials`,
    {
      operationId: 'listInventoryMaterials',
      access: customerOrders,
      query: inventoryMaterialQuerySchema,
      reply: z.array(inventoryMaterialSchema),
    },
    (ctx, { query }) => inventory.listReportableMaterials(ctx, query),
  );

  r.file(
    'GET',
    `${INVENTORY}/template`,
    { operationId: 'getInventoryTemplate', access: customerOrders, produces: XLSX_TYPE },
    async (ctx) => ({
      body: await inventory.importTemplate(ctx),
      name: 'inventory-template.xlsx',
      disposition: 'attachment',
    }),
  );

  r.post(
    `${INVENTORY}/import`,
    {
      operationId: 'importInventoryReports',
      access: customerOrders,
      query: inventoryImportQuerySchema,
      consumes: ['multipart/form-data'],
      reply: inventoryImportResultSchema,
    },
    async (ctx, { query, req }) => inventory.importReports(ctx, query.customerTenantId, await uploadedWorkbook(req)),
  );

  r.get(
    `${INVENTORY}/suppliers`,
    { operationId: 'listInventorySuppliers', access: supplierArchive, reply: z.array(joinedSupplierSchema) },
    (ctx) => inventory.listSupplierChoices(ctx),
  );

  r.post(
    `${INVENTORY}/requests`,
    {
      operationId: 'requestInventoryReports',
      access: supplierArchive,
      body: inventoryRequestSchema,
      reply: inventoryImportResultSchema,
    },
    (ctx, { body }) => inventory.requestReports(ctx, body),
  );

  r.get(
    `${INVENTORY}/:id`,
    { operationId: 'getInventoryReport', access: eitherSide, params: idParams, reply: inventoryReportDetailSchema },
    (ctx, { params }) => inventory.getReport(ctx, params.id),
  );

  r.post(
    INVENTORY,
    {
      operationId: 'createInventoryReports',
      access: customerOrders,
      body: inventoryReportCreateSchema,
      reply: inventoryImportResultSchema,
    },
    (ctx, { body }) => inventory.createReports(ctx, body),
  );
}
