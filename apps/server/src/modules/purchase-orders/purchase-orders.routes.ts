import {
  PURCHASE_CHANGE_ACTIONS,
  PURCHASE_ORDER_ACTIONS,
  purchaseChangeActionSchema,
  purchaseChangeCreateSchema,
  purchaseChangeListSchema,
  purchaseChangeUpdateSchema,
  purchaseOrderActionSchema,
  purchaseOrderCreateSchema,
  purchaseOrderExportSchema,
  purchaseOrderListSchema,
  purchaseOrderUpdateSchema,
  srmIdSchema,
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
import { actOnOrder } from './purchase-orders.actions.ts';
import * as changes from './purchase-orders.changes.ts';
import { exportOrders, importOrders, orderImportTemplate } from './purchase-orders.excel.ts';
import { getOrderOptions } from './purchase-orders.options.ts';
import { renderOrderPdf } from './purchase-orders.pdf.ts';
import { getOrder, listOrders } from './purchase-orders.query.ts';
import { copyOrder, createOrder, updateOrder } from './purchase-orders.service.ts';

const BASE = '/gateway/srm/purchase-orders';
const CHANGES = '/gateway/srm/purchase-order-changes';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: srmIdSchema });
const actionParams = idParams.extend({ action: z.enum(PURCHASE_ORDER_ACTIONS) });
const changeActionParams = idParams.extend({ action: z.enum(PURCHASE_CHANGE_ACTIONS) });

function sendFile(reply: FastifyReply, type: string, file: Buffer, name: string) {
  return reply
    .type(type)
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
 * Purchase orders and their changes. One resource serves both sides: the server decides from the
 * caller's tenant whether an order is its purchase order (buyer, CG_TG_SURE / CHAN_SU) or its
 * customer order (supplier, CU_OR_CO); routes serving both declare 'member' and the service checks
 * the code of the side.
 */
export function registerPurchaseOrderRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['purchase-orders'];
  const changeTags = ['purchase-order-changes'];
  const eitherSide = { access: 'member' } as const;
  const buyer = { access: 'CG_TG_SURE' } as const;
  const changer = { access: 'CHAN_SU' } as const;
  const deps = (req: FastifyRequest): TellDeps => ({ db, provider: s.provider, log: req.log });

  r.post(`${BASE}/list`, { config: eitherSide, schema: { tags, body: purchaseOrderListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listOrders(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/options`, { config: eitherSide, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => getOrderOptions(tx, req.auth!))),
  );

  r.get(
    `${BASE}/export`,
    { config: eitherSide, schema: { tags, querystring: purchaseOrderExportSchema } },
    async (req, reply) =>
      sendFile(reply, XLSX_TYPE, await exportOrders(db, req.auth!, req.query, req.locale), 'purchase-orders.xlsx'),
  );

  r.get(`${BASE}/template`, { config: buyer, schema: { tags } }, async (req, reply) =>
    sendFile(reply, XLSX_TYPE, await orderImportTemplate(req.locale), 'purchase-order-template.xlsx'),
  );
  r.post(`${BASE}/import`, { config: buyer, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) =>
    ok(await importOrders(deps(req), req.auth!, await uploadedWorkbook(req), req.locale, idempotencyScope(req))),
  );

  r.get(`${BASE}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await getOrder(db, req.auth!, req.params.id)),
  );

  r.get(`${BASE}/:id/pdf`, { config: eitherSide, schema: { tags, params: idParams } }, async (req, reply) => {
    const detail = await getOrder(db, req.auth!, req.params.id);
    const pdf = await renderOrderPdf(db, req.auth!, detail, req.locale);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${detail.orderNo}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });

  r.post(BASE, { config: buyer, schema: { tags, body: purchaseOrderCreateSchema } }, async (req) =>
    ok(await createOrder(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${BASE}/:id`,
    { config: buyer, schema: { tags, params: idParams, body: purchaseOrderUpdateSchema } },
    async (req) => {
      await updateOrder(db, req.auth!, req.params.id, req.body);
      return ok(await getOrder(db, req.auth!, req.params.id));
    },
  );

  r.post(`${BASE}/:id/copy`, { config: buyer, schema: { tags, params: idParams } }, async (req) =>
    ok(await copyOrder(db, req.auth!, req.params.id, idempotencyScope(req))),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    { config: eitherSide, schema: { tags, params: actionParams, body: purchaseOrderActionSchema } },
    async (req) => ok(await actOnOrder(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );

  // --- changes ---------------------------------------------------------------------------------

  r.post(
    `${CHANGES}/list`,
    { config: eitherSide, schema: { tags: changeTags, body: purchaseChangeListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => changes.listChanges(tx, req.auth!, req.body))),
  );

  r.get(`${CHANGES}/:id`, { config: eitherSide, schema: { tags: changeTags, params: idParams } }, async (req) =>
    ok(await changes.getChange(db, req.auth!, req.params.id)),
  );

  r.post(CHANGES, { config: changer, schema: { tags: changeTags, body: purchaseChangeCreateSchema } }, async (req) =>
    ok(await changes.createChange(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${CHANGES}/:id`,
    { config: changer, schema: { tags: changeTags, params: idParams, body: purchaseChangeUpdateSchema } },
    async (req) => {
      await changes.updateChange(db, req.auth!, req.params.id, req.body);
      return ok(await changes.getChange(db, req.auth!, req.params.id));
    },
  );

  r.post(
    `${CHANGES}/:id/actions/:action`,
    { config: eitherSide, schema: { tags: changeTags, params: changeActionParams, body: purchaseChangeActionSchema } },
    async (req) =>
      ok(await changes.actOnChange(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );
}
