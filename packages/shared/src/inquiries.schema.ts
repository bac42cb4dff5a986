import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { priceBreakReplySchema } from './contracts.schema.ts';
import { currencySchema } from './currencies.ts';
import { INQUIRY_STATUS } from './inquiries.states.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema, statusFilterSchema } from './paging.ts';
import {
  dateSchema,
  dateTimeSchema,
  decimalInputSchema,
  requiredTextSchema,
  textSchema,
  versionSchema,
} from './primitives.ts';
import { uploadedFileRefSchema } from './qualifications.schema.ts';
import { QUOTATION_STATUS } from './quotations.states.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentHistoryEntrySchema,
  idReplySchema,
  moneyReplySchema,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/** Request and reply shapes of inquiries (the buyer's requests for quotation) and their comparison. */

const text = textSchema;
const version = versionSchema;

/** QUALITY bench: 500 lines × 10 suppliers; the caps leave room above that and bound one request. */
export const INQUIRY_MAX_LINES = 1000;
export const INQUIRY_MAX_SUPPLIERS = 50;
export const INQUIRY_MAX_ATTACHMENTS = 10;
/** A deadline at least this far ahead of the database's clock when the inquiry is published. */
export const INQUIRY_MIN_DEADLINE_HOURS = 1;

const positive = decimalInputSchema({ min: 'positive' });

/**
 * One line as the buyer writes it: a material of the archive (code, name, unit and its valid drawing
 * filled in by the server), the quantity, the date it is needed and a target price that never leaves
 * the buyer.
 */
export const inquiryLineInputSchema = z.object({
  materialId: srmIdSchema,
  qty: positive,
  requiredDate: dateSchema,
  targetPrice: decimalInputSchema().nullable().default(null),
  remark: text(500).default(''),
});
export type InquiryLineInput = z.input<typeof inquiryLineInputSchema>;

/**
 * A draft may lack suppliers and a deadline; publishing requires both. `supplierIds` are rows of the
 * buyer's supplier archive: joined suppliers quote themselves, those off the network are recorded by
 * the buyer.
 */
const inquiryFields = z.object({
  title: requiredTextSchema(200),
  supplierIds: z.array(srmIdSchema).max(INQUIRY_MAX_SUPPLIERS, 'tooLong').default([]),
  quoteDeadline: dateTimeSchema.nullable().default(null),
  sealed: z.boolean().default(true),
  currency: currencySchema.default('CNY'),
  taxIncluded: z.boolean().default(true),
  paymentTerms: text(200).default(''),
  deliveryAddress: text(300).default(''),
  remarks: text(2000).default(''),
  attachments: z.array(uploadedFileRefSchema).max(INQUIRY_MAX_ATTACHMENTS, 'tooLong').default([]),
  lines: z.array(inquiryLineInputSchema).min(1, 'required').max(INQUIRY_MAX_LINES, 'tooLong'),
});

export const inquiryCreateSchema = inquiryFields;
export type InquiryCreateInput = z.input<typeof inquiryCreateSchema>;

export const inquiryUpdateSchema = inquiryFields.extend({ version });
export type InquiryUpdateInput = z.input<typeof inquiryUpdateSchema>;

/** One line of an award: its quantity split among quotations; a reason when it passes over the lowest bid. */
export const inquiryAwardLineSchema = z.object({
  lineId: srmIdSchema,
  allocations: z
    .array(z.object({ quotationId: srmIdSchema, qty: positive }))
    .max(INQUIRY_MAX_SUPPLIERS, 'tooLong')
    .default([]),
  reason: text(500).default(''),
});
export type InquiryAwardLine = z.input<typeof inquiryAwardLineSchema>;

/**
 * Body of `POST /:id/actions/:action`. `version` is the inquiry version the caller saw (stale → 409).
 * extend and new-round: `deadline`; new-round: `supplierIds` (who quotes again); cancel: `reason`;
 * award: `awards`, one entry per line awarded.
 */
export const inquiryActionSchema = z
  .object({
    version: version.optional(),
    deadline: dateTimeSchema.optional(),
    supplierIds: z.array(srmIdSchema).max(INQUIRY_MAX_SUPPLIERS, 'tooLong').optional(),
    reason: text(500).optional(),
    awards: z.array(inquiryAwardLineSchema).max(INQUIRY_MAX_LINES, 'tooLong').optional(),
  })
  .default({});
export type InquiryActionInput = z.input<typeof inquiryActionSchema>;

export const inquiryListSchema = listQuerySchema(
  z.object({
    inquiryNo: text(64).optional(),
    title: text(100).optional(),
    statuses: statusFilterSchema(INQUIRY_STATUS).optional(),
    /** Inquiries with a line of this material code or name. */
    material: text(100).optional(),
    dateFrom: dateSchema.optional(),
    dateTo: dateSchema.optional(),
  }),
);
export type InquiryListQuery = z.input<typeof inquiryListSchema>;

