import { boolean, date, index, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn } from '../../db/columns.ts';
import type { StoredPriceBreak } from '../contracts/contracts.table.ts';

/**
 * Buyer only: the price library. One row per agreed price of a material from a supplier, written by
 * its source (an effective contract's line; an inquiry's award, issue 21) and read for an order line's
 * default price. `valid_to` null: valid until replaced.
 */
export const materialPrices = pgTable(
  'material_prices',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    materialId: bigId('material_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    price: numeric('price').notNull(),
    currency: text('currency').notNull(),
    taxRate: numeric('tax_rate').notNull().default('0'),
    taxIncluded: boolean('tax_included').notNull().default(true),
    priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull().default([]),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    /** 'contract' | 'award' (MATERIAL_PRICE_SOURCES). */
    source: text('source').notNull(),
    sourceId: bigId('source_id').notNull(),
    sourceNo: text('source_no').notNull(),
    sourceLineId: bigId('source_line_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_prices_source_uq').on(t.tenantId, t.source, t.sourceLineId),
    index('material_prices_lookup_idx').on(t.tenantId, t.materialId, t.supplierId, t.validFrom),
  ],
);
