import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { CONTRACT_KINDS, CONTRACT_STATUS } from './contracts.states.ts';
import { currencySchema } from './currencies.ts';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { compareDecimals } from './money.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { dateSchema, decimalInputSchema, textSchema, versionSchema } from './primitives.ts';
import { uploadedFileRefSchema } from './qualifications.schema.ts';
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

/** Request and reply shapes of contracts (supplier contracts on the buyer side, customer contracts on the supplier's). */

const text = textSchema;

export const CONTRACT_MAX_LINES = 1_000;
export const CONTRACT_MAX_ATTACHMENTS = 10;
export const CONTRACT_MAX_PRICE_BREAKS = 20;

const positive = decimalInputSchema({ min: 'positive' });
const nonNegative = decimalInputSchema();

/** From `minQty` on (in the line's unit) the line's price is `price`; the service checks the places. */
export const priceBreakInputSchema = z.object({ minQty: positive, price: nonNegative });
export type PriceBreakInput = z.input<typeof priceBreakInputSchema>;

/**
 * One agreed line: a material of the archive at a price. A draft may leave the price out while it is
 * being negotiated; sending refuses a line without one. `qtyCap` null: no quantity cap.
 */
export const contractLineInputSchema = z.object({
  materialId: srmIdSchema,
  price: nonNegative.nullable().default(null),
  /** Percent, e.g. 13 for 13 % VAT. */
  taxRate: decimalInputSchema({ max: '100' }).default('0'),
  priceBreaks: z
    .array(priceBreakInputSchema)
    .max(CONTRACT_MAX_PRICE_BREAKS, 'tooLong')
    .refine(
      (breaks) => breaks.every((b, i) => i === 0 || compareDecimals(b.minQty, breaks[i - 1]!.minQty) > 0),
      'invalid',
    )
    .default([]),
  qtyCap: positive.nullable().default(null),
  remark: text(500).default(''),
});
export type ContractLineInput = z.input<typeof contractLineInputSchema>;

const contractFields = z.object({
  kind: z.enum(CONTRACT_KINDS).default('framework'),
  supplierId: srmIdSchema,
  title: text(200).default(''),
  validFrom: dateSchema,
  /** Valid through the end of this day in the buyer's time zone. */
  validTo: dateSchema,
  currency: currencySchema.default('CNY'),
  taxIncluded: z.boolean().default(true),
  paymentTerms: text(200).default(''),
  /** Left out: the buyer enterprise's contract terms (enterprise information). */
  terms: text(20_000).optional(),
  amountCap: nonNegative.nullable().default(null),
  attachments: z.array(uploadedFileRefSchema).max(CONTRACT_MAX_ATTACHMENTS, 'tooLong').default([]),
  lines: z.array(contractLineInputSchema).min(1, 'required').max(CONTRACT_MAX_LINES, 'tooLong'),
});

/** `send: true` sends it in the same transaction. */
export const contractCreateSchema = contractFields.extend({ send: z.boolean().default(false) });
export type ContractCreateInput = z.input<typeof contractCreateSchema>;

/**
 * `POST /contracts/from-inquiry`: a draft contract with what an awarded inquiry awarded to one supplier
 * (its lines at the awarded prices, capped at the awarded quantities). Dates left out: from the buyer's
 * today until the earliest validity the supplier quoted, else for a year.
 */
export const contractFromInquirySchema = z.object({
  inquiryId: srmIdSchema,
  supplierId: srmIdSchema,
  kind: z.enum(CONTRACT_KINDS).default('framework'),
  title: text(200).optional(),
  validFrom: dateSchema.optional(),
  validTo: dateSchema.optional(),
});
export type ContractFromInquiryInput = z.input<typeof contractFromInquirySchema>;

/** The buyer edits a draft or a returned contract; the lines replace its lines. */
export const contractUpdateSchema = contractFields.extend({ version: versionSchema });
export type ContractUpdateInput = z.input<typeof contractUpdateSchema>;

/**
 * Body of `POST /:id/actions/:action`: the version the caller read (changed since → 409), so nobody
 * signs terms other than those they read. `reason` for return and terminate; `attachments` adds signed
 * scans to the contract on sign and countersign.
 */
