import {
  NOTICE_ACTIONS,
  NOTICE_RECIPIENT_ACTIONS,
  noticeActionResultSchema,
  noticeCreateSchema,
  noticeDetailSchema,
  noticeListSchema,
  noticePageSchema,
  noticeRecipientActionSchema,
  noticeRecipientOptionsSchema,
  noticeRecipientRowSchema,
  noticeSaveResultSchema,
  noticeUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { actOnNotice, actOnRecipient } from './notices.actions.ts';
import { getNotice, listReceivedNotices, listRecipientOptions, listSentNotices } from './notices.query.ts';
import { createNotice, updateNotice } from './notices.service.ts';

const BASE = '/gateway/srm/notices';
const params = z.object({ id: srmIdSchema });
const actionParams = params.extend({ action: z.enum(NOTICE_ACTIONS) });
const recipientActionParams = params.extend({
  recipientId: srmIdSchema,
  action: z.enum(NOTICE_RECIPIENT_ACTIONS),
});

export function registerNoticeRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['notices'] });
  // Routes serving both sides declare 'member'; the service requires PO_SUP_CAT_EDIT of the sender
  // and SL_CUS of the receiving supplier, as the side of the notice decides.
  const eitherSide = 'member';
  const access = 'PO_SUP_CAT_ADD';

  r.post(
    `${BASE}/list`,
    { operationId: 'listNotices', access: eitherSide, body: noticeListSchema, reply: noticePageSchema },
    (ctx, { body }) => (body.filter?.side === 'supplier' ? listReceivedNotices(ctx, body) : listSentNotices(ctx, body)),
  );

  r.get(
    `${BASE}/recipient-options`,
    { operationId: 'listNoticeRecipientOptions', access, reply: noticeRecipientOptionsSchema },
    (ctx) => listRecipientOptions(ctx),
  );

  r.get(
    `${BASE}/:id`,
    { operationId: 'getNotice', access: eitherSide, params, reply: noticeDetailSchema },
    (ctx, { params }) => getNotice(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createNotice', access, body: noticeCreateSchema, reply: noticeSaveResultSchema },
    (ctx, { body }) => createNotice(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updateNotice', access, params, body: noticeUpdateSchema, reply: noticeSaveResultSchema },
    (ctx, { params, body }) => updateNotice(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    { operationId: 'actOnNotice', access, params: actionParams, reply: noticeActionResultSchema },
    (ctx, { params }) => actOnNotice(ctx, params.id, params.action),
  );

  r.post(
    `${BASE}/:id/recipients/:recipientId/actions/:action`,
    {
      operationId: 'actOnNoticeRecipient',
      access: eitherSide,
      params: recipientActionParams,
      body: noticeRecipientActionSchema,
      reply: noticeRecipientRowSchema,
    },
    (ctx, { params, body }) => actOnRecipient(ctx, params.id, params.recipientId, params.action, body ?? {}),
  );
}
