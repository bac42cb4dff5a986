import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, textSchema, versionSchema } from './primitives.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import {
  RECONCILIATION_ACTIONS,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_STATUS,
  type ReconciliationRole,
  type ReconciliationStatus,
} from './reconciliations.states.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentHistoryEntrySchema,
  documentSideReplySchema,
  idReplySchema,
  maskable,
  moneyReplySchema,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * Request and reply shapes of reconciliation statements. Quantities, prices and amounts travel as
 * decimal strings in replies; money fields are named *price / *amount so masking finds them.
 */

const text = textSchema;
const version = versionSchema;
export const RECONCILIATION_MAX_LINES = 5_000;

const decimalInput = decimalInputSchema();

const side = z.enum(['buyer', 'supplier']).default('buyer');
const date = qualificationDateSchema;

/** The partner and period of a statement: the buyer names its supplier archive row, the supplier its customer. */
const partnerPeriod = z.object({
  side,
  supplierId: srmIdSchema.optional(),
  customerTenantId: srmIdSchema.optional(),
  periodFrom: date,
  periodTo: date,
});

type PartnerPeriod = z.infer<typeof partnerPeriod>;

function checkPartnerPeriod(v: PartnerPeriod, ctx: z.RefinementCtx) {
  if (v.side === 'buyer' && !v.supplierId) ctx.addIssue({ code: 'custom', path: ['supplierId'], message: 'required' });
  if (v.side === 'supplier' && !v.customerTenantId)
    ctx.addIssue({ code: 'custom', path: ['customerTenantId'], message: 'required' });
  if (v.periodFrom > v.periodTo) ctx.addIssue({ code: 'custom', path: ['periodTo'], message: 'invalid' });
}

/** `POST /reconcilable-lines/list`: warehoused receipt lines of the period that no live statement holds. */
export const reconcilableLineQuerySchema = partnerPeriod.superRefine(checkPartnerPeriod);
export type ReconcilableLineQuery = z.input<typeof reconcilableLineQuerySchema>;

/** A new statement over every reconcilable line of the period, or over the chosen receipt lines only. */
export const reconciliationCreateSchema = partnerPeriod
  .extend({
    receiptLineIds: z.array(srmIdSchema).min(1, 'required').max(RECONCILIATION_MAX_LINES, 'tooLong').optional(),
    remark: text(1000).default(''),
  })
  .superRefine(checkPartnerPeriod);
export type ReconciliationCreateInput = z.input<typeof reconciliationCreateSchema>;

/**
 * The drafter's edit of a draft or disputed statement: the remark, lines taken off (their receipt
 * lines become reconcilable again), and disputed lines whose proposed quantity and price it accepts.
 */
export const reconciliationUpdateSchema = z.object({
  version,
  remark: text(1000).optional(),
  removeLineIds: z.array(srmIdSchema).max(RECONCILIATION_MAX_LINES, 'tooLong').default([]),
  acceptLineIds: z.array(srmIdSchema).max(RECONCILIATION_MAX_LINES, 'tooLong').default([]),
});
export type ReconciliationUpdateInput = z.input<typeof reconciliationUpdateSchema>;

