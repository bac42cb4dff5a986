import {
  PURCHASE_CHANGE_ACTIONS,
  PURCHASE_ORDER_ACTIONS,
  pageReplySchema,
  purchaseChangeActionSchema,
  purchaseChangeCreatedSchema,
  purchaseChangeCreateSchema,
  purchaseChangeDetailSchema,
  purchaseChangeListItemSchema,
  purchaseChangeListSchema,
  purchaseChangeUpdateSchema,
  purchaseOrderActionSchema,
  purchaseOrderCreatedSchema,
  purchaseOrderCreateSchema,
  purchaseOrderDetailSchema,
  purchaseOrderExportSchema,
  purchaseOrderImportResultSchema,
  purchaseOrderListItemSchema,
  purchaseOrderListSchema,
  purchaseOrderOptionsSchema,
  purchaseOrderUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { uploadedWorkbook } from '../../platform/xlsx-import.ts';
import { actOnOrder } from './purchase-orders.actions.ts';
import * as changes from './purchase-orders.changes.ts';
import { exportOrders, importOrders, orderImportTemplate } from './purchase-orders.excel.ts';
import { getOrderOptions } from './purchase-orders.options.ts';
import { printOrder } from './purchase-orders.pdf.ts';
import { getOrder, listOrders } from './purchase-orders.query.ts';
import { copyOrder, createOrder, updateOrder } from './purchase-orders.service.ts';

const BASE = '/gateway/srm/purchase-orders';
const CHANGES = '/gateway/srm/purchase-order-changes';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(PURCHASE_ORDER_ACTIONS) });
const changeActionParams = params.extend({ action: z.enum(PURCHASE_CHANGE_ACTIONS) });

/**
 * Purchase orders and their changes. One resource serves both sides: the server decides from the
 * caller's tenant whether an order is its purchase order (buyer, CG_TG_SURE / CHAN_SU) or its
 * customer order (supplier, CU_OR_CO); routes serving both declare 'member' and the service checks
 * the code of the side.
 */
export function registerPurchaseOrderRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['purchase-orders'] });
  const eitherSide = 'member';
  const buyer = 'CG_TG_SURE';
  const changer = 'CHAN_SU';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listPurchaseOrders',
      access: eitherSide,
      body: purchaseOrderListSchema,
      reply: pageReplySchema(purchaseOrderListItemSchema),
    },
    (ctx, { body }) => listOrders(ctx, body),
  );

  r.get(
    `${BASE}/options`,
    { operationId: 'getPurchaseOrderOptions', access: eitherSide, reply: purchaseOrderOptionsSchema },
    (ctx) => getOrderOptions(ctx),
  );

  r.file(
    'GET',
    `${BASE}/export`,
    { operationId: 'exportPurchaseOrders', access: eitherSide, query: purchaseOrderExportSchema, produces: XLSX_TYPE },
    async (ctx, { query }) => ({ body: await exportOrders(ctx, query), name: 'purchase-orders.xlsx' }),
  );

  r.file(
    'GET',
    `${BASE}/template`,
    { operationId: 'getPurchaseOrderImportTemplate', access: buyer, produces: XLSX_TYPE },
    async (ctx) => ({ body: await orderImportTemplate(ctx), name: 'purchase-order-template.xlsx' }),
  );

  r.post(
    `${BASE}/import`,
    {
      operationId: 'importPurchaseOrders',
      access: buyer,
      consumes: ['multipart/form-data'],
      reply: purchaseOrderImportResultSchema,
    },
    async (ctx, { req }) => importOrders(ctx, await uploadedWorkbook(req)),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getPurchaseOrder', access: eitherSide, params, reply: purchaseOrderDetailSchema },
    (ctx, { params }) => getOrder(ctx, params.id),
  );

  r.file(
    'GET',
    `${BASE}/:id/pdf`,
    { operationId: 'printPurchaseOrder', access: eitherSide, params, produces: 'application/pdf' },
    async (ctx, { params }) => ({ ...(await printOrder(ctx, params.id)), disposition: 'inline' }),
  );

  r.post(
    BASE,
    {
      operationId: 'createPurchaseOrder',
      access: buyer,
      body: purchaseOrderCreateSchema,
      reply: purchaseOrderCreatedSchema,
    },
    (ctx, { body }) => createOrder(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    {
      operationId: 'updatePurchaseOrder',
      access: buyer,
      params,
      body: purchaseOrderUpdateSchema,
      reply: purchaseOrderDetailSchema,
    },
    async (ctx, { params, body }) => {
      await updateOrder(ctx, params.id, body);
      return getOrder(ctx, params.id);
    },
  );

  r.post(
    `${BASE}/:id/copy`,
    { operationId: 'copyPurchaseOrder', access: buyer, params, reply: purchaseOrderCreatedSchema },
    (ctx, { params }) => copyOrder(ctx, params.id),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnPurchaseOrder',
      access: eitherSide,
      params: actionParams,
      body: purchaseOrderActionSchema,
      reply: purchaseOrderDetailSchema,
    },
    (ctx, { params, body }) => actOnOrder(ctx, params.id, params.action, body ?? {}),
  );

  // --- changes ---------------------------------------------------------------------------------

  const tags = ['purchase-order-changes'];

  r.post(
    `${CHANGES}/list`,
    {
      operationId: 'listPurchaseOrderChanges',
      access: eitherSide,
      tags,
      body: purchaseChangeListSchema,
      reply: pageReplySchema(purchaseChangeListItemSchema),
    },
    (ctx, { body }) => changes.listChanges(ctx, body),
  );

  r.get(
    `${CHANGES}/:id`,
    { operationId: 'getPurchaseOrderChange', access: eitherSide, tags, params, reply: purchaseChangeDetailSchema },
    (ctx, { params }) => changes.getChange(ctx, params.id),
  );

  r.post(
    CHANGES,
    {
      operationId: 'createPurchaseOrderChange',
      access: changer,
      tags,
      body: purchaseChangeCreateSchema,
      reply: purchaseChangeCreatedSchema,
    },
    (ctx, { body }) => changes.createChange(ctx, body),
  );

  r.put(
    `${CHANGES}/:id`,
    {
      operationId: 'updatePurchaseOrderChange',
      access: changer,
      tags,
      params,
      body: purchaseChangeUpdateSchema,
      reply: purchaseChangeDetailSchema,
    },
    async (ctx, { params, body }) => {
      await changes.updateChange(ctx, params.id, body);
      return changes.getChange(ctx, params.id);
    },
  );

  r.post(
    `${CHANGES}/:id/actions/:action`,
    {
      operationId: 'actOnPurchaseOrderChange',
      access: eitherSide,
      tags,
      params: changeActionParams,
      body: purchaseChangeActionSchema,
      reply: purchaseChangeDetailSchema,
    },
    (ctx, { params, body }) => changes.actOnChange(ctx, params.id, params.action, body ?? {}),
  );
}
