import {
  inspectionCreateSchema,
  manualReceiptSchema,
  packageScanSchema,
  RECEIPT_NOTE_ACTIONS,
  receiptListSchema,
  receiptNoteActionSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services, TellDeps } from '../../platform/services.ts';
import { RECEIVER } from './receipts.common.ts';
import * as receipts from './receipts.service.ts';
import * as receiving from './receiving.service.ts';

const RECEIPTS = '/gateway/srm/receipts';
const NOTES = `${RECEIPTS}/notes`;
const idParams = z.object({ id: srmIdSchema });

/**
 * The buyer's receiving of delivery notices (arrival, scanning, inspection, warehousing: RE_IPT) and
 * the warehousing receipts, which the supplier reads too (SL_SH_GL): routes serving both sides
 * declare 'member' and the service checks the code of the caller's side.
 */
export function registerReceiptRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['receipts'];
  const receiver = { access: RECEIVER } as const;
  const eitherSide = { access: 'member' } as const;
  const deps = (req: FastifyRequest): TellDeps => ({ db, provider: s.provider, log: req.log });

  r.post(
    `${NOTES}/:id/actions/:action`,
    {
      config: receiver,
      schema: {
        tags,
        params: idParams.extend({ action: z.enum(RECEIPT_NOTE_ACTIONS) }),
        body: receiptNoteActionSchema,
      },
    },
    async (req) =>
      ok(
        await receiving.actOnNote(
          deps(req),
          req.auth!,
          req.params.id,
          req.params.action,
          req.body ?? {},
          idempotencyScope(req),
        ),
      ),
  );

  r.post(
    `${NOTES}/:id/scan`,
    { config: receiver, schema: { tags, params: idParams, body: packageScanSchema } },
    async (req) => ok(await receiving.scanPackage(deps(req), req.auth!, req.params.id, req.body.code)),
  );

  r.post(
    `${NOTES}/:id/receive`,
    { config: receiver, schema: { tags, params: idParams, body: manualReceiptSchema } },
    async (req) => ok(await receiving.receiveLines(deps(req), req.auth!, req.params.id, req.body)),
  );

  r.post(
    `${NOTES}/:id/inspections`,
    { config: receiver, schema: { tags, params: idParams, body: inspectionCreateSchema } },
    async (req) => ok(await receiving.inspectLine(deps(req), req.auth!, req.params.id, req.body)),
  );

  r.post(`${RECEIPTS}/list`, { config: eitherSide, schema: { tags, body: receiptListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => receipts.listReceipts(tx, req.auth!, req.body))),
  );

  r.get(`${RECEIPTS}/:id`, { config: eitherSide, schema: { tags, params: idParams } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => receipts.getReceipt(tx, req.auth!, req.params.id))),
  );
}
