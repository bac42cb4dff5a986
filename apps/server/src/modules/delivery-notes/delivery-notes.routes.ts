import {
  DELIVERY_NOTE_SUPPLIER_ACTIONS,
  deliverableLineListSchema,
  deliverableLineSchema,
  deliveryCustomerSchema,
  deliveryNoteActionSchema,
  deliveryNoteCreatedSchema,
  deliveryNoteCreateSchema,
  deliveryNoteDetailSchema,
  deliveryNoteLineListItemSchema,
  deliveryNoteLineListSchema,
  deliveryNoteListItemSchema,
  deliveryNoteListSchema,
  deliveryNoteUpdateSchema,
  labelPdfRequestSchema,
  pageReplySchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { listDeliverableLines, listDeliveryCustomers } from './delivery-notes.lines.ts';
import * as notes from './delivery-notes.service.ts';
import { labelsPdf } from './labels.service.ts';

const NOTES = '/gateway/srm/delivery-notes';
const idParams = z.object({ id: srmIdSchema });

/**
 * Delivery notes: the supplier makes and sends them (SL_SH_GL), the buyer reads the same note as its
 * delivery notice (RE_IPT). Routes serving both sides declare 'member'; the service checks the code of
 * the caller's side.
 */
export function registerDeliveryNoteRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['delivery-notes'] });
  const eitherSide = 'member';
  const supplier = 'SL_SH_GL';

  r.post(
    `${NOTES}/deliverable-lines/list`,
    {
      operationId: 'listDeliverableLines',
      access: supplier,
      body: deliverableLineListSchema,
      reply: pageReplySchema(deliverableLineSchema),
    },
    (ctx, { body }) => listDeliverableLines(ctx, body),
  );

  r.get(
    `${NOTES}/customers`,
    { operationId: 'listDeliveryCustomers', access: supplier, reply: z.array(deliveryCustomerSchema) },
    (ctx) => listDeliveryCustomers(ctx),
  );

  r.post(
    `${NOTES}/list`,
    {
      operationId: 'listDeliveryNotes',
      access: eitherSide,
      body: deliveryNoteListSchema,
      reply: pageReplySchema(deliveryNoteListItemSchema),
    },
    (ctx, { body }) => notes.listNotes(ctx, body),
  );

  r.post(
    `${NOTES}/lines/list`,
    {
      operationId: 'listDeliveryNoteLines',
      access: eitherSide,
      body: deliveryNoteLineListSchema,
      reply: pageReplySchema(deliveryNoteLineListItemSchema),
    },
    (ctx, { body }) => notes.listNoteLines(ctx, body),
  );

  r.get(
    `${NOTES}/:id`,
    { operationId: 'getDeliveryNote', access: eitherSide, params: idParams, reply: deliveryNoteDetailSchema },
    (ctx, { params }) => notes.getNote(ctx, params.id),
  );

  r.post(
    NOTES,
    {
      operationId: 'createDeliveryNote',
      access: supplier,
      body: deliveryNoteCreateSchema,
      reply: deliveryNoteCreatedSchema,
    },
    (ctx, { body }) => notes.createNote(ctx, body),
  );

  r.put(
    `${NOTES}/:id`,
    {
      operationId: 'updateDeliveryNote',
      access: supplier,
      params: idParams,
      body: deliveryNoteUpdateSchema,
      reply: deliveryNoteDetailSchema,
    },
    (ctx, { params, body }) => notes.updateNote(ctx, params.id, body),
  );

  r.post(
    `${NOTES}/:id/actions/:action`,
    {
      operationId: 'actOnDeliveryNote',
      access: supplier,
      params: idParams.extend({ action: z.enum(DELIVERY_NOTE_SUPPLIER_ACTIONS) }),
      body: deliveryNoteActionSchema,
      reply: deliveryNoteDetailSchema,
    },
    (ctx, { params, body }) => notes.actOnNote(ctx, params.id, params.action, body),
  );

  r.file(
    'POST',
    '/gateway/srm/labels/pdf',
    {
      operationId: 'printDeliveryLabels',
      access: eitherSide,
      produces: 'application/pdf',
      body: labelPdfRequestSchema,
    },
    async (ctx, { body }) => ({ body: await labelsPdf(ctx, body), name: 'labels.pdf', disposition: 'attachment' }),
  );
}
