import {
  NOTICE_ACTIONS,
  NOTICE_RECIPIENT_ACTIONS,
  noticeCreateSchema,
  noticeListSchema,
  noticeRecipientActionSchema,
  noticeUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import { actOnNotice, actOnRecipient } from './notices.actions.ts';
import type { NoticeDeps } from './notices.common.ts';
import { getNotice, listReceivedNotices, listRecipientOptions, listSentNotices } from './notices.query.ts';
import { createNotice, updateNotice } from './notices.service.ts';

const BASE = '/gateway/srm/notices';
const idParams = z.object({ id: srmIdSchema });
const actionParams = idParams.extend({ action: z.enum(NOTICE_ACTIONS) });
const recipientActionParams = idParams.extend({
  recipientId: srmIdSchema,
  action: z.enum(NOTICE_RECIPIENT_ACTIONS),
});

export function registerNoticeRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['notices'];
  const deps = (req: FastifyRequest): NoticeDeps => ({ db, provider: s.provider, log: req.log });
  // Routes serving both sides declare 'member'; the service requires PO_SUP_CAT_EDIT of the sender
  // and SL_CUS of the receiving supplier, as the side of the notice decides.
  const eitherSide = { access: 'member' } as const;
  const create = { access: 'PO_SUP_CAT_ADD' } as const;

  r.post(`${BASE}/list`, { config: eitherSide, schema: { tags, body: noticeListSchema } }, async (req) => {
    const auth = req.auth!;
    if (req.body.filter?.side === 'supplier') return ok(await listReceivedNotices(db, auth, req.body));
    return ok(await inTenantTx(db, auth.tenantId, (tx) => listSentNotices(tx, auth, req.body)));
  });

  r.get(`${BASE}/recipient-options`, { config: create, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listRecipientOptions(tx, req.auth!))),
  );

  r.get(`${BASE}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await getNotice(db, req.auth!, req.params.id)),
  );

  r.post(BASE, { config: create, schema: { tags, body: noticeCreateSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => createNotice(tx, req.auth!, req.body, idempotencyScope(req)))),
  );

  r.put(`${BASE}/:id`, { config: create, schema: { tags, params: idParams, body: noticeUpdateSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => updateNotice(tx, req.auth!, req.params.id, req.body))),
  );

  r.post(`${BASE}/:id/actions/:action`, { config: create, schema: { tags, params: actionParams } }, async (req) =>
    ok(await actOnNotice(deps(req), req.auth!, req.params.id, req.params.action)),
  );

  r.post(
    `${BASE}/:id/recipients/:recipientId/actions/:action`,
    { config: eitherSide, schema: { tags, params: recipientActionParams, body: noticeRecipientActionSchema } },
    async (req) =>
      ok(
        await actOnRecipient(
          deps(req),
          req.auth!,
          req.params.id,
          req.params.recipientId,
          req.params.action,
          req.body ?? {},
        ),
      ),
  );
}
