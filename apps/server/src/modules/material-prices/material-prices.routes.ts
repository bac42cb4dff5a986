import {
  materialPriceListSchema,
  materialPriceLookupReplySchema,
  materialPriceLookupSchema,
  materialPriceSchema,
  pageReplySchema,
} from '@concord/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoutes } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { listMaterialPrices, lookupMaterialPrice } from './material-prices.service.ts';

const BASE = '/gateway/srm/material-prices';

/** The price library: read by order entry; written only by its sources (contracts, inquiries). */
export function registerMaterialPriceRoutes(app: FastifyInstance, s: Services) {
  const r = defineRoutes(app, s, { tags: ['material-prices'] });
  // Those who order, source or contract read it; the service checks which of the three the caller holds.
  const access = 'member';

  r.post(
    `${BASE}/list`,
    {
      operationId: 'listMaterialPrices',
      access,
      body: materialPriceListSchema,
      reply: pageReplySchema(materialPriceSchema),
    },
    (ctx, { body }) => listMaterialPrices(ctx, body),
  );

  r.get(
    `${BASE}/lookup`,
    {
      operationId: 'lookupMaterialPrice',
      access,
      query: materialPriceLookupSchema,
      reply: materialPriceLookupReplySchema,
    },
    (ctx, { query }) => lookupMaterialPrice(ctx, query),
  );
}
