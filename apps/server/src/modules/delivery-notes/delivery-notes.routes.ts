import {
  DELIVERY_NOTE_SUPPLIER_ACTIONS,
  deliverableLineListSchema,
  deliveryNoteActionSchema,
  deliveryNoteCreateSchema,
  deliveryNoteLineListSchema,
  deliveryNoteListSchema,
  deliveryNoteUpdateSchema,
  labelPdfRequestSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services, TellDeps } from '../../platform/services.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const eitherSide = { access: 'member' } as const;
  const supplier = { access: 'SL_SH_GL' } as const;
  const deps = (req: FastifyRequest): TellDeps => ({ db, provider: s.provider, log: req.log });
  const tags = ['delivery-notes'];

  r.post(
    `${NOTES}/deliverable-lines/list`,
    { config: supplier, schema: { tags, body: deliverableLineListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listDeliverableLines(tx, req.auth!, req.body))),
  );

  r.get(`${NOTES}/customers`, { config: supplier, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listDeliveryCustomers(tx, req.auth!))),
  );

  r.post(`${NOTES}/list`, { config: eitherSide, schema: { tags, body: deliveryNoteListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => notes.listNotes(tx, req.auth!, req.body))),
  );

  r.post(
    `${NOTES}/lines/list`,
    { config: eitherSide, schema: { tags, body: deliveryNoteLineListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => notes.listNoteLines(tx, req.auth!, req.body))),
  );

  r.get(`${NOTES}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await notes.getNote(db, req.auth!, req.params.id)),
  );

  r.post(NOTES, { config: supplier, schema: { tags, body: deliveryNoteCreateSchema } }, async (req) =>
    ok(await notes.createNote(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${NOTES}/:id`,
    { config: supplier, schema: { tags, params: idParams, body: deliveryNoteUpdateSchema } },
    async (req) => {
      await notes.updateNote(db, req.auth!, req.params.id, req.body);
      return ok(await notes.getNote(db, req.auth!, req.params.id));
    },
  );

  r.post(
    `${NOTES}/:id/actions/:action`,
    {
      config: supplier,
      schema: {
        tags,
        params: idParams.extend({ action: z.enum(DELIVERY_NOTE_SUPPLIER_ACTIONS) }),
        body: deliveryNoteActionSchema,
      },
    },
    async (req) => ok(await notes.actOnNote(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );

  r.post(
    '/gateway/srm/labels/pdf',
    { config: eitherSide, schema: { tags, body: labelPdfRequestSchema } },
    async (req, reply) => {
      const pdf = await labelsPdf(db, req.auth!, req.body, req.locale);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="labels.pdf"')
        .send(Buffer.from(pdf));
    },
  );
}
