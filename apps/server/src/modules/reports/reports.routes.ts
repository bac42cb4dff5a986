import {
  REPORT_NAMES,
  REPORT_PERMISSION,
  type ReportName,
  reportFilterSchema,
  reportPartnerSchema,
  reportQuerySchema,
  reportReplySchema,
  reportSide,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { exportReport, listReportPartners, runReport } from './reports.service.ts';

const BASE = '/gateway/srm/reports';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `poTimelyArrivalRate` → `PoTimelyArrivalRate`, for the report's operationIds. */
const titleOf = (name: ReportName) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/**
 * One POST (page, summary, chart) and one GET export per report. A report's permission follows its
 * side: buyer reports PO_REP, supplier reports SU_CRE.
 */
export function registerReportRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['reports'] });
  const partners = z.array(reportPartnerSchema);

  r.get(
    `${BASE}/partners/buyer`,
    { operationId: 'listBuyerReportPartners', access: REPORT_PERMISSION.buyer, reply: partners },
    (ctx) => listReportPartners(ctx, 'buyer'),
  );
  r.get(
    `${BASE}/partners/supplier`,
    { operationId: 'listSupplierReportPartners', access: REPORT_PERMISSION.supplier, reply: partners },
    (ctx) => listReportPartners(ctx, 'supplier'),
  );

  for (const name of REPORT_NAMES as readonly ReportName[]) {
    const access = REPORT_PERMISSION[reportSide(name)];
    r.post(
      `${BASE}/${name}`,
      { operationId: `run${titleOf(name)}Report`, access, body: reportQuerySchema, reply: reportReplySchema },
      (ctx, { body }) => runReport(ctx, name, body),
    );
    r.file(
      'GET',
      `${BASE}/${name}/export`,
      { operationId: `export${titleOf(name)}Report`, access, query: reportFilterSchema, produces: XLSX_TYPE },
      async (ctx, { query }) => ({ body: await exportReport(ctx, name, query), name: `${name}.xlsx` }),
    );
  }
}
