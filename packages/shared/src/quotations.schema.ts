import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { priceBreakInputSchema, priceBreakReplySchema } from './contracts.schema.ts';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { INQUIRY_MAX_LINES, inquiryLineShownFields } from './inquiries.schema.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema, statusFilterSchema } from './paging.ts';
import { dateSchema, decimalInputSchema, textSchema, versionSchema } from './primitives.ts';
import { uploadedFileRefSchema } from './qualifications.schema.ts';
import { QUOTATION_STATUS } from './quotations.states.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentHistoryEntrySchema,
  documentSideReplySchema,
  idReplySchema,
  moneyReplySchema,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/** Request and reply shapes of quotations: the supplier's bids on an inquiry (one resource, both sides). */

const text = textSchema;
const nonNegative = decimalInputSchema();

export const QUOTATION_MAX_PRICE_BREAKS = 10;
/** Lead times beyond ten years are typing errors. */
export const QUOTATION_MAX_LEAD_DAYS = 3650;

/**
 * The fields of the inquiry line a bid may not carry: they are the buyer's, and a supplier sending
 * them is told so (QUOTATION_BUYER_FIELDS) instead of having them silently dropped.
 */
export const QUOTATION_BUYER_FIELDS = [
  'targetPrice',
  'qty',
  'requiredDate',
  'materialId',
  'prdtNo',
  'prdtName',
  'lastPrice',
] as const;

/**
 * One line's bid: a unit price (with the tax rate it includes or excludes, as the inquiry says), lead
 * days, minimum order quantity, validity and price breaks by quantity, or `noBid` with a reason. A
 * saved draft may leave a line open; a submit needs every line priced or marked no-bid.
 */
export const quotationBidLineSchema = z.looseObject({
  lineId: srmIdSchema,
  noBid: z.boolean().default(false),
  noBidReason: text(200).default(''),
  unitPrice: nonNegative.nullable().default(null),
  /** Percent, e.g. 13 for 13 % VAT. */
  taxRate: decimalInputSchema({ max: '100' }).default('0'),
  leadDays: z
    .number()
    .int('invalid')
    .min(0, 'nonNegative')
    .max(QUOTATION_MAX_LEAD_DAYS, 'invalid')
    .nullable()
    .default(null),
  moq: nonNegative.nullable().default(null),
  validUntil: dateSchema.nullable().default(null),
  priceBreaks: z.array(priceBreakInputSchema).max(QUOTATION_MAX_PRICE_BREAKS, 'tooLong').default([]),
  remark: text(500).default(''),
});
export type QuotationBidLineInput = z.input<typeof quotationBidLineSchema>;

/** `PUT /:id`: the supplier saves its bids; lines left out keep what was saved before. */
export const quotationUpdateSchema = z.object({
  version: versionSchema,
  remark: text(1000).default(''),
  lines: z.array(quotationBidLineSchema).max(INQUIRY_MAX_LINES, 'tooLong').default([]),
});
export type QuotationUpdateInput = z.input<typeof quotationUpdateSchema>;

/** The supplier's own documents a recorded quote keeps (the faxed or mailed quote). */
export const QUOTATION_MAX_RECORD_ATTACHMENTS = 5;

/**
 * Body of `POST /:id/actions/:action`. decline: `reason`; record (the buyer, for a supplier off the
 * network, before the deadline): the quote's `lines`, `remark` and `attachments`, every line priced or
 * no-bid.
 */
export const quotationActionSchema = z
  .object({
    version: versionSchema.optional(),
    reason: text(500).optional(),
    remark: text(1000).optional(),
    lines: z.array(quotationBidLineSchema).max(INQUIRY_MAX_LINES, 'tooLong').optional(),
    attachments: z.array(uploadedFileRefSchema).max(QUOTATION_MAX_RECORD_ATTACHMENTS, 'tooLong').optional(),
  })
  .default({});
export type QuotationActionInput = z.input<typeof quotationActionSchema>;

