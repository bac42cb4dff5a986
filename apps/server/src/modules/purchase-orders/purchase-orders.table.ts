import type { DecimalPlaces } from '@concord/shared';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

type FileRef = { name: string; url: string };

/**
 * Money and quantities are unconstrained `numeric`, rounded by the service to the tenant's
 * decimal-places settings before they are written, and carried as decimal strings in JSON.
 */
const decimal = (name: string) => numeric(name);

/**
 * Two-party (buyer-owned): one purchase order, which the supplier reads as a customer order. The
 * buyer's `tenant_id` owns it; `supplier_tenant_id` is the joined supplier enterprise. `supplier_id` is
 * the buyer's archive row in `suppliers`. `revision` starts at 1 and grows with each sent change.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    orderNo: text('order_no').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    status: integer('status').notNull().default(0),
    revision: integer('revision').notNull().default(1),
    currency: text('currency').notNull().default('CNY'),
    taxIncluded: boolean('tax_included').notNull().default(true),
    paymentTerms: text('payment_terms').notNull().default(''),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    remarks: text('remarks').notNull().default(''),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    /** Sum of the line amounts, kept by the service so a list never sums thousands of lines. */
    totalAmount: decimal('total_amount').notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    /**
     * The buyer's decimal places the order was rounded with. Kept on the order so the supplier, who
     * cannot read the buyer's settings, rounds its counter-proposals the same way.
     */
    decimalPlaces: jsonb('decimal_places')
      .$type<DecimalPlaces>()
      .notNull()
      .default({ quantity: 2, price: 4, amount: 2 }),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: tstz('sent_at'),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('purchase_orders_no_uq').on(t.tenantId, t.orderNo),
    index('purchase_orders_supplier_idx').on(t.tenantId, t.supplierId),
    // Both sides' lists open newest first (read backwards): a page of 20 reads 20 index entries.
    index('purchase_orders_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('purchase_orders_supplier_tenant_idx').on(t.supplierTenantId, t.createdAt, t.id),
  ],
);

/**
 * How many orders share one value of every dimension a list can be counted by without reading the
 * orders (both sides' tenants, archive supplier, owner, department, status). Kept exact by the
 * `purchase_order_tally` trigger (migration 0006), so an unfiltered list of 50,000 orders counts a
 * handful of rows. Absent owner, department or supplier enterprise is stored as 0.
 */
export const purchaseOrderTallies = pgTable(
  'purchase_order_tallies',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    ownerId: bigId('owner_id').notNull(),
    deptId: bigId('dept_id').notNull(),
    status: integer('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'purchase_order_tallies_pk',
      columns: [t.tenantId, t.supplierTenantId, t.supplierId, t.ownerId, t.deptId, t.status],
    }),
    index('purchase_order_tallies_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * Two-party (buyer-owned): one order line. The buyer writes material, quantity, price and dates; the
 * supplier writes only `confirmed_*`, `proposed_*` and `supplier_remark` (its reply). `delivered_qty`
 * and `received_qty` are kept by the delivery and receiving modules; a change may not take `qty` below
 * `delivered_qty`.
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    orderId: bigId('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    materialId: bigId('material_id'),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    supPrdtNo: text('sup_prdt_no').notNull().default(''),
    unitNo: text('unit_no').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    qty: decimal('qty').notNull(),
    price: decimal('price').notNull().default('0'),
    taxRate: decimal('tax_rate').notNull().default('0'),
    amount: decimal('amount').notNull().default('0'),
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    warehouseId: bigId('warehouse_id'),
    remark: text('remark').notNull().default(''),
    status: integer('status').notNull().default(0),
    confirmedQty: decimal('confirmed_qty'),
    confirmedDate: date('confirmed_date', { mode: 'string' }),
    proposedQty: decimal('proposed_qty'),
    proposedDate: date('proposed_date', { mode: 'string' }),
    supplierRemark: text('supplier_remark').notNull().default(''),
    deliveredQty: decimal('delivered_qty').notNull().default('0'),
    receivedQty: decimal('received_qty').notNull().default('0'),
    /** The contract line the order draws on, and what this line holds of its cap (docs/contracts.md). */
    contractLineId: bigId('contract_line_id'),
    contractQty: decimal('contract_qty').notNull().default('0'),
    contractAmount: decimal('contract_amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('purchase_order_lines_no_uq').on(t.tenantId, t.orderId, t.lineNo),
    index('purchase_order_lines_order_idx').on(t.tenantId, t.orderId),
    index('purchase_order_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/** One line of a change's diff: what the line was before the change and what it becomes. */
export type OrderLineSnapshot = {
  lineNo: number;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  supPrdtNo: string;
  unitNo: string;
  unitName: string;
  qty: string;
  price: string;
  taxRate: string;
  amount: string;
  requestedDate: string;
  warehouseId: string | null;
  remark: string;
  /** Kept by an existing line whatever a change says (fixed once the line exists). */
  contractLineId?: string | null;
};
export type OrderLineDiff = {
  lineNo: number;
  kind: 'added' | 'changed' | 'cancelled';
  before: OrderLineSnapshot | null;
  after: OrderLineSnapshot | null;
  fields: string[];
};
/** A diff line as stored: a changed line keeps only what it shows (identity, quantity, price, date, changed fields). */
export type StoredLineDiff = Omit<OrderLineDiff, 'before' | 'after'> & {
  before: Partial<OrderLineSnapshot> | null;
  after: Partial<OrderLineSnapshot> | null;
};

/**
 * Two-party (buyer-owned): a change request on a sent order (spec CHAN_SU). Sending it applies the
 * lines to the order as revision `revision` and keeps the diff against the previous revision, so the
 * history of every revision stays readable after later changes.
 */
export const purchaseOrderChanges = pgTable(
  'purchase_order_changes',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    changeNo: text('change_no').notNull(),
    orderId: bigId('order_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    /** The revision the order gets when this change is sent. */
    revision: integer('revision').notNull(),
    status: integer('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    /** The full proposed line set while the change is a draft (emptied when sent: the order holds it). */
    lines: jsonb('lines').$type<OrderLineSnapshot[]>().notNull().default([]),
    diff: jsonb('diff').$type<StoredLineDiff[]>().notNull().default([]),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: tstz('sent_at'),
    confirmedAt: tstz('confirmed_at'),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('purchase_order_changes_no_uq').on(t.tenantId, t.changeNo),
    index('purchase_order_changes_order_idx').on(t.tenantId, t.orderId),
    index('purchase_order_changes_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
