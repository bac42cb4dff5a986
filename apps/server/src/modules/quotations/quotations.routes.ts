import {
  pageReplySchema,
  QUOTATION_ACTIONS,
  quotationActionSchema,
  quotationDetailSchema,
  quotationImportResultSchema,
  quotationListItemSchema,
  quotationListSchema,
  quotationUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { uploadedWorkbook } from '../../platform/xlsx-import.ts';
import { actOnQuotation, saveBids } from './quotations.actions.ts';
import { importBids, quotationTemplate } from './quotations.excel.ts';
import { getQuotation, listQuotations } from './quotations.query.ts';

const BASE = '/gateway/srm/quotations';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(QUOTATION_ACTIONS) });

/**
 * Quotations: one resource, both sides. The server works out from the caller's tenant whether a
 * quotation is its customer's request it answers (supplier, QU_MA) or one of its own inquiries'
 * (buyer, PR_ION); the routes declare 'member' and the service checks the code of the side.
 */
export function registerQuotationRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['quotations'] });
  const access = 'member';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listQuotations',
      access,
      body: quotationListSchema,
      reply: pageReplySchema(quotationListItemSchema),
    },
    (ctx, { body }) => listQuotations(ctx, body),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getQuotation', access, params, reply: quotationDetailSchema },
    (ctx, { params }) => getQuotation(ctx, params.id),
  );

  r.file(
    'GET',
    `${BASE}/:id/template`,
    { operationId: 'getQuotationTemplate', access, params, produces: XLSX_TYPE },
    (ctx, { params }) => quotationTemplate(ctx, params.id),
  );

  r.post(
    `${BASE}/:id/import`,
    {
      operationId: 'importQuotationBids',
      access,
      params,
      consumes: ['multipart/form-data'],
      reply: quotationImportResultSchema,
    },
    (ctx, { params, req }) => importBids(ctx, params.id, () => uploadedWorkbook(req)),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'saveQuotationBids', access, params, body: quotationUpdateSchema, reply: quotationDetailSchema },
    (ctx, { params, body }) => saveBids(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnQuotation',
      access,
      params: actionParams,
      body: quotationActionSchema,
      reply: quotationDetailSchema,
    },
    (ctx, { params, body }) => actOnQuotation(ctx, params.id, params.action, body ?? {}),
  );
}