// ---------------------------------------------------------------------------------------------
// Replies (money as decimal strings; `***` where the viewer may not see prices or supplier names)

const uploadedFileReplySchema = z.object({ name: z.string(), url: z.string() });

export const inquiryListItemSchema = z.object({
  id: idReplySchema,
  inquiryNo: z.string(),
  title: z.string(),
  status: oneOfReplySchema(INQUIRY_STATUS),
  round: z.number().int(),
  quoteDeadline: timestampSchema.nullable(),
  sealed: z.boolean(),
  currency: z.string(),
  lineCount: z.number().int(),
  /** Quotations of the current round, and how many of them were submitted. */
  invitedCount: z.number().int(),
  submittedCount: z.number().int(),
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  publishedAt: timestampSchema.nullable(),
  openedAt: timestampSchema.nullable(),
  awardedAt: timestampSchema.nullable(),
});
export type InquiryListItem = z.input<typeof inquiryListItemSchema>;

/** An inquiry line as every reader sees it, the suppliers included (in their quotations). */
export const inquiryLineShownFields = {
  lineNo: z.number().int(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  drawingNo: z.string(),
  drawingVersion: z.number().int().nullable(),
  qty: decimalReplySchema,
  requiredDate: dayReplySchema,
};

/** What only the buyer sees of a line: its material, target price and what the award gave it. */
const buyerLineFields = {
  ...inquiryLineShownFields,
  materialId: idReplySchema,
  targetPrice: moneyReplySchema.nullable(),
  /** What the award gave this line, over all suppliers, and why it passed over the lowest bid. */
  awardedQty: decimalReplySchema,
  awardReason: z.string(),
};

export const inquiryLineSchema = z.object({ id: idReplySchema, ...buyerLineFields, remark: z.string() });
export type InquiryLine = z.input<typeof inquiryLineSchema>;

/** A supplier invited to the inquiry (the draft's list, or the current round's). */
export const inquirySupplierSchema = z.object({
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  /** Not on the network: the buyer records its quote, which is never sealed. */
  offline: z.boolean(),
});
export type InquirySupplier = z.input<typeof inquirySupplierSchema>;

/** One quotation as the buyer follows it: who, which round, how far; never its figures before opening. */
export const inquiryQuotationSchema = z.object({
  id: idReplySchema,
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  offline: z.boolean(),
  round: z.number().int(),
  status: oneOfReplySchema(QUOTATION_STATUS),
  viewedAt: timestampSchema.nullable(),
  submittedAt: timestampSchema.nullable(),
  declinedAt: timestampSchema.nullable(),
  declineReason: z.string(),
  /** The draft purchase order made from this quotation's award. */
  orderId: idReplySchema.nullable(),
  orderNo: z.string(),
  /** Off the network: who of the buyer recorded the quote, and when. */
  recordedBy: z.string().nullable(),
  recordedAt: timestampSchema.nullable(),
});
export type InquiryQuotation = z.input<typeof inquiryQuotationSchema>;

/**
 * `GET /invitee-options?materialIds=…`: the suppliers an inquiry may invite (the caller's archive within
 * its data scope, neither stopped nor blacklisted), whether each is on the network (`offline`: the buyer
 * records its quote), and which of them are approved for the given materials (spec §3 material ↔
 * supplier: supplier part number, lead days, quota).
 */
export const inquiryInviteeOptionsQuerySchema = z.object({
  /** Comma-separated material ids of the form's lines. */
  materialIds: z
    .string()
    .max(INQUIRY_MAX_LINES * 20, 'tooLong')
    .optional()
    .transform((v) => (v ? v.split(',') : []))
    .pipe(z.array(srmIdSchema).max(INQUIRY_MAX_LINES, 'tooLong')),
});
export type InquiryInviteeOptionsQuery = z.input<typeof inquiryInviteeOptionsQuerySchema>;

export const inquiryInviteeSchema = z.object({
  id: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  offline: z.boolean(),
});
export type InquiryInvitee = z.input<typeof inquiryInviteeSchema>;

export const inquiryApprovedSupplierSchema = z.object({
  materialId: idReplySchema,
  supplierId: idReplySchema,
  supPrdtNo: z.string(),
  poLeadDateNum: z.number().int(),
  poQuotaRate: decimalReplySchema,
});
export type InquiryApprovedSupplier = z.input<typeof inquiryApprovedSupplierSchema>;

export const inquiryInviteeOptionsSchema = z.object({
  suppliers: z.array(inquiryInviteeSchema),
  approved: z.array(inquiryApprovedSupplierSchema),
});
export type InquiryInviteeOptions = z.input<typeof inquiryInviteeOptionsSchema>;

export const inquiryDetailSchema = inquiryListItemSchema.extend({
  version: z.number().int(),
  taxIncluded: z.boolean(),
  paymentTerms: z.string(),
  deliveryAddress: z.string(),
  remarks: z.string(),
  attachments: z.array(uploadedFileReplySchema),
  decimalPlaces: decimalPlacesReplySchema,
  cancelReason: z.string(),
  closedAt: timestampSchema.nullable(),
  /** Whether `POST /:id/orders` has made the award's draft orders. */
  ordersMade: z.boolean(),
  suppliers: z.array(inquirySupplierSchema),
  lines: z.array(inquiryLineSchema),
  /** Every round's quotations, the current round first. */
  quotations: z.array(inquiryQuotationSchema),
  history: z.array(documentHistoryEntrySchema),
});
export type InquiryDetail = z.input<typeof inquiryDetailSchema>;

/** The reply of a create: what the form needs to open the new inquiry. */
export const inquiryCreatedSchema = z.object({
  id: idReplySchema,
  inquiryNo: z.string(),
  status: oneOfReplySchema(INQUIRY_STATUS),
  version: z.number().int(),
});
export type InquiryCreated = z.input<typeof inquiryCreatedSchema>;

// ---------------------------------------------------------------------------------------------
// Comparison (`GET /:id/comparison`): one row per line, one cell per quotation of the current round

export const inquiryComparisonCellSchema = z.object({
  quotationId: idReplySchema,
  noBid: z.boolean(),
  noBidReason: z.string(),
  unitPrice: moneyReplySchema.nullable(),
  taxRate: decimalReplySchema.nullable(),
  /** The price that applies at the line's quantity (its price break, else the unit price), without and with tax. */
  priceExcl: moneyReplySchema.nullable(),
  priceIncl: moneyReplySchema.nullable(),
  /** The price break at the line's quantity; null when none applies. */
  breakPrice: moneyReplySchema.nullable(),
  amount: moneyReplySchema.nullable(),
  leadDays: z.number().int().nullable(),
  moq: decimalReplySchema.nullable(),
  validUntil: dayReplySchema.nullable(),
  priceBreaks: z.array(priceBreakReplySchema),
  /** Δ % of `priceExcl` against the line's last purchase price. */
  priceDeltaPct: moneyReplySchema.nullable(),
  /** The lowest `priceExcl` of the line (ties all marked). */
  lowest: z.boolean(),
  awardQty: decimalReplySchema.nullable(),
  awardPrice: moneyReplySchema.nullable(),
  remark: z.string(),
});
export type InquiryComparisonCell = z.input<typeof inquiryComparisonCellSchema>;

export const inquiryComparisonLineSchema = z.object({
  lineId: idReplySchema,
  ...buyerLineFields,
  /** The material's price on the buyer's latest sent purchase order, as ordered. */
  lastPrice: moneyReplySchema.nullable(),
  unawardedQty: decimalReplySchema,
  /** In the order of `columns`. */
  cells: z.array(inquiryComparisonCellSchema),
});
export type InquiryComparisonLine = z.input<typeof inquiryComparisonLineSchema>;

export const inquiryComparisonColumnSchema = z.object({
  quotationId: idReplySchema,
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  offline: z.boolean(),
  status: oneOfReplySchema(QUOTATION_STATUS),
  submittedAt: timestampSchema.nullable(),
  /** Lines priced (not no-bid) and the sum of their amounts. */
  quotedLines: z.number().int(),
  totalAmount: moneyReplySchema,
});
export type InquiryComparisonColumn = z.input<typeof inquiryComparisonColumnSchema>;

export const inquiryComparisonSchema = z.object({
  id: idReplySchema,
  inquiryNo: z.string(),
  title: z.string(),
  status: oneOfReplySchema(INQUIRY_STATUS),
  round: z.number().int(),
  version: z.number().int(),
  currency: z.string(),
  taxIncluded: z.boolean(),
  decimalPlaces: decimalPlacesReplySchema,
  columns: z.array(inquiryComparisonColumnSchema),
  lines: z.array(inquiryComparisonLineSchema),
});
export type InquiryComparison = z.input<typeof inquiryComparisonSchema>;

/** The reply of `POST /:id/orders`: the draft orders of the award, one per awarded supplier. */
export const inquiryOrdersSchema = z.object({
  orders: z.array(
    z.object({
      id: idReplySchema,
      orderNo: z.string(),
      supplierId: idReplySchema,
      supName: z.string(),
      lineCount: z.number().int(),
    }),
  ),
});
export type InquiryOrders = z.input<typeof inquiryOrdersSchema>;
