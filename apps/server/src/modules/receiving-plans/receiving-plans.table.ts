import { date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

/** Quantities are unconstrained `numeric`, rounded by the service to the order's decimal places. */
const decimal = (name: string) => numeric(name);

/**
 * Two-party (buyer-owned): a receiving plan over lines of one purchase order. `line_count`,
 * `total_qty` and the first and last planned dates are kept by the service for the list.
 */
export const receivingPlans = pgTable(
  'receiving_plans',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    planNo: text('plan_no').notNull(),
    orderId: bigId('order_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    status: integer('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    lineCount: integer('line_count').notNull().default(0),
    totalQty: decimal('total_qty').notNull().default('0'),
    firstDate: date('first_date', { mode: 'string' }),
    lastDate: date('last_date', { mode: 'string' }),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: tstz('sent_at'),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('receiving_plans_no_uq').on(t.tenantId, t.planNo),
    index('receiving_plans_order_idx').on(t.tenantId, t.orderId),
    index('receiving_plans_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * Two-party (buyer-owned): one dated delivery of an order line. The buyer writes quantity and date;
 * the supplier writes only `proposed_date` and `supplier_remark` (its answer). `delivered_qty` is kept
 * by the delivery module; the live deliveries of an order line never total more than its confirmed
 * quantity (checked under a lock on the order line).
 */
export const receivingPlanLines = pgTable(
  'receiving_plan_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    planId: bigId('plan_id').notNull(),
    orderId: bigId('order_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    lineNo: integer('line_no').notNull(),
    plannedQty: decimal('planned_qty').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    status: integer('status').notNull().default(0),
    proposedDate: date('proposed_date', { mode: 'string' }),
    supplierRemark: text('supplier_remark').notNull().default(''),
    deliveredQty: decimal('delivered_qty').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('receiving_plan_lines_no_uq').on(t.tenantId, t.planId, t.lineNo),
    index('receiving_plan_lines_plan_idx').on(t.tenantId, t.planId),
    index('receiving_plan_lines_order_line_idx').on(t.tenantId, t.orderLineId),
    index('receiving_plan_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * Two-party (buyer-owned): an urgent delivery notice to one supplier. The buyer writes the required
 * date, reason and quantities; the supplier writes only its answer (`supplier_remark`, and the
 * available quantity and date of each line).
 */
export const urgentDeliveries = pgTable(
  'urgent_deliveries',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    noticeNo: text('notice_no').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    status: integer('status').notNull().default(1),
    requiredDate: date('required_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    supplierRemark: text('supplier_remark').notNull().default(''),
    lineCount: integer('line_count').notNull().default(0),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    acknowledgedAt: tstz('acknowledged_at'),
    answeredAt: tstz('answered_at'),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('urgent_deliveries_no_uq').on(t.tenantId, t.noticeNo),
    index('urgent_deliveries_supplier_idx').on(t.tenantId, t.supplierId),
    index('urgent_deliveries_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

export const urgentDeliveryLines = pgTable(
  'urgent_delivery_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    noticeId: bigId('notice_id').notNull(),
    lineNo: integer('line_no').notNull(),
    orderId: bigId('order_id').notNull(),
    orderLineId: bigId('order_line_id').notNull(),
    qty: decimal('qty').notNull(),
    remark: text('remark').notNull().default(''),
    availableQty: decimal('available_qty'),
    availableDate: date('available_date', { mode: 'string' }),
    supplierRemark: text('supplier_remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('urgent_delivery_lines_no_uq').on(t.tenantId, t.noticeId, t.lineNo),
    index('urgent_delivery_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * Two-party, owned by the buyer whose material it is (docs/decisions.md): one stock report of one
 * material by one supplier. Written by the supplier, never updated; the newest row per supplier and
 * material is the current stock. Code, name and unit are copied from the order line the material was
 * ordered on, as the supplier saw them.
 */
export const inventoryReports = pgTable(
  'inventory_reports',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id').notNull(),
    id: bigId('id').notNull(),
    supplierId: bigId('supplier_id'),
    materialId: bigId('material_id').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    qty: decimal('qty').notNull(),
    remark: text('remark').notNull().default(''),
    reportedBy: bigId('reported_by'),
    reportedByName: text('reported_by_name').notNull().default(''),
    reportedAt: tstz('reported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('inventory_reports_latest_idx').on(t.tenantId, t.supplierTenantId, t.materialId, t.reportedAt),
    index('inventory_reports_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
