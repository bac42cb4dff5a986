import { date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

const decimal = (name: string) => numeric(name);

/**
 * Two-party (buyer-owned, drafted by either side): one reconciliation statement over warehoused
 * receipt lines of one supplier and one period. `drafted_by` is 'buyer' or 'supplier'; the other
 * side answers the lines, then both confirm. Totals are kept by the service. Status codes:
 * `RECONCILIATION_STATUS` in packages/shared/src/reconciliations.states.ts.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    statementNo: text('statement_no').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: integer('status').notNull().default(0),
    draftedBy: text('drafted_by').notNull(),
    currency: text('currency').notNull().default('CNY'),
    lineCount: integer('line_count').notNull().default(0),
    totalQty: decimal('total_qty').notNull().default('0'),
    totalAmount: decimal('total_amount').notNull().default('0'),
    /** Sum over disputed lines of (proposed amount − statement amount). */
    differenceAmount: decimal('difference_amount').notNull().default('0'),
    remark: text('remark').notNull().default(''),
    buyerConfirmedAt: tstz('buyer_confirmed_at'),
    buyerConfirmedBy: text('buyer_confirmed_by').notNull().default(''),
    supplierConfirmedAt: tstz('supplier_confirmed_at'),
    supplierConfirmedBy: text('supplier_confirmed_by').notNull().default(''),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('reconciliations_no_uq').on(t.tenantId, t.statementNo),
    index('reconciliations_supplier_idx').on(t.tenantId, t.supplierId, t.periodFrom),
    index('reconciliations_supplier_tenant_idx').on(t.supplierTenantId, t.status),
  ],
);

/**
 * One receipt line on a statement, with the order's price. The answering side agrees or disputes it
 * with a reason and the quantity and price it holds right; the difference stays on the line.
 */
export const reconciliationLines = pgTable(
  'reconciliation_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    reconciliationId: bigId('reconciliation_id').notNull(),
    lineNo: integer('line_no').notNull(),
    receiptLineId: bigId('receipt_line_id').notNull(),
    receiptNo: text('receipt_no').notNull(),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
    orderNo: text('order_no').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    unitName: text('unit_name').notNull().default(''),
    qty: decimal('qty').notNull(),
    price: decimal('price').notNull(),
    taxRate: decimal('tax_rate').notNull().default('0'),
    amount: decimal('amount').notNull(),
    /** `RECONCILIATION_LINE_STATUS`: 0 open, 1 agreed, 2 disputed. */
    status: integer('status').notNull().default(0),
    disputeReason: text('dispute_reason').notNull().default(''),
    disputeQty: decimal('dispute_qty'),
    disputePrice: decimal('dispute_price'),
    differenceAmount: decimal('difference_amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('reconciliation_lines_no_uq').on(t.tenantId, t.reconciliationId, t.lineNo),
    index('reconciliation_lines_receipt_line_idx').on(t.tenantId, t.receiptLineId),
    index('reconciliation_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
