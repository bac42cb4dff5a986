import { idSchema, messageSettingsSchema, myMessagesQuerySchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import type { Services } from '../../platform/services.ts';
import * as messages from './messages.service.ts';

export function registerMessageRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['messages'];

  r.get('/gateway/admin/message/myMsgCount', { config: { access: 'member' }, schema: { tags } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => messages.countUnread(tx, req.auth!.tenantId!, req.auth!.userId)),
    ),
  );

  r.get(
    '/gateway/admin/message/myMsg',
    { config: { access: 'member' }, schema: { tags, querystring: myMessagesQuerySchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => messages.listMyMessages(tx, req.auth!, req.query))),
  );

  r.get('/gateway/admin/message/settings', { config: { access: 'member' }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => messages.getMessageSettings(tx, req.auth!))),
  );

  r.put(
    '/gateway/admin/message/settings',
    { config: { access: 'member' }, schema: { tags, body: messageSettingsSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => messages.saveMessageSettings(tx, req.auth!, req.body))),
  );

  r.post('/gateway/admin/message/readAll', { config: { access: 'member' }, schema: { tags } }, async (req) => {
    await inTenantTx(db, req.auth!.tenantId, (tx) => messages.markAllRead(tx, req.auth!));
    return ok(null);
  });

  r.get(
    '/gateway/admin/message/:id',
    {
      config: { access: 'member' },
      schema: { tags, params: z.object({ id: idSchema }) },
    },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => messages.readMessage(tx, req.auth!, req.params.id))),
  );

  r.get(
    '/gateway/admin/ws/info',
    { websocket: true, config: { access: 'member' }, schema: { hide: true } },
    (socket, req) => {
      const auth = req.auth!;
      s.realtime.attach(socket, {
        userId: auth.userId,
        tenantId: auth.tenantId,
        sessionId: auth.sessionId,
        viewer: { showPrice: auth.showPrice, showSupplier: auth.showSupplier },
      });
    },
  );
}
