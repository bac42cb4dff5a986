import {
  pageReplySchema,
  RECONCILIATION_ACTIONS,
  reconcilableLineQuerySchema,
  reconcilableLineSchema,
  reconciliationActionSchema,
  reconciliationCreatedSchema,
  reconciliationCreateSchema,
  reconciliationDetailSchema,
  reconciliationListItemSchema,
  reconciliationListSchema,
  reconciliationPartnerQuerySchema,
  reconciliationPartnerSchema,
  reconciliationUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { actOnStatement } from './reconciliations.actions.ts';
import { exportStatement } from './reconciliations.export.ts';
import { exportStatementInvoice } from './reconciliations.invoice.ts';
import { printStatement } from './reconciliations.pdf.ts';
import { getStatement, listStatements } from './reconciliations.query.ts';
import { createStatement, listPartners, listReconcilableLines, updateStatement } from './reconciliations.service.ts';

const BASE = '/gateway/srm/reconciliations';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const params = z.object({ id: srmIdSchema });

/**
 * Reconciliation statements, both sides on one resource: the buyer's (PU_BI) and the supplier's
 * (RE_MA). Routes declare 'member' and the service checks the code of the caller's side.
 */
export function registerReconciliationRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['reconciliations'] });
  const access = 'member';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listReconciliations',
      access,
      body: reconciliationListSchema,
      reply: pageReplySchema(reconciliationListItemSchema),
    },
    (ctx, { body }) => listStatements(ctx, body),
  );

  r.get(
    `${BASE}/partners`,
    {
      operationId: 'listReconciliationPartners',
      access,
      query: reconciliationPartnerQuerySchema,
      reply: z.array(reconciliationPartnerSchema),
    },
    (ctx, { query }) => listPartners(ctx, query.side),
  );

  r.post(
    `${BASE}/reconcilable-lines/list`,
    {
      operationId: 'listReconcilableLines',
      access,
      body: reconcilableLineQuerySchema,
      reply: z.array(reconcilableLineSchema),
    },
    (ctx, { body }) => listReconcilableLines(ctx, body),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getReconciliation', access, params, reply: reconciliationDetailSchema },
    (ctx, { params }) => getStatement(ctx, params.id),
  );

  r.file(
    'GET',
    `${BASE}/:id/export`,
    { operationId: 'exportReconciliation', access, params, produces: XLSX_TYPE },
    async (ctx, { params }) => ({ body: await exportStatement(ctx, params.id), name: 'reconciliation-statement.xlsx' }),
  );

  r.file(
    'GET',
    `${BASE}/:id/pdf`,
    { operationId: 'printReconciliation', access, params, produces: 'application/pdf' },
    async (ctx, { params }) => ({ ...(await printStatement(ctx, params.id)), disposition: 'inline' }),
  );

  r.file(
    'GET',
    `${BASE}/:id/invoice/export`,
    { operationId: 'exportStatementInvoice', access, params, produces: XLSX_TYPE },
    async (ctx, { params }) => ({ body: await exportStatementInvoice(ctx, params.id), name: 'invoice-lines.xlsx' }),
  );

  r.post(
    BASE,
    {
      operationId: 'createReconciliation',
      access,
      body: reconciliationCreateSchema,
      reply: reconciliationCreatedSchema,
    },
    (ctx, { body }) => createStatement(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    {
      operationId: 'updateReconciliation',
      access,
      params,
      body: reconciliationUpdateSchema,
      reply: reconciliationDetailSchema,
    },
    (ctx, { params, body }) => updateStatement(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnReconciliation',
      access,
      params: params.extend({ action: z.enum(RECONCILIATION_ACTIONS) }),
      body: reconciliationActionSchema,
      reply: reconciliationDetailSchema,
    },
    (ctx, { params, body }) => actOnStatement(ctx, params.id, params.action, body),
  );
}
