import {
  customerDetailSchema,
  customerInviteSchema,
  customerItemSchema,
  customerListSchema,
  customerUpdateSchema,
  incomingSupplierInvitationSchema,
  noReplySchema,
  organizationIdSchema,
  pageReplySchema,
  partnerInvitationPreviewReplySchema,
  partnerInvitationPreviewSchema,
  supplierAcceptResultSchema,
  supplierAcceptSchema,
  supplierActionParamsSchema,
  supplierActionSchema,
  supplierClassBuyerOptionSchema,
  supplierClassFieldsSchema,
  supplierClassListSchema,
  supplierClassSchema,
  supplierClassUpdateSchema,
  supplierContactsUpdateSchema,
  supplierContactsViewSchema,
  supplierCreateSchema,
  supplierInviteResultSchema,
  supplierInviteSchema,
  supplierListItemSchema,
  supplierListSchema,
  supplierOperationRecordSchema,
  supplierRegistrationUpdateSchema,
  supplierUpdateSchema,
  supplierViewSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { throttle } from '../../platform/http.ts';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import * as classes from './classes.service.ts';
import * as customers from './customers.service.ts';
import * as invitations from './invitations.service.ts';
import * as suppliers from './suppliers.service.ts';

const params = z.object({ id: organizationIdSchema });

/**
 * Trading partners: the buyer's supplier archive, invitations, contacts and classes, and the
 * supplier's customer archive. Routes a party of either side calls are `member`; the service decides
 * the side from the row and asks for PO_SUP_ARC (buyer) or SL_CUS (supplier), and answers 404 to anyone else.
 */
export function registerSupplierRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['suppliers'] });
  const limits = s.config.rateLimits;
  const archive = 'PO_SUP_ARC';
  const member = 'member';
  const sale = 'SL_CUS';

  // --- invitations ------------------------------------------------------------------------------

  r.post(
    '/gateway/srm/supplier-invitations',
    {
      operationId: 'inviteSupplier',
      access: 'PO_SUP',
      config: throttle(limits, 30),
      body: supplierInviteSchema,
      reply: supplierInviteResultSchema,
    },
    (ctx, { body }) => invitations.inviteSupplier(ctx, body, s.config.publicUrl),
  );

  r.get(
    '/gateway/srm/supplier-invitations/incoming',
    {
      operationId: 'listIncomingSupplierInvitations',
      access: sale,
      reply: z.array(incomingSupplierInvitationSchema),
    },
    (ctx) => invitations.listIncomingInvitations(ctx),
  );

  r.post(
    '/gateway/srm/supplier-invitations/preview',
    {
      operationId: 'previewPartnerInvitation',
      access: 'authenticated',
      config: throttle(limits, 30),
      body: partnerInvitationPreviewSchema,
      reply: partnerInvitationPreviewReplySchema,
    },
    (ctx, { body }) => invitations.previewPartnerInvitation(ctx, body.token),
  );

  r.post(
    '/gateway/srm/supplier-invitations/accept',
    {
      operationId: 'acceptSupplierInvitation',
      access: sale,
      adminOnly: true,
      config: throttle(limits, 10),
      body: supplierAcceptSchema,
      reply: supplierAcceptResultSchema,
    },
    (ctx, { body }) => invitations.acceptSupplierInvitation(ctx, body),
  );

  // --- supplier archive -----------------------------------------------------------------------------

  r.post(
    '/gateway/srm/suppliers/list',
    {
      operationId: 'listSuppliers',
      access: archive,
      body: supplierListSchema,
      reply: pageReplySchema(supplierListItemSchema),
    },
    (ctx, { body }) => suppliers.listSuppliers(ctx, body),
  );

  r.get(
    '/gateway/srm/suppliers/:id',
    { operationId: 'getSupplier', access: member, params, reply: supplierViewSchema },
    (ctx, { params }) => suppliers.getSupplier(ctx, params.id),
  );

  r.post(
    '/gateway/srm/suppliers',
    { operationId: 'createSupplier', access: archive, body: supplierCreateSchema, reply: supplierViewSchema },
    (ctx, { body }) => suppliers.createSupplier(ctx, body),
  );

  r.put(
    '/gateway/srm/suppliers/:id',
    { operationId: 'updateSupplier', access: member, params, body: supplierUpdateSchema, reply: supplierViewSchema },
    (ctx, { params, body }) => suppliers.updateSupplier(ctx, params.id, body),
  );

  r.put(
    '/gateway/srm/suppliers/:id/registration',
    {
      operationId: 'updateSupplierRegistration',
      access: member,
      params,
      body: supplierRegistrationUpdateSchema,
      reply: supplierViewSchema,
    },
    (ctx, { params, body }) => suppliers.updateRegistration(ctx, params.id, body),
  );

  r.post(
    '/gateway/srm/suppliers/:id/actions/:action',
    {
      operationId: 'actOnSupplier',
      access: member,
      config: throttle(limits, 60),
      params: supplierActionParamsSchema,
      body: supplierActionSchema.default({ auditDescription: '' }),
      reply: supplierViewSchema,
    },
    (ctx, { params, body }) => suppliers.actOnSupplier(ctx, params.id, params.action, body),
  );

  r.get(
    '/gateway/srm/suppliers/:id/contacts',
    { operationId: 'getSupplierContacts', access: member, params, reply: supplierContactsViewSchema },
    (ctx, { params }) => suppliers.getContacts(ctx, params.id),
  );

  r.put(
    '/gateway/srm/suppliers/:id/contacts',
    {
      operationId: 'saveSupplierContacts',
      access: member,
      params,
      body: supplierContactsUpdateSchema,
      reply: supplierContactsViewSchema,
    },
    (ctx, { params, body }) => suppliers.saveContacts(ctx, params.id, body),
  );

  r.get(
    '/gateway/srm/suppliers/:id/operations',
    {
      operationId: 'listSupplierOperations',
      access: archive,
      params,
      reply: z.array(supplierOperationRecordSchema),
    },
    (ctx, { params }) => suppliers.listSupplierOperations(ctx, params.id),
  );

  // --- supplier classes ---------------------------------------------------------------------------------

  r.post(
    '/gateway/srm/supplier-classes/list',
    {
      operationId: 'listSupplierClasses',
      access: archive,
      body: supplierClassListSchema,
      reply: pageReplySchema(supplierClassSchema),
    },
    (ctx, { body }) => classes.listSupplierClasses(ctx, body),
  );

  r.get(
    '/gateway/srm/supplier-classes/buyer-options',
    {
      operationId: 'listSupplierClassBuyerOptions',
      access: archive,
      reply: z.array(supplierClassBuyerOptionSchema),
    },
    (ctx) => classes.listBuyerOptions(ctx),
  );

  r.get(
    '/gateway/srm/supplier-classes/:id',
    { operationId: 'getSupplierClass', access: archive, params, reply: supplierClassSchema },
    (ctx, { params }) => classes.getSupplierClass(ctx, params.id),
  );

  r.post(
    '/gateway/srm/supplier-classes',
    {
      operationId: 'createSupplierClass',
      access: archive,
      body: supplierClassFieldsSchema,
      reply: supplierClassSchema,
    },
    (ctx, { body }) => classes.createSupplierClass(ctx, body),
  );

  r.put(
    '/gateway/srm/supplier-classes/:id',
    {
      operationId: 'updateSupplierClass',
      access: archive,
      params,
      body: supplierClassUpdateSchema,
      reply: supplierClassSchema,
    },
    (ctx, { params, body }) => classes.updateSupplierClass(ctx, params.id, body),
  );

  r.delete(
    '/gateway/srm/supplier-classes/:id',
    { operationId: 'deleteSupplierClass', access: archive, params, reply: noReplySchema },
    async (ctx, { params }) => {
      await classes.deleteSupplierClass(ctx, params.id);
      return null;
    },
  );

  // --- customers (supplier side) ----------------------------------------------------------------------

  r.post(
    '/gateway/srm/customers/list',
    {
      operationId: 'listCustomers',
      access: sale,
      body: customerListSchema,
      reply: pageReplySchema(customerItemSchema),
    },
    (ctx, { body }) => customers.listCustomers(ctx, body),
  );

  r.post(
    '/gateway/srm/customers/invite',
    {
      operationId: 'inviteCustomer',
      access: sale,
      config: throttle(s.config.rateLimits, 10),
      body: customerInviteSchema,
      reply: customerDetailSchema,
      before: (ctx, { body }) => customers.checkCustomerInviteCode(s, ctx, body),
    },
    (ctx, { body }) => customers.inviteCustomer(ctx, body),
  );

  r.get(
    '/gateway/srm/customers/:id',
    { operationId: 'getCustomer', access: sale, params, reply: customerDetailSchema },
    (ctx, { params }) => customers.getCustomer(ctx, params.id),
  );

  r.put(
    '/gateway/srm/customers/:id',
    { operationId: 'updateCustomer', access: sale, params, body: customerUpdateSchema, reply: customerDetailSchema },
    (ctx, { params, body }) => customers.updateCustomer(ctx, params.id, body),
  );
}