/** The counterpart's answer to one line: agree, or dispute with a reason and the quantity and price it holds right. */
export const reconciliationLineAnswerSchema = z
  .object({
    id: srmIdSchema,
    agree: z.boolean(),
    reason: text(500).optional(),
    qty: decimalInput.optional(),
    price: decimalInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.agree && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type ReconciliationLineAnswer = z.input<typeof reconciliationLineAnswerSchema>;

/** Body of `POST /:id/actions/:action`; `version` is the statement version the caller saw (stale → 409). */
export const reconciliationActionSchema = z
  .object({
    version: version.optional(),
    lines: z.array(reconciliationLineAnswerSchema).max(RECONCILIATION_MAX_LINES, 'tooLong').optional(),
    comment: text(500).optional(),
  })
  .default({});
export type ReconciliationActionInput = z.input<typeof reconciliationActionSchema>;

export const reconciliationListSchema = listQuerySchema(
  z.object({
    /** buyer: statements with this enterprise's suppliers; supplier: statements with its customers. */
    side,
    statementNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z
      .array(
        z
          .number()
          .int()
          .refine((v) => Object.values(RECONCILIATION_STATUS).includes(v as ReconciliationStatus), 'invalid'),
      )
      .max(10)
      .optional(),
    /** Statements whose period overlaps this range. */
    periodFrom: date.optional(),
    periodTo: date.optional(),
  }),
);
export type ReconciliationListQuery = z.input<typeof reconciliationListSchema>;

/** `GET /partners?side=`: who the caller may draft a statement with. */
export const reconciliationPartnerQuerySchema = z.object({ side });

export const reconciliationPartnerSchema = z.object({
  /** buyer side: the supplier archive id; supplier side: the customer's tenant id. */
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
});
export type ReconciliationPartner = z.input<typeof reconciliationPartnerSchema>;

export const reconcilableLineSchema = z.object({
  /** The receipt line's id. */
  id: idReplySchema,
  receiptNo: z.string(),
  receiptDate: dayReplySchema,
  orderNo: z.string(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  price: moneyReplySchema,
  taxRate: decimalReplySchema,
  amount: moneyReplySchema,
  currency: z.string(),
});
export type ReconcilableLine = z.input<typeof reconcilableLineSchema>;

export const reconciliationListItemSchema = z.object({
  id: idReplySchema,
  statementNo: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: maskable(z.string()),
  customerTenantId: idReplySchema,
  customerName: z.string(),
  periodFrom: dayReplySchema,
  periodTo: dayReplySchema,
  status: oneOfReplySchema(RECONCILIATION_STATUS),
  draftedBy: documentSideReplySchema,
  currency: z.string(),
  lineCount: z.number().int(),
  totalQty: decimalReplySchema,
  totalAmount: moneyReplySchema,
  differenceAmount: moneyReplySchema,
  remark: z.string(),
  buyerConfirmedAt: timestampSchema.nullable(),
  buyerConfirmedBy: z.string(),
  supplierConfirmedAt: timestampSchema.nullable(),
  supplierConfirmedBy: z.string(),
  ownerName: z.string().nullable(),
  sentAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ReconciliationListItem = z.input<typeof reconciliationListItemSchema>;

export const reconciliationLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  receiptLineId: idReplySchema,
  receiptNo: z.string(),
  receiptDate: dayReplySchema,
  orderNo: z.string(),
  prdtNo: z.string(),
  prdtName: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  price: moneyReplySchema,
  taxRate: decimalReplySchema,
  amount: moneyReplySchema,
  /** Whether the price includes tax: its order's `tax_included`. */
  taxIncluded: z.boolean(),
  /** The line split by the one tax rule (`taxedLine`): excluding tax + tax = including tax. */
  amountExcl: moneyReplySchema,
  taxAmount: moneyReplySchema,
  amountIncl: moneyReplySchema,
  status: oneOfReplySchema(RECONCILIATION_LINE_STATUS),
  /** Kept after the dispute is settled: what was disputed and why. */
  disputeReason: z.string(),
  disputeQty: decimalReplySchema.nullable(),
  disputePrice: moneyReplySchema.nullable(),
  differenceAmount: moneyReplySchema,
});
export type ReconciliationLine = z.input<typeof reconciliationLineSchema>;

export const reconciliationDetailSchema = reconciliationListItemSchema.extend({
  side: documentSideReplySchema,
  ...buyerTimeZoneReply,
  role: z.enum(['drafter', 'counterpart'] satisfies ReconciliationRole[]),
  version: z.number().int(),
  actions: z.array(z.enum(RECONCILIATION_ACTIONS)),
  lines: z.array(reconciliationLineSchema),
  history: z.array(documentHistoryEntrySchema),
  decimalPlaces: decimalPlacesReplySchema,
  /** Sums of the lines' tax split (`sumTaxed`), so excluding tax + tax = including tax here too. */
  totalAmountExcl: moneyReplySchema,
  totalTaxAmount: moneyReplySchema,
  totalAmountIncl: moneyReplySchema,
  /** The same split per tax rate, lowest rate first. */
  taxTotals: z.array(
    z.object({
      taxRate: decimalReplySchema,
      amountExcl: moneyReplySchema,
      taxAmount: moneyReplySchema,
      amountIncl: moneyReplySchema,
    }),
  ),
});
export type ReconciliationDetail = z.input<typeof reconciliationDetailSchema>;

export const reconciliationCreatedSchema = z.object({
  id: idReplySchema,
  statementNo: z.string(),
  status: oneOfReplySchema(RECONCILIATION_STATUS),
  version: z.number().int(),
});
export type ReconciliationCreated = z.input<typeof reconciliationCreatedSchema>;
