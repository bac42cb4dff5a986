import {
  compNoSchema,
  orgSettingsUpdateSchema,
  PERMISSION_TREE,
  partnerRestrictionListSchema,
  partnerRestrictionUpdateSchema,
  positionCreateSchema,
  positionHoldersSchema,
  positionListSchema,
  positionRefIdSchema,
  positionSwitchSchema,
  positionUpdateSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok, throttle } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import * as partners from './partner-restrictions.service.ts';
import * as positions from './positions.service.ts';

const BASE = '/gateway/srm/positions';

export function registerPositionRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['positions'];
  const manage = { access: 'CF_OAU' } as const;
  const idParams = z.object({ id: positionRefIdSchema });

  r.post(`${BASE}/list`, { config: manage, schema: { tags, body: positionListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.listPositions(tx, req.auth!.tenantId!, req.body))),
  );

  r.get(`${BASE}/permission-tree`, { config: manage, schema: { tags } }, async () => ok(PERMISSION_TREE));

  r.get(`${BASE}/options`, { config: manage, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.listPositionOptions(tx, req.auth!.tenantId!))),
  );

  r.get(`${BASE}/employee-options`, { config: manage, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.listEmployeeOptions(tx, req.auth!.tenantId!))),
  );

  r.get(`${BASE}/mine`, { config: { access: 'member' }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.loadPositionContext(tx, req.auth!))),
  );

  r.post(
    `${BASE}/switch`,
    { config: { access: 'member' }, schema: { tags, body: positionSwitchSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) => positions.switchPosition(tx, req.auth!, req.body.positionId)),
      ),
  );

  r.get(`${BASE}/settings`, { config: manage, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.getOrgSettings(tx, req.auth!.tenantId!))),
  );

  r.put(`${BASE}/settings`, { config: manage, schema: { tags, body: orgSettingsUpdateSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.updateOrgSettings(tx, req.auth!, req.body))),
  );

  r.get(
    `${BASE}/trading-partners`,
    { config: manage, schema: { tags, querystring: partnerRestrictionListSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          partners.listPartnerRestrictions(tx, req.auth!.tenantId!, req.query),
        ),
      ),
  );

  r.get(
    `${BASE}/partner-lookup`,
    {
      config: { ...manage, ...throttle(s.config.rateLimits, 30) },
      schema: { tags, querystring: z.object({ compNo: compNoSchema }) },
    },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          partners.lookupPartnerEnterprise(tx, req.auth!.tenantId!, req.query.compNo),
        ),
      ),
  );

  r.get(
    `${BASE}/trading-partners/:employeeId`,
    { config: manage, schema: { tags, params: z.object({ employeeId: positionRefIdSchema }) } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          partners.getPartnerRestriction(tx, req.auth!.tenantId!, req.params.employeeId),
        ),
      ),
  );

  r.put(
    `${BASE}/trading-partners/:employeeId`,
    {
      config: manage,
      schema: {
        tags,
        params: z.object({ employeeId: positionRefIdSchema }),
        body: partnerRestrictionUpdateSchema,
      },
    },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          partners.updatePartnerRestriction(tx, req.auth!, req.params.employeeId, req.body),
        ),
      ),
  );

  r.get(`${BASE}/:id`, { config: manage, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => positions.getPosition(tx, req.auth!.tenantId!, req.params.id))),
  );

  r.post(BASE, { config: manage, schema: { tags, body: positionCreateSchema } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        positions.createPosition(tx, req.auth!, req.body, idempotencyScope(req)),
      ),
    ),
  );

  r.put(
    `${BASE}/:id`,
    { config: manage, schema: { tags, params: idParams, body: positionUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          positions.updatePosition(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete(`${BASE}/:id`, { config: manage, schema: { tags, params: idParams } }, async (req) => {
    await inTenantTx(db, req.auth!.tenantId, (tx) => positions.deletePosition(tx, req.auth!, req.params.id));
    return ok(null);
  });

  r.put(
    `${BASE}/:id/holders`,
    { config: manage, schema: { tags, params: idParams, body: positionHoldersSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          positions.setPositionHolders(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );
}
