import { date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, version } from '../../db/columns.ts';

const decimal = (name: string) => numeric(name);

/**
 * Two-party (buyer-owned): one inspection of a delivery note line. A line may be inspected several
 * times (e.g. a sample, then the rest); the line keeps the running totals.
 */
export const receiptInspections = pgTable(
  'receipt_inspections',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    noteId: bigId('note_id').notNull(),
    noteLineId: bigId('note_line_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    /** Copied from the note and its line so the yield reports read this table alone. */
    supplierId: bigId('supplier_id'),
    prdtNo: text('prdt_no').notNull().default(''),
    prdtName: text('prdt_name').notNull().default(''),
    seq: integer('seq').notNull(),
    inspectedQty: decimal('inspected_qty').notNull(),
    qualifiedQty: decimal('qualified_qty').notNull(),
    unqualifiedQty: decimal('unqualified_qty').notNull(),
    /** Code of the unqualified reason (basic-data dictionary or free code); empty when all qualified. */
    reasonCode: text('reason_code').notNull().default(''),
    reason: text('reason').notNull().default(''),
    inspectorId: bigId('inspector_id'),
    inspectorName: text('inspector_name').notNull().default(''),
    inspectedAt: tstz('inspected_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('receipt_inspections_seq_uq').on(t.tenantId, t.noteLineId, t.seq),
    index('receipt_inspections_note_idx').on(t.tenantId, t.noteId),
    index('receipt_inspections_date_idx').on(t.tenantId, t.inspectedAt),
    index('receipt_inspections_supplier_tenant_idx').on(t.supplierTenantId, t.inspectedAt),
  ],
);

/**
 * Two-party (buyer-owned): a warehousing receipt — the accepted quantities of one delivery note put
 * into one warehouse. Its lines carry the order's price at that moment; reconciliation reads them.
 */
export const receipts = pgTable(
  'receipts',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    receiptNo: text('receipt_no').notNull(),
    noteId: bigId('note_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    warehouseId: bigId('warehouse_id'),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
    lineCount: integer('line_count').notNull().default(0),
    totalQty: decimal('total_qty').notNull().default('0'),
    totalAmount: decimal('total_amount').notNull().default('0'),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdBy: bigId('created_by'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('receipts_no_uq').on(t.tenantId, t.receiptNo),
    index('receipts_note_idx').on(t.tenantId, t.noteId),
    index('receipts_supplier_date_idx').on(t.tenantId, t.supplierId, t.receiptDate),
    index('receipts_supplier_tenant_idx').on(t.supplierTenantId, t.receiptDate),
  ],
);

/**
 * One warehoused quantity of one order line. `arrival_date` (the note's arrival) and `due_date` feed
 * the on-time report; price, tax rate and amount are the order line's when warehoused.
 * `reconciliation_id` is set while the line is on a live statement (one statement per line).
 */
export const receiptLines = pgTable(
  'receipt_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    receiptId: bigId('receipt_id').notNull(),
    lineNo: integer('line_no').notNull(),
    noteId: bigId('note_id').notNull(),
    noteLineId: bigId('note_line_id').notNull(),
    orderId: bigId('order_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    orderNo: text('order_no').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    materialId: bigId('material_id'),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    qty: decimal('qty').notNull(),
    price: decimal('price').notNull().default('0'),
    taxRate: decimal('tax_rate').notNull().default('0'),
    amount: decimal('amount').notNull().default('0'),
    currency: text('currency').notNull().default('CNY'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    arrivalDate: date('arrival_date', { mode: 'string' }).notNull(),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
    reconciliationId: bigId('reconciliation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('receipt_lines_no_uq').on(t.tenantId, t.receiptId, t.lineNo),
    index('receipt_lines_supplier_date_idx').on(t.tenantId, t.supplierId, t.receiptDate),
    index('receipt_lines_due_idx').on(t.tenantId, t.dueDate),
    index('receipt_lines_order_line_idx').on(t.tenantId, t.orderLineId),
    index('receipt_lines_reconciliation_idx').on(t.tenantId, t.reconciliationId),
    index('receipt_lines_supplier_tenant_idx').on(t.supplierTenantId, t.receiptDate),
  ],
);

/**
 * Two-party (buyer-owned): one due line — an order line and a date it is due on — with its due
 * quantity and what was warehoused against it, and how much of that arrived on or before the date.
 * A planned order line is due by its live plan lines (plan sent, line not cancelled), an unplanned
 * one by its confirmed (else ordered) quantity on its confirmed (else requested) date; `due_qty` is
 * null for a date that only receipts name (e.g. a plan line cancelled after delivery). Recomputed
 * by `refresh_order_due_lines` (migration 0008) whenever an order, order line, plan, plan line or
 * receipt line that decides it is written. A supplier not on the platform (no enterprise), an
 * absent owner or department is stored as 0.
 */
export const orderDueLines = pgTable(
  'order_due_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    supplierId: bigId('supplier_id').notNull(),
    ownerId: bigId('owner_id').notNull(),
    deptId: bigId('dept_id').notNull(),
    dueQty: decimal('due_qty'),
    receivedQty: decimal('received_qty').notNull(),
    onTimeQty: decimal('on_time_qty').notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_due_lines_pk', columns: [t.tenantId, t.orderLineId, t.dueDate] }),
    index('order_due_lines_supplier_tenant_idx').on(t.supplierTenantId, t.orderLineId),
  ],
);

/**
 * Two-party (buyer-owned): the due lines of one day, per supplier and per owner and department of
 * their orders (a buyer's data scope): how many, the due quantity, the on-time part (each line's
 * capped at its due quantity) and what was received against them. Kept exact by the
 * `due_day_total` trigger on `order_due_lines` (migration 0008), so the on-time report over a year
 * reads a few hundred rows per supplier instead of every due line.
 */
export const dueDayTotals = pgTable(
  'due_day_totals',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    ownerId: bigId('owner_id').notNull(),
    deptId: bigId('dept_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    dueLines: integer('due_lines').notNull(),
    dueQty: decimal('due_qty').notNull(),
    onTimeQty: decimal('on_time_qty').notNull(),
    receivedQty: decimal('received_qty').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'due_day_totals_pk',
      columns: [t.tenantId, t.supplierTenantId, t.supplierId, t.ownerId, t.deptId, t.day],
    }),
    index('due_day_totals_supplier_tenant_idx').on(t.supplierTenantId, t.day),
  ],
);

/**
 * Two-party (buyer-owned): the inspections of one day, per supplier and per owner and department of
 * their delivery notes (a buyer's data scope). Kept exact by the `inspection_day_total` trigger
 * (migration 0007), so the yield report over a year reads a few hundred rows per supplier instead of
 * every inspection. Absent supplier, owner or department is stored as 0.
 */
export const inspectionDayTotals = pgTable(
  'inspection_day_totals',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    ownerId: bigId('owner_id').notNull(),
    deptId: bigId('dept_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    inspections: integer('inspections').notNull(),
    inspectedQty: decimal('inspected_qty').notNull(),
    qualifiedQty: decimal('qualified_qty').notNull(),
    unqualifiedQty: decimal('unqualified_qty').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'inspection_day_totals_pk',
      columns: [t.tenantId, t.supplierTenantId, t.supplierId, t.ownerId, t.deptId, t.day],
    }),
    index('inspection_day_totals_supplier_tenant_idx').on(t.supplierTenantId, t.day),
  ],
);

/**
 * Two-party (buyer-owned): the inspections of one material in one month (the buyer's zone), per
 * supplier, owner and department. Kept exact by the `inspection_material_month` trigger (migration
 * 0023), so quality yield by material over a year reads one row per material and month.
 */
export const inspectionMaterialMonths = pgTable(
  'inspection_material_months',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    ownerId: bigId('owner_id').notNull(),
    deptId: bigId('dept_id').notNull(),
    prdtNo: text('prdt_no').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    prdtName: text('prdt_name').notNull(),
    inspections: integer('inspections').notNull(),
    inspectedQty: decimal('inspected_qty').notNull(),
    qualifiedQty: decimal('qualified_qty').notNull(),
    unqualifiedQty: decimal('unqualified_qty').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'inspection_material_months_pk',
      columns: [t.tenantId, t.supplierTenantId, t.supplierId, t.ownerId, t.deptId, t.prdtNo, t.month],
    }),
    index('inspection_material_months_month_idx').on(t.tenantId, t.month),
    index('inspection_material_months_supplier_tenant_idx').on(t.supplierTenantId, t.month),
  ],
);
