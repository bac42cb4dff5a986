import {
  customerInviteSchema,
  customerListSchema,
  customerUpdateSchema,
  organizationIdSchema,
  partnerInvitationPreviewSchema,
  supplierAcceptSchema,
  supplierActionParamsSchema,
  supplierActionSchema,
  supplierClassFieldsSchema,
  supplierClassListSchema,
  supplierClassUpdateSchema,
  supplierContactsUpdateSchema,
  supplierCreateSchema,
  supplierInviteSchema,
  supplierListSchema,
  supplierRegistrationUpdateSchema,
  supplierUpdateSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok, throttle } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services } from '../../platform/services.ts';
import * as classes from './classes.service.ts';
import * as customers from './customers.service.ts';
import * as invitations from './invitations.service.ts';
import * as suppliers from './suppliers.service.ts';

const idParams = z.object({ id: organizationIdSchema });

/**
 * Trading partners: the buyer's supplier archive, invitations, contacts and classes, and the
 * supplier's customer archive. Routes a party of either side calls are `member`; the service decides
 * the side from the row and asks for PO_SUP_ARC (buyer) or SL_CUS (supplier), and answers 404 to anyone else.
 */
export function registerSupplierRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const limits = s.config.rateLimits;
  const tags = ['suppliers'];
  const archive = { access: 'PO_SUP_ARC' } as const;
  const member = { access: 'member' } as const;

  // --- invitations ------------------------------------------------------------------------------

  r.post(
    '/gateway/srm/supplier-invitations',
    { config: { access: 'PO_SUP', ...throttle(limits, 30) }, schema: { tags, body: supplierInviteSchema } },
    async (req) =>
      ok(await invitations.inviteSupplier(s, req.auth!, req.body, idempotencyScope(req), req.locale, req.log)),
  );

  r.get('/gateway/srm/supplier-invitations/incoming', { config: { access: 'SL_CUS' }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => invitations.listIncomingInvitations(tx, req.auth!))),
  );

  r.post(
    '/gateway/srm/supplier-invitations/preview',
    {
      config: { access: 'authenticated', ...throttle(limits, 30) },
      schema: { tags, body: partnerInvitationPreviewSchema },
    },
    async (req) => ok(await invitations.previewPartnerInvitation(db, req.body.token)),
  );

  r.post(
    '/gateway/srm/supplier-invitations/accept',
    {
      config: { access: 'SL_CUS', adminOnly: true, ...throttle(limits, 10) },
      schema: { tags, body: supplierAcceptSchema },
    },
    async (req) => ok(await invitations.acceptSupplierInvitation(s, req.auth!, req.body, req.log)),
  );

  // --- supplier archive -----------------------------------------------------------------------------

  r.post('/gateway/srm/suppliers/list', { config: archive, schema: { tags, body: supplierListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => suppliers.listSuppliers(tx, req.auth!, req.body))),
  );

  r.get('/gateway/srm/suppliers/:id', { config: member, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => suppliers.getSupplier(tx, req.auth!, req.params.id))),
  );

  r.post('/gateway/srm/suppliers', { config: archive, schema: { tags, body: supplierCreateSchema } }, async (req) =>
    ok(await suppliers.createSupplier(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    '/gateway/srm/suppliers/:id',
    { config: member, schema: { tags, params: idParams, body: supplierUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          suppliers.updateSupplier(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.put(
    '/gateway/srm/suppliers/:id/registration',
    { config: member, schema: { tags, params: idParams, body: supplierRegistrationUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          suppliers.updateRegistration(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.post(
    '/gateway/srm/suppliers/:id/actions/:action',
    {
      config: { ...member, ...throttle(limits, 60) },
      schema: {
        tags,
        params: supplierActionParamsSchema,
        body: supplierActionSchema.default({ auditDescription: '' }),
      },
    },
    async (req) => ok(await suppliers.actOnSupplier(s, req.auth!, req.params.id, req.params.action, req.body, req.log)),
  );

  r.get('/gateway/srm/suppliers/:id/contacts', { config: member, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => suppliers.getContacts(tx, req.auth!, req.params.id))),
  );

  r.put(
    '/gateway/srm/suppliers/:id/contacts',
    { config: member, schema: { tags, params: idParams, body: supplierContactsUpdateSchema } },
    async (req) => ok(await suppliers.saveContacts(db, req.auth!, req.params.id, req.body)),
  );

  r.get('/gateway/srm/suppliers/:id/operations', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) => suppliers.listSupplierOperations(tx, req.auth!, req.params.id)),
    ),
  );

  // --- supplier classes ---------------------------------------------------------------------------------

  r.post(
    '/gateway/srm/supplier-classes/list',
    { config: archive, schema: { tags, body: supplierClassListSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          classes.listSupplierClasses(tx, req.auth!.tenantId!, req.body),
        ),
      ),
  );

  r.get('/gateway/srm/supplier-classes/buyer-options', { config: archive, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => classes.listBuyerOptions(tx, req.auth!.tenantId!))),
  );

  r.get('/gateway/srm/supplier-classes/:id', { config: archive, schema: { tags, params: idParams } }, async (req) =>
    ok(
      await inTenantTx(db, req.auth!.tenantId, (tx) =>
        classes.getSupplierClass(tx, req.auth!.tenantId!, req.params.id),
      ),
    ),
  );

  r.post(
    '/gateway/srm/supplier-classes',
    { config: archive, schema: { tags, body: supplierClassFieldsSchema } },
    async (req) => ok(await classes.createSupplierClass(db, req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    '/gateway/srm/supplier-classes/:id',
    { config: archive, schema: { tags, params: idParams, body: supplierClassUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          classes.updateSupplierClass(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );

  r.delete(
    '/gateway/srm/supplier-classes/:id',
    { config: archive, schema: { tags, params: idParams } },
    async (req) => {
      await inTenantTx(db, req.auth!.tenantId, (tx) => classes.deleteSupplierClass(tx, req.auth!, req.params.id));
      return ok(null);
    },
  );

  // --- customers (supplier side) ----------------------------------------------------------------------

  const sale = { access: 'SL_CUS' } as const;

  r.post('/gateway/srm/customers/list', { config: sale, schema: { tags, body: customerListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => customers.listCustomers(tx, req.auth!, req.body))),
  );

  r.post(
    '/gateway/srm/customers/invite',
    { config: { ...sale, ...throttle(limits, 10) }, schema: { tags, body: customerInviteSchema } },
    async (req) => ok(await customers.inviteCustomer(s, req.auth!, req.body, req.log)),
  );

  r.get('/gateway/srm/customers/:id', { config: sale, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => customers.getCustomer(tx, req.auth!, req.params.id))),
  );

  r.put(
    '/gateway/srm/customers/:id',
    { config: sale, schema: { tags, params: idParams, body: customerUpdateSchema } },
    async (req) =>
      ok(
        await inTenantTx(db, req.auth!.tenantId, (tx) =>
          customers.updateCustomer(tx, req.auth!, req.params.id, req.body),
        ),
      ),
  );
}
