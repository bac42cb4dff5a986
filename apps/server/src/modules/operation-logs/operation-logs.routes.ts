import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import type { Services } from '../../platform/services.ts';
import { operationLogWorkbook } from './operation-logs.export.ts';
import {
  exportOperationLogs,
  listLoggedModules,
  listOperationLogs,
  operationLogExportSchema,
  operationLogListSchema,
} from './operation-logs.service.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerOperationLogRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['operation-logs'];
  const access = { access: 'CF_LOG' } as const;

  r.post(
    '/gateway/srm/operation-logs/list',
    { config: access, schema: { tags, body: operationLogListSchema } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listOperationLogs(tx, req.auth!, req.body))),
  );

  r.get('/gateway/srm/operation-logs/modules', { config: access, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listLoggedModules(tx, req.auth!.tenantId!))),
  );

  r.post(
    '/gateway/srm/operation-logs/export',
    { config: access, schema: { tags, body: operationLogExportSchema } },
    async (req, reply) => {
      const rows = await inTenantTx(db, req.auth!.tenantId, (tx) => exportOperationLogs(tx, req.auth!, req.body));
      const file = await operationLogWorkbook(rows, req.locale, req.body.timeZone);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="operation-logs-${stamp}.xlsx"`)
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  );
}
