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
export type StoredPriceBreak = { minQty: string; price: string };

/**
 * Two-party (buyer-owned): a contract with a supplier, which the supplier reads as a customer
 * contract. `supplier_tenant_id` is stamped when it is sent; `supplier_id` is the buyer's archive row.
 * Money and quantities are `numeric`, rounded by the buyer's decimal places, which the contract keeps.
 */
export const contracts = pgTable(
  'contracts',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    contractNo: text('contract_no').notNull(),
    kind: text('kind').notNull().default('framework'),
    supplierId: bigId('supplier_id').notNull(),
    title: text('title').notNull().default(''),
    status: integer('status').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Valid through the end of this day in the buyer's time zone. */
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    taxIncluded: boolean('tax_included').notNull().default(true),
    paymentTerms: text('payment_terms').notNull().default(''),
    terms: text('terms').notNull().default(''),
    amountCap: numeric('amount_cap'),
    /** What live order lines drawing on its lines hold, at their prices (`contract_amount` summed). */
    orderedAmount: numeric('ordered_amount').notNull().default('0'),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    lineCount: integer('line_count').notNull().default(0),
    returnReason: text('return_reason').notNull().default(''),
    terminateReason: text('terminate_reason').notNull().default(''),
    decimalPlaces: jsonb('decimal_places')
      .$type<DecimalPlaces>()
      .notNull()
      .default({ quantity: 2, price: 4, amount: 2 }),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: tstz('sent_at'),
    signedAt: tstz('signed_at'),
    countersignedAt: tstz('countersigned_at'),
    endedAt: tstz('ended_at'),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('contracts_no_uq').on(t.tenantId, t.contractNo),
    index('contracts_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('contracts_supplier_tenant_idx').on(t.supplierTenantId, t.createdAt, t.id),
    // The expiry job reads the effective contracts of one enterprise ending before its today.
    index('contracts_status_valid_to_idx').on(t.tenantId, t.status, t.validTo),
  ],
);

/**
 * Two-party (buyer-owned): one agreed line. `ordered_qty` is what live order lines naming it hold
 * (`purchase_order_lines.contract_qty` summed), moved only by one conditional update per step, so the
 * cap `qty_cap` holds under concurrent orders (docs/contracts.md).
 */
export const contractLines = pgTable(
  'contract_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    contractId: bigId('contract_id').notNull(),
    lineNo: integer('line_no').notNull(),
    materialId: bigId('material_id').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    unitNo: text('unit_no').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    price: numeric('price'),
    taxRate: numeric('tax_rate').notNull().default('0'),
    priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull().default([]),
    qtyCap: numeric('qty_cap'),
    orderedQty: numeric('ordered_qty').notNull().default('0'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('contract_lines_no_uq').on(t.tenantId, t.contractId, t.lineNo),
    index('contract_lines_material_idx').on(t.tenantId, t.materialId),
    index('contract_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
