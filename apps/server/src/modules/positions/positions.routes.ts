import {
  activePositionSchema,
  compNoSchema,
  noReplySchema,
  orgSettingsUpdateSchema,
  orgSettingsViewSchema,
  PERMISSION_TREE,
  pageReplySchema,
  partnerRestrictionDetailSchema,
  partnerRestrictionEnterpriseSchema,
  partnerRestrictionListSchema,
  partnerRestrictionRowSchema,
  partnerRestrictionUpdateSchema,
  permissionNodeSchema,
  positionContextSchema,
  positionCreateSchema,
  positionDetailSchema,
  positionEmployeeOptionSchema,
  positionHoldersSchema,
  positionListSchema,
  positionOptionSchema,
  positionRefIdSchema,
  positionRowSchema,
  positionSwitchSchema,
  positionUpdateSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as partners from './partner-restrictions.service.ts';
import * as positions from './positions.service.ts';

const BASE = '/gateway/srm/positions';
const params = z.object({ id: positionRefIdSchema });
const employeeParams = z.object({ employeeId: positionRefIdSchema });

export function registerPositionRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['positions'] });
  const access = 'CF_OAU';

  r.post(
    `${BASE}/list`,
    { operationId: 'listPositions', access, body: positionListSchema, reply: pageReplySchema(positionRowSchema) },
    (ctx, { body }) => positions.listPositions(ctx, body),
  );

  r.get(
    `${BASE}/permission-tree`,
    { operationId: 'getPermissionTree', access, reply: z.array(permissionNodeSchema) },
    () => PERMISSION_TREE,
  );

  r.get(
    `${BASE}/options`,
    { operationId: 'listPositionOptions', access, reply: z.array(positionOptionSchema) },
    (ctx) => positions.listPositionOptions(ctx),
  );

  r.get(
    `${BASE}/employee-options`,
    { operationId: 'listPositionEmployeeOptions', access, reply: z.array(positionEmployeeOptionSchema) },
    (ctx) => positions.listEmployeeOptions(ctx),
  );

  r.get(`${BASE}/mine`, { operationId: 'getMyPositions', access: 'member', reply: positionContextSchema }, (ctx) =>
    positions.getMyPositions(ctx),
  );

  r.post(
    `${BASE}/switch`,
    { operationId: 'switchPosition', access: 'member', body: positionSwitchSchema, reply: activePositionSchema },
    (ctx, { body }) => positions.switchPosition(ctx, body.positionId),
  );

  r.get(`${BASE}/settings`, { operationId: 'getOrgSettings', access, reply: orgSettingsViewSchema }, (ctx) =>
    positions.getOrgSettings(ctx),
  );

  r.put(
    `${BASE}/settings`,
    { operationId: 'updateOrgSettings', access, body: orgSettingsUpdateSchema, reply: orgSettingsViewSchema },
    (ctx, { body }) => positions.updateOrgSettings(ctx, body),
  );

  r.get(
    `${BASE}/trading-partners`,
    {
      operationId: 'listPartnerRestrictions',
      access,
      query: partnerRestrictionListSchema,
      reply: pageReplySchema(partnerRestrictionRowSchema),
    },
    (ctx, { query }) => partners.listPartnerRestrictions(ctx, query),
  );

  r.get(
    `${BASE}/partner-lookup`,
    {
      operationId: 'lookupPartnerEnterprise',
      access,
      config: throttle(s.config.rateLimits, 30),
      query: z.object({ compNo: compNoSchema }),
      reply: partnerRestrictionEnterpriseSchema,
    },
    (ctx, { query }) => partners.lookupPartnerEnterprise(ctx, query.compNo),
  );

  r.get(
    `${BASE}/trading-partners/:employeeId`,
    {
      operationId: 'getPartnerRestriction',
      access,
      params: employeeParams,
      reply: partnerRestrictionDetailSchema,
    },
    (ctx, { params }) => partners.getPartnerRestriction(ctx, params.employeeId),
  );

  r.put(
    `${BASE}/trading-partners/:employeeId`,
    {
      operationId: 'updatePartnerRestriction',
      access,
      params: employeeParams,
      body: partnerRestrictionUpdateSchema,
      reply: partnerRestrictionDetailSchema,
    },
    (ctx, { params, body }) => partners.updatePartnerRestriction(ctx, params.employeeId, body),
  );

  r.get(`${BASE}/:id`, { operationId: 'getPosition', access, params, reply: positionDetailSchema }, (ctx, { params }) =>
    positions.getPosition(ctx, params.id),
  );

  r.post(
    BASE,
    { operationId: 'createPosition', access, body: positionCreateSchema, reply: positionDetailSchema },
    (ctx, { body }) => positions.createPosition(ctx, body),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updatePosition', access, params, body: positionUpdateSchema, reply: positionDetailSchema },
    (ctx, { params, body }) => positions.updatePosition(ctx, params.id, body),
  );

  r.delete(
    `${BASE}/:id`,
    { operationId: 'deletePosition', access, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await positions.deletePosition(ctx, params.id);
      return null;
    },
  );

  r.put(
    `${BASE}/:id/holders`,
    { operationId: 'setPositionHolders', access, params, body: positionHoldersSchema, reply: positionDetailSchema },
    (ctx, { params, body }) => positions.setPositionHolders(ctx, params.id, body),
  );
}
