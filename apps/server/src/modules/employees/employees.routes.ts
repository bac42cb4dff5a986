import {
  acceptInvitationSchema,
  EMPLOYEE_ACTION_NAMES,
  EMPLOYEE_ACTION_PERMISSION,
  type EmployeeAction,
  employeeDetailSchema,
  employeeItemSchema,
  employeeLeaveSchema,
  employeeListSchema,
  employeeUpdateSchema,
  invitationPreviewSchema,
  inviteEmployeeSchema,
  joinedEnterpriseSchema,
  myInvitationSchema,
  organizationIdSchema,
  pageReplySchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as employees from './employees.service.ts';
import * as invitations from './invitations.service.ts';

const BASE = '/gateway/srm/employees';
const params = z.object({ id: organizationIdSchema });
const actionParams = params.extend({
  action: z.enum(EMPLOYEE_ACTION_NAMES as [EmployeeAction, ...EmployeeAction[]]),
});

export function registerEmployeeRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['employees'] });
  const limits = s.config.rateLimits;
  const access = EMPLOYEE_ACTION_PERMISSION;

  /** Every status change of the transition table goes through here. */
  const applyAction = (ctx: RequestContext, id: string, action: EmployeeAction) => {
    if (action === 'resend') return invitations.resendInvitation(ctx, id, s.config.publicUrl);
    if (action === 'revoke') return invitations.revokeInvitation(ctx, id);
    return employees.leaveEmployee(ctx, id, action);
  };

  r.post(
    `${BASE}/list`,
    { operationId: 'listEmployees', access, body: employeeListSchema, reply: pageReplySchema(employeeItemSchema) },
    (ctx, { body }) => employees.listEmployees(ctx, body),
  );

  r.get(
    `${BASE}/my-invitations`,
    { operationId: 'listMyEmployeeInvitations', access: 'authenticated', reply: z.array(myInvitationSchema) },
    (ctx) => invitations.listMyInvitations(ctx),
  );

  r.post(
    `${BASE}/invitations/preview`,
    {
      operationId: 'previewEmployeeInvitation',
      access: 'authenticated',
      config: throttle(limits, 30),
      body: invitationPreviewSchema,
      reply: myInvitationSchema,
    },
    (ctx, { body }) => invitations.previewInvitation(ctx, body.token),
  );

  r.post(
    `${BASE}/invitations/accept`,
    {
      operationId: 'acceptEmployeeInvitation',
      access: 'authenticated',
      config: throttle(limits, 10),
      body: acceptInvitationSchema,
      reply: joinedEnterpriseSchema,
    },
    (ctx, { body }) => invitations.acceptInvitation(ctx, body),
  );

  r.get(`${BASE}/:id`, { operationId: 'getEmployee', access, params, reply: employeeDetailSchema }, (ctx, { params }) =>
    employees.getEmployeeDetail(ctx, params.id),
  );

  r.post(
    BASE,
    {
      operationId: 'inviteEmployee',
      access,
      config: throttle(limits, 30),
      body: inviteEmployeeSchema,
      reply: employeeItemSchema,
    },
    (ctx, { body }) => invitations.inviteEmployee(ctx, body, s.config.publicUrl),
  );

  r.put(
    `${BASE}/:id`,
    { operationId: 'updateEmployee', access, params, body: employeeUpdateSchema, reply: employeeDetailSchema },
    (ctx, { params, body }) => employees.updateEmployee(ctx, params.id, body),
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      operationId: 'actOnEmployee',
      access,
      config: throttle(limits, 30),
      params: actionParams,
      reply: employeeItemSchema,
    },
    (ctx, { params }) => applyAction(ctx, params.id, params.action),
  );

  // Leaving by its own name: quit, or resignation unbinding with { unbind: true }.
  r.post(
    `${BASE}/:id/leave`,
    {
      operationId: 'leaveEmployee',
      access,
      params,
      body: employeeLeaveSchema.default({ unbind: false }),
      reply: employeeItemSchema,
    },
    (ctx, { params, body }) => applyAction(ctx, params.id, body.unbind ? 'unbind' : 'quit'),
  );
}
