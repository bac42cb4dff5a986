import { z } from 'zod';
import { priceBreakReplySchema } from './contracts.schema.ts';
import { compareDecimals } from './money.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { dateSchema, decimalInputSchema, textSchema } from './primitives.ts';
import { dayReplySchema, decimalReplySchema, idReplySchema, moneyReplySchema, timestampSchema } from './wire.ts';

/**
 * The price library (issue 22): for each material and supplier the agreed price with its source. An
 * effective contract writes its lines here; an awarded inquiry will write its awards (issue 21). A new
 * order line takes its default price from `lookup`: contract first, then the latest award.
 */
export const MATERIAL_PRICE_SOURCES = ['contract', 'award'] as const;
export type MaterialPriceSource = (typeof MATERIAL_PRICE_SOURCES)[number];

export const materialPriceListSchema = listQuerySchema(
  z.object({
    materialId: srmIdSchema.optional(),
    supplierId: srmIdSchema.optional(),
    /** Material code or name. */
    material: textSchema(100).optional(),
    source: z.enum(MATERIAL_PRICE_SOURCES).optional(),
    /** Prices valid on this day. */
    validOn: dateSchema.optional(),
  }),
);
export type MaterialPriceListQuery = z.input<typeof materialPriceListSchema>;

/** `GET /lookup`: the price of a material from a supplier on a day; with `qty`, its price break applied. */
export const materialPriceLookupSchema = z.object({
  materialId: srmIdSchema,
  supplierId: srmIdSchema,
  /** Left out: the buyer's today. */
  date: dateSchema.optional(),
  qty: decimalInputSchema({ min: 'positive' }).optional(),
});
export type MaterialPriceLookupQuery = z.input<typeof materialPriceLookupSchema>;

export const materialPriceSchema = z.object({
  id: idReplySchema,
  materialId: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  unitName: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  price: moneyReplySchema,
  currency: z.string(),
  taxRate: decimalReplySchema,
  taxIncluded: z.boolean(),
  priceBreaks: z.array(priceBreakReplySchema),
  validFrom: dayReplySchema,
  validTo: dayReplySchema.nullable(),
  source: z.enum(MATERIAL_PRICE_SOURCES),
  /** The contract or the inquiry the price came from, its number, and its line. */
  sourceId: idReplySchema,
  sourceNo: z.string(),
  sourceLineId: idReplySchema,
  createdAt: timestampSchema,
});
export type MaterialPrice = z.input<typeof materialPriceSchema>;

/**
 * The default price of an order line, or null when the library has none. `contractLineId` (source
 * contract) goes on the order line, so the order draws on the contract's quantity cap.
 */
export const materialPriceLookupReplySchema = materialPriceSchema
  .pick({
    price: true,
    currency: true,
    taxRate: true,
    taxIncluded: true,
    priceBreaks: true,
    validFrom: true,
    validTo: true,
    source: true,
    sourceId: true,
    sourceNo: true,
  })
  .extend({
    /** The line's price before any price break. */
    basePrice: moneyReplySchema,
    contractLineId: idReplySchema.nullable(),
  })
  .nullable();
export type MaterialPriceLookup = z.input<typeof materialPriceLookupReplySchema>;

/** The price at `qty`: the break with the highest `minQty` not above it, else the base price. */
export function priceForQuantity(
  base: string,
  breaks: readonly { minQty: string; price: string }[],
  qty: string | undefined,
): string {
  if (qty === undefined) return base;
  let price = base;
  let reached: string | null = null;
  for (const b of breaks) {
    if (compareDecimals(b.minQty, qty) <= 0 && (reached === null || compareDecimals(b.minQty, reached) > 0)) {
      price = b.price;
      reached = b.minQty;
    }
  }
  return price;
}