export const contractActionSchema = z.object({
  version: versionSchema,
  reason: text(500).optional(),
  attachments: z.array(uploadedFileRefSchema).max(CONTRACT_MAX_ATTACHMENTS, 'tooLong').optional(),
});
export type ContractActionInput = z.input<typeof contractActionSchema>;

const statusOf = z
  .number()
  .int()
  .refine((v) => (Object.values(CONTRACT_STATUS) as number[]).includes(v), 'invalid');

/** Every list names its side: there is no default side for a document both parties list. */
const contractFilterSchema = z.object({
  /** buyer: contracts this enterprise made with suppliers; supplier: contracts its customers sent it. */
  side: z.enum(['buyer', 'supplier']),
  contractNo: text(64).optional(),
  supplierId: srmIdSchema.optional(),
  customerTenantId: srmIdSchema.optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  statuses: z.array(statusOf).max(10).optional(),
  /** Contracts with a line of this material code or name. */
  material: text(100).optional(),
  /** Contracts whose validity includes this day. */
  validOn: dateSchema.optional(),
});

export const contractListSchema = listQuerySchema(contractFilterSchema).extend({ filter: contractFilterSchema });
export type ContractListQuery = z.input<typeof contractListSchema>;

// ---------------------------------------------------------------------------------------------
// Replies (prices and amounts as decimal strings, `***` where the viewer may not see prices)

export const priceBreakReplySchema = z.object({ minQty: decimalReplySchema, price: moneyReplySchema });
export type PriceBreak = z.input<typeof priceBreakReplySchema>;

export const contractListItemSchema = z.object({
  id: idReplySchema,
  contractNo: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  title: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  /** The buyer enterprise, as the supplier calls its customer. */
  customerTenantId: idReplySchema,
  customerName: z.string(),
  status: oneOfReplySchema(CONTRACT_STATUS),
  validFrom: dayReplySchema,
  validTo: dayReplySchema,
  currency: z.string(),
  taxIncluded: z.boolean(),
  amountCap: moneyReplySchema.nullable(),
  /** What live order lines drawing on it hold, at their prices (held against `amountCap`). */
  orderedAmount: moneyReplySchema.optional(),
  lineCount: z.number().int(),
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type ContractListItem = z.input<typeof contractListItemSchema>;

export const contractLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  materialId: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitNo: z.string(),
  unitName: z.string(),
  price: moneyReplySchema.nullable(),
  taxRate: decimalReplySchema,
  priceBreaks: z.array(priceBreakReplySchema),
  qtyCap: decimalReplySchema.nullable(),
  /** What live order lines naming this line hold: sent, not cancelled, closed ones at what was delivered. */
  orderedQty: decimalReplySchema,
  /** `qtyCap − orderedQty`; null without a cap. */
  remainingQty: decimalReplySchema.nullable(),
  remark: z.string(),
});
export type ContractLine = z.input<typeof contractLineSchema>;

const uploadedFileReplySchema = z.object({ name: z.string(), url: z.string() });

export const contractDetailSchema = contractListItemSchema.extend({
  side: documentSideReplySchema,
  ...buyerTimeZoneReply,
  paymentTerms: z.string(),
  terms: z.string(),
  attachments: z.array(uploadedFileReplySchema),
  /** The supplier's reason, kept while the contract is back with the buyer and after. */
  returnReason: z.string(),
  terminateReason: z.string(),
  signedAt: timestampSchema.nullable(),
  countersignedAt: timestampSchema.nullable(),
  /** When it expired, was terminated or cancelled. */
  endedAt: timestampSchema.nullable(),
  decimalPlaces: decimalPlacesReplySchema,
  version: z.number().int(),
  lines: z.array(contractLineSchema),
  history: z.array(documentHistoryEntrySchema),
});
export type ContractDetail = z.input<typeof contractDetailSchema>;

export const contractCreatedSchema = z.object({
  id: idReplySchema,
  contractNo: z.string(),
  status: oneOfReplySchema(CONTRACT_STATUS),
  version: z.number().int(),
});
export type ContractCreated = z.input<typeof contractCreatedSchema>;
