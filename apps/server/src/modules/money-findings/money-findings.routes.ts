import { moneyFindingPageSchema, moneyFindingsQuerySchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { listMoneyFindings } from './money-findings.service.ts';

export function registerMoneyFindingRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['money-findings'] });

  // Agreed figures the recompute left as they were: the administrator decides what to do with them.
  r.get(
    '/gateway/srm/money-findings',
    {
      operationId: 'listMoneyFindings',
      access: 'member',
      adminOnly: true,
      query: moneyFindingsQuerySchema,
      reply: moneyFindingPageSchema,
    },
    (ctx, { query }) => listMoneyFindings(ctx, query),
  );
}
