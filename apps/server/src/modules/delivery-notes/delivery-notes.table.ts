import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

/** Quantities are unconstrained `numeric`, rounded by the service to the order's decimal places. */
const decimal = (name: string) => numeric(name);

/**
 * Two-party (buyer-owned, supplier-written): one delivery note, which the buyer reads as its delivery
 * notice. The supplier creates and sends it (checked in its own context, inserted in the buyer's, as
 * inventory reports do); the buyer writes arrival, receipt, inspection and warehousing. `owner_id` and
 * `dept_id` come from the first order of the note, so the buyer's data scope applies to notices too.
 * Status codes: `DELIVERY_NOTE_STATUS` in packages/shared/src/delivery-notes.states.ts.
 */
export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    noteNo: text('note_no').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    status: integer('status').notNull().default(0),
    shipDate: date('ship_date', { mode: 'string' }).notNull(),
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    carrier: text('carrier').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    remark: text('remark').notNull().default(''),
    lineCount: integer('line_count').notNull().default(0),
    packageCount: integer('package_count').notNull().default(0),
    totalQty: decimal('total_qty').notNull().default('0'),
    /** The supplier's user who made the note (a user id of the supplier enterprise). */
    createdBy: bigId('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    sentAt: tstz('sent_at'),
    /** Arrival registered by the buyer; its date is the receipt date of the on-time report. */
    arrivedAt: tstz('arrived_at'),
    arrivedBy: bigId('arrived_by'),
    acceptedAt: tstz('accepted_at'),
    warehousedAt: tstz('warehoused_at'),
    cancelledAt: tstz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('delivery_notes_no_uq').on(t.tenantId, t.noteNo),
    index('delivery_notes_status_idx').on(t.tenantId, t.status),
    index('delivery_notes_supplier_idx').on(t.tenantId, t.supplierId),
    index('delivery_notes_supplier_tenant_idx').on(t.supplierTenantId, t.status),
  ],
);

/**
 * One line of a delivery note: a quantity of one order line (and, when it was planned, of one
 * receiving-plan line). Material fields are copied from the order line at creation. The supplier
 * writes `qty` and `batch_no` while the note is a draft; the buyer writes the received, qualified,
 * unqualified and warehoused quantities. Rejected quantities never block the accepted ones:
 * `qualified_qty + unqualified_qty <= received_qty`, and what is qualified (or not to be inspected)
 * is warehoused on its own.
 */
export const deliveryNoteLines = pgTable(
  'delivery_note_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    noteId: bigId('note_id').notNull(),
    lineNo: integer('line_no').notNull(),
    orderId: bigId('order_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    orderNo: text('order_no').notNull(),
    orderLineNo: integer('order_line_no').notNull(),
    planLineId: bigId('plan_line_id'),
    materialId: bigId('material_id'),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    supPrdtNo: text('sup_prdt_no').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    qty: decimal('qty').notNull(),
    batchNo: text('batch_no').notNull().default(''),
    /** The material needs incoming inspection (enterprise material `isCheck`), copied at creation. */
    isCheck: boolean('is_check').notNull().default(false),
    /** The date the quantity is due: the plan line's date, else the confirmed (else requested) date. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    warehouseId: bigId('warehouse_id'),
    receivedQty: decimal('received_qty').notNull().default('0'),
    qualifiedQty: decimal('qualified_qty').notNull().default('0'),
    unqualifiedQty: decimal('unqualified_qty').notNull().default('0'),
    warehousedQty: decimal('warehoused_qty').notNull().default('0'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('delivery_note_lines_no_uq').on(t.tenantId, t.noteId, t.lineNo),
    index('delivery_note_lines_order_line_idx').on(t.tenantId, t.orderLineId),
    index('delivery_note_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * One package of a delivery note line, with its label. Packing follows the material-customer
 * packaging quantities: `materialQty` per small package, `smallQty` small packages per large one.
 * `kind` 1 small, 2 large; a small package inside a large one names it in `parent_id`. Scanning a
 * large package receives every small package in it. `package_no` is the code on the label.
 */
export const deliveryPackages = pgTable(
  'delivery_packages',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    noteId: bigId('note_id').notNull(),
    lineId: bigId('line_id').notNull(),
    packageNo: text('package_no').notNull(),
    kind: integer('kind').notNull().default(1),
    parentId: bigId('parent_id'),
    seq: integer('seq').notNull(),
    qty: decimal('qty').notNull(),
    batchNo: text('batch_no').notNull().default(''),
    receivedAt: tstz('received_at'),
    receivedBy: bigId('received_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('delivery_packages_no_uq').on(t.tenantId, t.packageNo),
    index('delivery_packages_note_idx').on(t.tenantId, t.noteId, t.lineId),
    index('delivery_packages_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
