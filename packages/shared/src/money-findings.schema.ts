import { z } from 'zod';
import { MAX_PAGE_SIZE } from './paging.ts';
import { INT32_MAX, textSchema } from './primitives.ts';
import { idReplySchema, moneyReplySchema, pageReplySchema, timestampSchema } from './wire.ts';

/**
 * The administrator's report of the money recompute (issue 16, migration 0011): stored amounts of
 * agreed documents that differ from the exact figure, kept as agreed.
 */
export const MONEY_FINDING_KINDS = ['purchaseOrder', 'receipt', 'reconciliation'] as const;
export type MoneyFindingKind = (typeof MONEY_FINDING_KINDS)[number];

/** Query of GET /gateway/srm/money-findings. */
export const moneyFindingsQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  documentKind: z.enum(MONEY_FINDING_KINDS).optional(),
  /** Part of a document number. */
  documentNo: textSchema(64).optional(),
});
export type MoneyFindingsQuery = z.infer<typeof moneyFindingsQuerySchema>;

export const moneyFindingSchema = z.object({
  id: idReplySchema,
  documentKind: z.enum(MONEY_FINDING_KINDS),
  documentId: idReplySchema,
  documentNo: z.string(),
  /** Null for the document's total. */
  lineNo: z.number().int().nullable(),
  oldAmount: moneyReplySchema,
  exactAmount: moneyReplySchema,
  /** exact − old: what the stored figure is short (positive) or over (negative). */
  differenceAmount: moneyReplySchema,
  currency: z.string(),
  /** The document's amount places. */
  places: z.number().int(),
  createdAt: timestampSchema,
});
export type MoneyFinding = z.input<typeof moneyFindingSchema>;

export const moneyFindingPageSchema = pageReplySchema(moneyFindingSchema);
