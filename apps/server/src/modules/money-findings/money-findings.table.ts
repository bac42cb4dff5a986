import { bigint, index, integer, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz } from '../../db/columns.ts';

/**
 * Tenant: one stored amount of an agreed document that differs from the exact figure (issue 16,
 * migration 0011). Before the shared money module, order and receipt amounts went through floating
 * point; documents not yet agreed were recomputed, agreed ones keep what both sides agreed to and are
 * listed here for the administrator. `line_no` is null for the document's total. Written only by the
 * migration's `money_recompute()`, so its ids come from the database.
 */
export const moneyRecomputeFindings = pgTable(
  'money_recompute_findings',
  {
    tenantId: tenantIdColumn(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** `MONEY_FINDING_KINDS`: purchaseOrder, receipt, reconciliation. */
    documentKind: text('document_kind').notNull(),
    documentId: bigId('document_id').notNull(),
    documentNo: text('document_no').notNull(),
    lineNo: integer('line_no'),
    oldAmount: numeric('old_amount').notNull(),
    exactAmount: numeric('exact_amount').notNull(),
    currency: text('currency').notNull().default(''),
    /** The document's amount places, which the exact figure was rounded to. */
    places: integer('places').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('money_recompute_findings_document_idx').on(t.tenantId, t.documentKind, t.documentNo, t.lineNo),
  ],
);

/**
 * Global: what each run of `money_recompute()` did, across all enterprises. The migrator prints a run
 * once and stamps `reported_at` (the migration's own notices never reach the console).
 */
export const moneyRecomputeRuns = pgTable('money_recompute_runs', {
  id: serial('id').primaryKey(),
  /** Documents not yet agreed whose amounts were recomputed. */
  recomputed: integer('recomputed').notNull(),
  /** Of those, the documents whose stored figures changed. */
  corrected: integer('corrected').notNull(),
  /** Agreed documents with at least one finding. */
  listed: integer('listed').notNull(),
  ranAt: createdAt(),
  reportedAt: tstz('reported_at'),
});
