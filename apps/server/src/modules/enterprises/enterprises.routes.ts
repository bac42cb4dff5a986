import { acceptInviteSchema, compNoSchema, compRegisterSchema, enterpriseUpdateSchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok, throttle } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import * as enterprises from './enterprises.service.ts';

export function registerEnterpriseRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const limits = s.config.rateLimits;
  const tags = ['enterprises'];

  r.post(
    '/gateway/admin/syscompanyinfo/compRegister',
    { config: { access: 'authenticated', ...throttle(limits, 10) }, schema: { tags, body: compRegisterSchema } },
    async (req) => ok(await enterprises.registerEnterprise(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.get(
    '/gateway/admin/syscompanyinfo/getCompForEmpInvite',
    {
      config: { access: 'authenticated', ...throttle(limits, 30) },
      schema: { tags, querystring: z.object({ sysCompNo: compNoSchema }) },
    },
    async (req) => ok(await enterprises.findEnterpriseForInvite(db, req.query.sysCompNo)),
  );

  r.post(
    '/gateway/admin/sysuserinfo/acceptInvite',
    { config: { access: 'authenticated', ...throttle(limits, 10) }, schema: { tags, body: acceptInviteSchema } },
    async (req) => ok(await enterprises.acceptInvite(s, req.auth!, req.body, req.log)),
  );

  r.get(
    '/gateway/admin/sysuserinfo/myCompPage',
    { config: { access: 'authenticated' }, schema: { tags } },
    async (req) => ok(await enterprises.listMyEnterprises(db, req.auth!)),
  );

  r.get('/gateway/srm/enterprise', { config: { access: 'COMP_INFO' }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => enterprises.getEnterpriseInfo(tx, req.auth!))),
  );

  r.put(
    '/gateway/srm/enterprise',
    { config: { access: 'COMP_INFO', adminOnly: true }, schema: { tags, body: enterpriseUpdateSchema } },
    async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => enterprises.updateEnterpriseInfo(tx, req.auth!, req.body))),
  );

  r.post(
    '/gateway/srm/enterprise/actions/rotate-invite-code',
    { config: { access: 'COMP_INFO', adminOnly: true }, schema: { tags } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => enterprises.rotateInviteCode(tx, req.auth!))),
  );
}
