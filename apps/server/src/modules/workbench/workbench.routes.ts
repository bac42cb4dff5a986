import { cockpitReplySchema, REPORT_PERMISSION, workbenchReplySchema } from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { getCockpit } from './workbench.cockpit.ts';
import { getWorkbench } from './workbench.service.ts';

const BASE = '/gateway/srm/workbench';

/**
 * The workbench is every member's landing page: each item checks the permissions of the list it
 * counts. The cockpit shows buyer report figures, so it asks for the buyer reports' permission.
 */
export function registerWorkbenchRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['workbench'] });

  r.get(BASE, { operationId: 'getWorkbench', access: 'member', reply: workbenchReplySchema }, (ctx) =>
    getWorkbench(ctx),
  );

  r.get(
    `${BASE}/cockpit`,
    { operationId: 'getBuyerCockpit', access: REPORT_PERMISSION.buyer, reply: cockpitReplySchema },
    (ctx) => getCockpit(ctx),
  );
}
