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
type Break = { minQty: string; price: string };

/**
 * Two-party (buyer-owned): one invited supplier's quotation in one round of an inquiry. It carries the
 * part of the inquiry the supplier may read (number, title, terms, deadline) so the supplier never
 * reads the inquiry itself. `supplier_tenant_id` is null for a supplier off the network, whose quote
 * the buyer records. `quote_deadline` and `closed_at` decide in the claiming statement, by the
 * database clock, whether the supplier may still change it.
 */
export const quotations = pgTable(
  'quotations',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    inquiryId: bigId('inquiry_id').notNull(),
    round: integer('round').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    offline: boolean('offline').notNull().default(false),
    status: integer('status').notNull().default(0),
    inquiryNo: text('inquiry_no').notNull(),
    title: text('title').notNull(),
    quoteDeadline: tstz('quote_deadline').notNull(),
    /** Quoting ended for this quotation (close, cancel, a new round): set once, cleared by an extension. */
    closedAt: tstz('closed_at'),
    sealed: boolean('sealed').notNull().default(true),
    currency: text('currency').notNull(),
    taxIncluded: boolean('tax_included').notNull(),
    paymentTerms: text('payment_terms').notNull().default(''),
    deliveryAddress: text('delivery_address').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    decimalPlaces: jsonb('decimal_places').$type<DecimalPlaces>().notNull(),
    lineCount: integer('line_count').notNull().default(0),
    /** The supplier's remark on its quotation. */
    remark: text('remark').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    revisionDiscarded: boolean('revision_discarded').notNull().default(false),
    viewedAt: tstz('viewed_at'),
    submittedAt: tstz('submitted_at'),
    declinedAt: tstz('declined_at'),
    /** The buyer's user who recorded the quote of a supplier off the network, when, and its documents. */
    recordedBy: bigId('recorded_by'),
    recordedAt: tstz('recorded_at'),
    recordAttachments: jsonb('record_attachments').$type<FileRef[]>().notNull().default([]),
    /** When the bid figures reached `quotation_lines` (opening, a recorded or an unsealed quote). */
    revealedAt: tstz('revealed_at'),
    /** The draft purchase order made from this quotation's award. */
    orderId: bigId('order_id'),
    orderNo: text('order_no').notNull().default(''),
    /** The inquiry's owner and department: the buyer's data scope applies to its quotations too. */
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('quotations_inquiry_idx').on(t.tenantId, t.inquiryId, t.round),
    index('quotations_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('quotations_supplier_tenant_idx').on(t.supplierTenantId, t.createdAt, t.id),
  ],
);

/**
 * Two-party (buyer-owned): one line of a quotation, the comparison row of that line and supplier.
 * The inquiry line as the supplier reads it (never its target price); the bid figures are empty until
 * they are revealed: copied from the supplier's sealed `quotation_bids` at opening, or written by
 * the buyer for a supplier off the network. `award_*` and `order_line_no` are the award's.
 */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    quotationId: bigId('quotation_id').notNull(),
    inquiryLineId: bigId('inquiry_line_id').notNull(),
    lineNo: integer('line_no').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    drawingNo: text('drawing_no').notNull().default(''),
    drawingVersion: integer('drawing_version'),
    qty: numeric('qty').notNull(),
    requiredDate: date('required_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    noBid: boolean('no_bid'),
    noBidReason: text('no_bid_reason').notNull().default(''),
    unitPrice: numeric('unit_price'),
    taxRate: numeric('tax_rate'),
    leadDays: integer('lead_days'),
    moq: numeric('moq'),
    validUntil: date('valid_until', { mode: 'string' }),
    priceBreaks: jsonb('price_breaks').$type<Break[]>(),
    bidRemark: text('bid_remark').notNull().default(''),
    awardQty: numeric('award_qty'),
    awardPrice: numeric('award_price'),
    /** The line of the draft purchase order made from this award (the order is the quotation's). */
    orderLineNo: integer('order_line_no'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('quotation_lines_no_uq').on(t.tenantId, t.quotationId, t.lineNo),
    index('quotation_lines_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/**
 * Supplier only — the sealed bids. `tenant_id` is the supplier (for a quote the buyer recorded for a
 * supplier off the network, on a sealed inquiry: the buyer, until the opening); the buyer is `buyer_tenant_id`, not
 * `supplier_tenant_id`, so row-level security gives the buyer no policy to read them by: before
 * opening, no service, export, report or dataset of the buyer can reach a bid. Per quotation line two
 * rows at most: the supplier's working bid and, once submitted, the submitted one (`submitted`), which
 * is what counts at the close and what opening copies into `quotation_lines`.
 */
export const quotationBids = pgTable(
  'quotation_bids',
  {
    tenantId: tenantIdColumn(),
    buyerTenantId: bigId('buyer_tenant_id').notNull(),
    /** The quotation line's id. */
    lineId: bigId('line_id').notNull(),
    quotationId: bigId('quotation_id').notNull(),
    submitted: boolean('submitted').notNull(),
    noBid: boolean('no_bid').notNull().default(false),
    noBidReason: text('no_bid_reason').notNull().default(''),
    unitPrice: numeric('unit_price'),
    taxRate: numeric('tax_rate').notNull().default('0'),
    leadDays: integer('lead_days'),
    moq: numeric('moq'),
    validUntil: date('valid_until', { mode: 'string' }),
    priceBreaks: jsonb('price_breaks').$type<Break[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.lineId, t.submitted] }),
    index('quotation_bids_quotation_idx').on(t.tenantId, t.quotationId),
  ],
);
