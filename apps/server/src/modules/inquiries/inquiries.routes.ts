import {
  INQUIRY_ACTIONS,
  inquiryActionSchema,
  inquiryComparisonSchema,
  inquiryCreatedSchema,
  inquiryCreateSchema,
  inquiryDetailSchema,
  inquiryInviteeOptionsQuerySchema,
  inquiryInviteeOptionsSchema,
  inquiryListItemSchema,
  inquiryListSchema,
  inquiryOrdersSchema,
  inquiryUpdateSchema,
  noReplySchema,
  pageReplySchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { actOnInquiry } from './inquiries.actions.ts';
import { registerInquiryJobs } from './inquiries.close.ts';
import { INQUIRY_PERMISSION } from './inquiries.common.ts';
import { compareInquiry } from './inquiries.comparison.ts';
import { getInviteeOptions } from './inquiries.options.ts';
import { makeOrders } from './inquiries.orders.ts';
import { printInquiry } from './inquiries.pdf.ts';
import { getInquiry, listInquiries } from './inquiries.query.ts';
import { createInquiry, deleteInquiry, updateInquiry } from './inquiries.service.ts';

const BASE = '/gateway/srm/inquiries';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(INQUIRY_ACTIONS) });

/**
 * Inquiries (spec §2 /prdiversion, PR_ION): the buyer's alone. The suppliers answer through
 * /gateway/srm/quotations and never reach these routes' data (another enterprise's id answers 404).
 */
export function registerInquiryRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['inquiries'] });
  const access = INQUIRY_PERMISSION;
  registerInquiryJobs(s.jobs, { db: s.database.db, provider: s.provider, log: app.log });

  r.post(
    `${BASE}/list`,
    { operationId: 'listInquiries', access, body: inquiryListSchema, reply: pageReplySchema(inquiryListItemSchema) },
    (ctx, { body }) => listInquiries(ctx, body),
  );

  r.get(
    `${BASE}/invitee-options`,
    {
      operationId: 'getInquiryInviteeOptions',
      access,
      query: inquiryInviteeOptionsQuerySchema,
      reply: inquiryInviteeOptionsSchema,
    },
    (ctx, { query }) => getInviteeOptions(ctx, query),
  );

  r.file(
    'GET',
    `${BASE}/:id/pdf`,
    { operationId: 'printInquiry', access, params, produces: 'application/pdf' },
    async (ctx, { params }) => ({ ...(await printInquiry(ctx, params.id)), disposition: 'inline' }),
  );

  r.get(`${BASE}/:id`, { operationId: 'getInquiry', access, params, reply: inquiryDetailSchema }, (ctx, { params }) =>
    getInquiry(ctx, params.id),
  );

  r.get(
    `${BASE}/:id/comparison`,
    { operationId: 'compareInquiry', access, params, reply: inquiryComparisonSchema },
    (ctx, { params }) => compareInquiry(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createInquiry', access, body: inquiryCreateSchema, reply: inquiryCreatedSchema },
    (ctx, { body }) => createInquiry(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updateInquiry', access, params, body: inquiryUpdateSchema, reply: inquiryDetailSchema },
    async (ctx, { params, body }) => {
      await updateInquiry(ctx, params.id, body);
      return getInquiry(ctx, params.id);
    },
  );

  r.delete(
    `${BASE}/:id`,
    { operationId: 'deleteInquiry', access, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await deleteInquiry(ctx, params.id);
      return null;
    },
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnInquiry',
      access,
      params: actionParams,
      body: inquiryActionSchema,
      reply: inquiryDetailSchema,
    },
    (ctx, { params, body }) => actOnInquiry(ctx, params.id, params.action, body ?? {}),
  );

  r.post(
    `${BASE}/:id/orders`,
    { operationId: 'makeInquiryOrders', access, params, reply: inquiryOrdersSchema },
    (ctx, { params }) => makeOrders(ctx, params.id),
  );
}
