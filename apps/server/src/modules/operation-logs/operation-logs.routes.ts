import { operationLogExportSchema, operationLogListSchema, operationLogSchema, pageReplySchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { todayOf } from '../../platform/time.ts';
import { exportOperationLogs, listLoggedModules, listOperationLogs } from './operation-logs.service.ts';

const BASE = '/gateway/srm/operation-logs';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function registerOperationLogRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['operation-logs'] });
  const access = 'CF_LOG';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listOperationLogs',
      access,
      body: operationLogListSchema,
      reply: pageReplySchema(operationLogSchema),
    },
    (ctx, { body }) => listOperationLogs(ctx, body),
  );

  r.get(`${BASE}/modules`, { operationId: 'listLoggedModules', access, reply: z.array(z.string()) }, (ctx) =>
    listLoggedModules(ctx),
  );

  r.file(
    'POST',
    `${BASE}/export`,
    { operationId: 'exportOperationLogs', access, body: operationLogExportSchema, produces: XLSX_TYPE },
    async (ctx, { body }) => ({
      body: await exportOperationLogs(ctx, body),
      name: `operation-logs-${await todayOf(ctx.tx, ctx.tenantId)}.xlsx`,
    }),
  );
}
