import {
  RECONCILIATION_ACTIONS,
  reconcilableLineQuerySchema,
  reconciliationActionSchema,
  reconciliationCreateSchema,
  reconciliationListSchema,
  reconciliationPartnerQuerySchema,
  reconciliationUpdateSchema,
  srmIdSchema,
} from '@concord/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import { idempotencyScope } from '../../platform/idempotency.ts';
import type { Services, TellDeps } from '../../platform/services.ts';
import { actOnStatement } from './reconciliations.actions.ts';
import { exportStatement } from './reconciliations.export.ts';
import { getStatement, listStatements } from './reconciliations.query.ts';
import { createStatement, listPartners, listReconcilableLines, updateStatement } from './reconciliations.service.ts';

const BASE = '/gateway/srm/reconciliations';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idParams = z.object({ id: srmIdSchema });

/**
 * Reconciliation statements, both sides on one resource: the buyer's (PU_BI) and the supplier's
 * (RE_MA). Routes declare 'member' and the service checks the code of the caller's side.
 */
export function registerReconciliationRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const config = { access: 'member' } as const;
  const tags = ['reconciliations'];
  const deps = (req: FastifyRequest): TellDeps => ({ db, provider: s.provider, log: req.log });

  r.post(`${BASE}/list`, { config, schema: { tags, body: reconciliationListSchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listStatements(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/partners`, { config, schema: { tags, querystring: reconciliationPartnerQuerySchema } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listPartners(tx, req.auth!, req.query.side))),
  );

  r.post(
    `${BASE}/reconcilable-lines/list`,
    { config, schema: { tags, body: reconcilableLineQuerySchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listReconcilableLines(tx, req.auth!, req.body))),
  );

  r.get(`${BASE}/:id`, { config, schema: { tags, params: idParams } }, async (req) =>
    ok(await getStatement(db, req.auth!, req.params.id)),
  );

  r.get(`${BASE}/:id/export`, { config, schema: { tags, params: idParams } }, async (req, reply) => {
    const file = await exportStatement(db, req.auth!, req.params.id, req.locale);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', 'attachment; filename="reconciliation-statement.xlsx"')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  });

  r.post(BASE, { config, schema: { tags, body: reconciliationCreateSchema } }, async (req) =>
    ok(await createStatement(deps(req), req.auth!, req.body, idempotencyScope(req))),
  );

  r.put(
    `${BASE}/:id`,
    { config, schema: { tags, params: idParams, body: reconciliationUpdateSchema } },
    async (req) => {
      await updateStatement(db, req.auth!, req.params.id, req.body);
      return ok(await getStatement(db, req.auth!, req.params.id));
    },
  );

  r.post(
    `${BASE}/:id/actions/:action`,
    {
      config,
      schema: {
        tags,
        params: idParams.extend({ action: z.enum(RECONCILIATION_ACTIONS) }),
        body: reconciliationActionSchema,
      },
    },
    async (req) => ok(await actOnStatement(deps(req), req.auth!, req.params.id, req.params.action, req.body ?? {})),
  );
}