/** One resource, both sides: the filter and its side are required (400 without them). */
export const quotationListSchema = listQuerySchema(z.object({})).extend({
  filter: z.object({
    /** buyer: the quotations of this enterprise's inquiries; supplier: its own, from its customers. */
    side: z.enum(['buyer', 'supplier']),
    inquiryId: srmIdSchema.optional(),
    inquiryNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: statusFilterSchema(QUOTATION_STATUS).optional(),
  }),
});
export type QuotationListQuery = z.input<typeof quotationListSchema>;

// ---------------------------------------------------------------------------------------------
// Replies

export const quotationListItemSchema = z.object({
  id: idReplySchema,
  inquiryId: idReplySchema,
  inquiryNo: z.string(),
  title: z.string(),
  round: z.number().int(),
  status: oneOfReplySchema(QUOTATION_STATUS),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  /** The buyer enterprise, as the supplier calls its customer. */
  customerTenantId: idReplySchema,
  customerName: z.string(),
  offline: z.boolean(),
  quoteDeadline: timestampSchema,
  /** Quoting is over for this quotation: the inquiry closed, was cancelled or moved to a new round. */
  closed: z.boolean(),
  currency: z.string(),
  lineCount: z.number().int(),
  submittedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type QuotationListItem = z.input<typeof quotationListItemSchema>;

export const quotationBidSchema = z.object({
  noBid: z.boolean(),
  noBidReason: z.string(),
  unitPrice: moneyReplySchema.nullable(),
  taxRate: decimalReplySchema,
  leadDays: z.number().int().nullable(),
  moq: decimalReplySchema.nullable(),
  validUntil: dayReplySchema.nullable(),
  priceBreaks: z.array(priceBreakReplySchema),
  remark: z.string(),
});
export type QuotationBid = z.input<typeof quotationBidSchema>;

/**
 * A line of the inquiry as the supplier sees it (never the target price), with the bid: the
 * supplier's own; for the buyer only once revealed (opened, recorded off the network, or unsealed).
 */
export const quotationLineSchema = z.object({
  id: idReplySchema,
  ...inquiryLineShownFields,
  remark: z.string(),
  bid: quotationBidSchema.nullable(),
  /** What the award gave this quotation on the line. */
  awardQty: decimalReplySchema.nullable(),
  awardPrice: moneyReplySchema.nullable(),
});
export type QuotationLine = z.input<typeof quotationLineSchema>;

export const quotationDetailSchema = quotationListItemSchema.extend({
  side: documentSideReplySchema,
  ...buyerTimeZoneReply,
  version: z.number().int(),
  sealed: z.boolean(),
  taxIncluded: z.boolean(),
  paymentTerms: z.string(),
  deliveryAddress: z.string(),
  /** The buyer's remarks on the inquiry. */
  remarks: z.string(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  decimalPlaces: decimalPlacesReplySchema,
  /** The supplier's remark on its quotation. */
  remark: z.string(),
  declineReason: z.string(),
  /** A revision was not submitted before the close: the last submitted bid counted. */
  revisionDiscarded: z.boolean(),
  /** The bid figures are readable by the caller (always for the supplier). */
  revealed: z.boolean(),
  /** Off the network: the buyer's user who recorded the quote, when, and the supplier's documents (buyer only). */
  recordedBy: z.string().nullable(),
  recordedAt: timestampSchema.nullable(),
  recordAttachments: z.array(z.object({ name: z.string(), url: z.string() })),
  viewedAt: timestampSchema.nullable(),
  declinedAt: timestampSchema.nullable(),
  lines: z.array(quotationLineSchema),
  history: z.array(documentHistoryEntrySchema),
});
export type QuotationDetail = z.input<typeof quotationDetailSchema>;

/** `POST /:id/import`: the bids of the workbook, saved as a draft (all or nothing), and how many lines. */
export const quotationImportResultSchema = z.object({
  lines: z.number().int(),
  quotation: quotationDetailSchema,
});
export type QuotationImportResult = z.input<typeof quotationImportResultSchema>;
