import {
  inspectionCreateSchema,
  inspectionResultSchema,
  manualReceiptResultSchema,
  manualReceiptSchema,
  packageScanResultSchema,
  packageScanSchema,
  pageReplySchema,
  RECEIPT_NOTE_ACTIONS,
  receiptDetailSchema,
  receiptListItemSchema,
  receiptListSchema,
  receiptNoteActionSchema,
  receiptStepResultSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { RECEIVER } from './receipts.common.ts';
import * as receipts from './receipts.service.ts';
import * as receiving from './receiving.service.ts';

const RECEIPTS = '/gateway/srm/receipts';
const NOTES = `${RECEIPTS}/notes`;
const params = z.object({ id: srmIdSchema });

/**
 * The buyer's receiving of delivery notices (arrival, scanning, inspection, warehousing: RE_IPT) and
 * the warehousing receipts, which the supplier reads too (SL_SH_GL): routes serving both sides
 * declare 'member' and the service checks the code of the caller's side.
 */
export function registerReceiptRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['receipts'] });
  const access = RECEIVER;

  r.post(
    `${NOTES}/:id/actions/:action`,
    {
      operationId: 'actOnReceiptNote',
      access,
      params: params.extend({ action: z.enum(RECEIPT_NOTE_ACTIONS) }),
      body: receiptNoteActionSchema,
      reply: receiptStepResultSchema,
    },
    (ctx, { params, body }) => receiving.actOnNote(ctx, params.id, params.action, body),
  );

  r.post(
    `${NOTES}/:id/scan`,
    { operationId: 'scanReceiptPackage', access, params, body: packageScanSchema, reply: packageScanResultSchema },
    (ctx, { params, body }) => receiving.scanPackage(ctx, params.id, body.code),
  );

  r.post(
    `${NOTES}/:id/receive`,
    { operationId: 'receiveNoteLines', access, params, body: manualReceiptSchema, reply: manualReceiptResultSchema },
    (ctx, { params, body }) => receiving.receiveLines(ctx, params.id, body),
  );

  r.post(
    `${NOTES}/:id/inspections`,
    { operationId: 'inspectNoteLine', access, params, body: inspectionCreateSchema, reply: inspectionResultSchema },
    (ctx, { params, body }) => receiving.inspectLine(ctx, params.id, body),
  );

  r.post(
    `${RECEIPTS}/list`,
    {
      operationId: 'listReceipts',
      access: 'member',
      body: receiptListSchema,
      reply: pageReplySchema(receiptListItemSchema),
    },
    (ctx, { body }) => receipts.listReceipts(ctx, body),
  );

  r.get(
    `${RECEIPTS}/:id`,
    { operationId: 'getReceipt', access: 'member', params, reply: receiptDetailSchema },
    (ctx, { params }) => receipts.getReceipt(ctx, params.id),
  );
}
