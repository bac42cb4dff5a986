import {
  acceptInviteSchema,
  compNoSchema,
  compRegisterSchema,
  enterpriseForInviteSchema,
  enterpriseInfoSchema,
  enterpriseUpdateSchema,
  inviteCodeReplySchema,
  joinedEnterpriseSchema,
  registeredEnterpriseSchema,
  tenantItemSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as enterprises from './enterprises.service.ts';

export function registerEnterpriseRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['enterprises'] });
  const limits = s.config.rateLimits;

  // Account-level: the caller has no enterprise yet, so the Idempotency-Key is scoped to the account.
  r.post(
    '/gateway/admin/syscompanyinfo/compRegister',
    {
      operationId: 'registerEnterprise',
      access: 'authenticated',
      config: throttle(limits, 10),
      body: compRegisterSchema,
      reply: registeredEnterpriseSchema,
    },
    (ctx, { body, req }) => enterprises.registerEnterprise(ctx, body, idempotencyScope(req)),
  );

  r.get(
    '/gateway/admin/syscompanyinfo/getCompForEmpInvite',
    {
      operationId: 'getEnterpriseForInvite',
      access: 'authenticated',
      config: throttle(limits, 30),
      query: z.object({ sysCompNo: compNoSchema }),
      reply: enterpriseForInviteSchema,
    },
    (ctx, { query }) => enterprises.findEnterpriseForInvite(ctx, query.sysCompNo),
  );

  r.post(
    '/gateway/admin/sysuserinfo/acceptInvite',
    {
      operationId: 'joinEnterpriseByInviteCode',
      access: 'authenticated',
      config: throttle(limits, 10),
      body: acceptInviteSchema,
      reply: joinedEnterpriseSchema,
    },
    (ctx, { body }) => enterprises.acceptInvite(ctx, s, body),
  );

  r.get(
    '/gateway/admin/sysuserinfo/myCompPage',
    { operationId: 'listMyEnterprises', access: 'authenticated', reply: z.array(tenantItemSchema) },
    (ctx) => enterprises.listMyEnterprises(ctx),
  );

  r.get(
    '/gateway/srm/enterprise',
    { operationId: 'getEnterpriseInfo', access: 'COMP_INFO', reply: enterpriseInfoSchema },
    (ctx) => enterprises.getEnterpriseInfo(ctx),
  );

  r.put(
    '/gateway/srm/enterprise',
    {
      operationId: 'updateEnterpriseInfo',
      access: 'COMP_INFO',
      adminOnly: true,
      body: enterpriseUpdateSchema,
      reply: enterpriseInfoSchema,
    },
    (ctx, { body }) => enterprises.updateEnterpriseInfo(ctx, body),
  );

  r.post(
    '/gateway/srm/enterprise/actions/rotate-invite-code',
    { operationId: 'rotateInviteCode', access: 'COMP_INFO', adminOnly: true, reply: inviteCodeReplySchema },
    (ctx) => enterprises.rotateInviteCode(ctx),
  );
}
