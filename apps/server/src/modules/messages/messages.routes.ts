import {
  idSchema,
  messageItemSchema,
  messagePageSchema,
  messageSettingsReplySchema,
  messageSettingsSchema,
  myMessagesQuerySchema,
  noReplySchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isMemberAuth } from '../../platform/context.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as messages from './messages.service.ts';

const BASE = '/gateway/admin/message';

export function registerMessageRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['messages'] });
  const access = 'member';

  r.get(`${BASE}/myMsgCount`, { operationId: 'countUnreadMessages', access, reply: z.number().int() }, (ctx) =>
    messages.countMyUnread(ctx),
  );

  r.get(
    `${BASE}/myMsg`,
    { operationId: 'listMyMessages', access, query: myMessagesQuerySchema, reply: messagePageSchema },
    (ctx, { query }) => messages.listMyMessages(ctx, query),
  );

  r.get(`${BASE}/settings`, { operationId: 'getMessageSettings', access, reply: messageSettingsReplySchema }, (ctx) =>
    messages.getMessageSettings(ctx),
  );

  r.put(
    `${BASE}/settings`,
    { operationId: 'saveMessageSettings', access, body: messageSettingsSchema, reply: messageSettingsReplySchema },
    (ctx, { body }) => messages.saveMessageSettings(ctx, body),
  );

  r.post(`${BASE}/readAll`, { operationId: 'markAllMessagesRead', access, reply: noReplySchema }, async (ctx) => {
    await messages.markAllRead(ctx);
    return null;
  });

  r.get(
    `${BASE}/:id`,
    { operationId: 'readMessage', access, params: z.object({ id: idSchema }), reply: messageItemSchema },
    (ctx, { params }) => messages.readMessage(ctx, params.id),
  );

  app.get(
    '/gateway/admin/ws/info',
    { websocket: true, config: { access: 'member' }, schema: { hide: true } },
    (socket, req) => {
      // Access control refused the upgrade without an active enterprise; this narrows the type.
      const auth = req.auth;
      if (!isMemberAuth(auth)) return socket.close();
      s.realtime.attach(socket, {
        userId: auth.userId,
        tenantId: auth.tenantId,
        sessionId: auth.sessionId,
        viewer: { showPrice: auth.showPrice, showSupplier: auth.showSupplier },
        locale: req.locale,
      });
    },
  );
}
