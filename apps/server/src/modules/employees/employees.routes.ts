import {
  acceptInvitationSchema,
  EMPLOYEE_ACTION_NAMES,
  EMPLOYEE_ACTION_PERMISSION,
  type EmployeeAction,
  employeeLeaveSchema,
  employeeListSchema,
  employeeUpdateSchema,
  invitationPreviewSchema,
  inviteEmployeeSchema,
  type Locale,
  organizationIdSchema,
} from '@concord/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { ok, throttle } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import * as employees from './employees.service.ts';
import * as invitations from './invitations.service.ts';

const idParams = z.object({ id: organizationIdSchema });
const actionParams = idParams.extend({
  action: z.enum(EMPLOYEE_ACTION_NAMES as [EmployeeAction, ...EmployeeAction[]]),
});

export function registerEmployeeRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const limits = s.config.rateLimits;
  const tags = ['employees'];
  const manage = { access: EMPLOYEE_ACTION_PERMISSION } as const;

  /** Every status change of the transition table goes through here. */
  const applyAction = (auth: Auth, id: string, action: EmployeeAction, locale: Locale, log: FastifyBaseLogger) => {
    if (action === 'resend') return invitations.resendInvitation(s, auth, id, locale, log);
    return inTenantTx(db, auth.tenantId, (tx) =>
      action === 'revoke' ? invitations.revokeInvitation(tx, auth, id) : employees.leaveEmployee(tx, auth, id, action),
    );
  };

  r.post('/gateway/srm/employees/list', { config: manage, schema: { tags, body: employeeListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => employees.listEmployees(tx, req.auth!.tenantId!, req.body))),
  );

  r.get(
    '/gateway/srm/employees/my-invitations',
    { config: { access: 'authenticated' }, schema: { tags } },
    async (req) => ok(await invitations.listMyInvitations(db, req.auth!)),
  );

  r.post(
    '/gateway/srm/employees/invitations/preview',
    { config: { access: 'authenticated', ...throttle(limits, 30) }, schema: { tags, body: invitationPreviewSchema } },
    async (req) => ok(await invitations.previewInvitation(db, req.body.token)),
  );

  r.post(
    '/gateway/srm/employees/invitations/accept',
    { config: { access: 'authenticated', ...throttle(limits, 10) }, schema: { tags, body: acceptInvitationSchema } },
    async (req) => ok(await invitations.acceptInvitation(s, req.auth!, req.body, req.log)),
  );

  r.get('/gateway/srm/employees/:id', { config: manage, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        employees.getEmployeeDetail(tx, req.auth!.tenantId!, req.params.id),
      ),
    ),
  );

  r.post(
    '/gateway/srm/employees',
    { config: { ...manage, ...throttle(limits, 30) }, schema: { tags, body: inviteEmployeeSchema } },
    async (req) =>
      ok(await invitations.inviteEmployee(s, req.auth!, req.body, idempotencyScope(req), req.locale, req.log)),
  );

  r.put(
    '/gateway/srm/employees/:id',
    { config: manage, schema: { tags, params: idParams, body: employeeUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          employees.updateEmployee(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.post(
    '/gateway/srm/employees/:id/actions/:action',
    { config: { ...manage, ...throttle(limits, 30) }, schema: { tags, params: actionParams } },
    async (req) => ok(await applyAction(req.auth!, req.params.id, req.params.action, req.locale, req.log)),
  );

  // Leaving by its own name: quit, or resignation unbinding with { unbind: true }.
  r.post(
    '/gateway/srm/employees/:id/leave',
    { config: manage, schema: { tags, params: idParams, body: employeeLeaveSchema.default({ unbind: false }) } },
    async (req) =>
      ok(await applyAction(req.auth!, req.params.id, req.body.unbind ? 'unbind' : 'quit', req.locale, req.log)),
  );
}
