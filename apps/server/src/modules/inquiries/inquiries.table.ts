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
 * Buyer only (no `supplier_tenant_id`, so row-level security keeps it one-party): an inquiry, the
 * buyer's request for quotation. The suppliers read what they may of it through their quotations,
 * which carry a copy of the header; the target prices, the invitees and the award reasons never leave.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    inquiryNo: text('inquiry_no').notNull(),
    title: text('title').notNull(),
    status: integer('status').notNull().default(0),
    /** 1 for the first round; a new round adds one and invites again. */
    round: integer('round').notNull().default(1),
    quoteDeadline: tstz('quote_deadline'),
    sealed: boolean('sealed').notNull().default(true),
    currency: text('currency').notNull().default('CNY'),
    taxIncluded: boolean('tax_included').notNull().default(true),
    paymentTerms: text('payment_terms').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    /** The archive suppliers invited: the draft's choice, then the current round's. */
    supplierIds: jsonb('supplier_ids').$type<string[]>().notNull().default([]),
    /** The buyer's decimal places, carried to the quotations so each supplier rounds its bids alike. */
    decimalPlaces: jsonb('decimal_places')
      .$type<DecimalPlaces>()
      .notNull()
      .default({ quantity: 2, price: 4, amount: 2 }),
    lineCount: integer('line_count').notNull().default(0),
    cancelReason: text('cancel_reason').notNull().default(''),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    publishedAt: tstz('published_at'),
    closedAt: tstz('closed_at'),
    openedAt: tstz('opened_at'),
    openedBy: bigId('opened_by'),
    awardedAt: tstz('awarded_at'),
    awardedBy: bigId('awarded_by'),
    /** Set by the one `POST /:id/orders` that made the award's draft orders; retries find it set. */
    ordersMadeAt: tstz('orders_made_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inquiries_no_uq').on(t.tenantId, t.inquiryNo),
    // The list opens newest first (read backwards): a page of 20 reads 20 index entries.
    index('inquiries_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/**
 * Buyer only: one line of an inquiry, a material of the archive with its valid drawing copied in.
 * `target_price` never leaves the buyer; `awarded_qty` and `award_reason` are the award's, per line.
 */
export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    inquiryId: bigId('inquiry_id').notNull(),
    lineNo: integer('line_no').notNull(),
    materialId: bigId('material_id').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    unitNo: text('unit_no').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    drawingNo: text('drawing_no').notNull().default(''),
    drawingVersion: integer('drawing_version'),
    qty: numeric('qty').notNull(),
    requiredDate: date('required_date', { mode: 'string' }).notNull(),
    targetPrice: numeric('target_price'),
    remark: text('remark').notNull().default(''),
    awardedQty: numeric('awarded_qty').notNull().default('0'),
    awardReason: text('award_reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inquiry_lines_no_uq').on(t.tenantId, t.inquiryId, t.lineNo),
  ],
);
