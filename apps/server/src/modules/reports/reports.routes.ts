import {
  REPORT_NAMES,
  REPORT_PERMISSION,
  type ReportName,
  reportFilterSchema,
  reportQuerySchema,
  reportSide,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inTenantTx } from '../../platform/context.ts';
import { ok } from '../../platform/http.ts';
import type { Services } from '../../platform/services.ts';
import { exportReport, listReportPartners, runReport } from './reports.service.ts';

const BASE = '/gateway/srm/reports';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One POST (page, summary, chart) and one GET export per report. A report's permission follows its
 * side: buyer reports PO_REP, supplier reports SU_CRE.
 */
export function registerReportRoutes(app: FastifyInstance, s: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = s.database.db;
  const tags = ['reports'];

  r.get(`${BASE}/partners/buyer`, { config: { access: REPORT_PERMISSION.buyer }, schema: { tags } }, async (req) =>
    ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listReportPartners(tx, req.auth!, 'buyer'))),
  );
  r.get(
    `${BASE}/partners/supplier`,
    { config: { access: REPORT_PERMISSION.supplier }, schema: { tags } },
    async (req) => ok(await inTenantTx(db, req.auth!.tenantId, (tx) => listReportPartners(tx, req.auth!, 'supplier'))),
  );

  for (const name of REPORT_NAMES as readonly ReportName[]) {
    const config = { access: REPORT_PERMISSION[reportSide(name)] };
    r.post(`${BASE}/${name}`, { config, schema: { tags, body: reportQuerySchema } }, async (req) =>
      ok(await inTenantTx(db, req.auth!.tenantId, (tx) => runReport(tx, req.auth!, name, req.body))),
    );
    r.get(`${BASE}/${name}/export`, { config, schema: { tags, querystring: reportFilterSchema } }, async (req, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .header('x-content-type-options', 'nosniff')
        .send(await exportReport(db, req.auth!, name, req.query, req.locale)),
    );
  }
}
