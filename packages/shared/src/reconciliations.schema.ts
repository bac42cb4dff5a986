import { z } from 'zod';
import type { DecimalPlaces } from './basic-data.decimals.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { textSchema, versionSchema } from './primitives.ts';
import type { PurchaseOrderHistoryEntry } from './purchase-orders.schema.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import type { DocumentSide } from './receiving-plans.states.ts';
import {
  RECONCILIATION_STATUS,
  type ReconciliationAction,
  type ReconciliationLineStatus,
  type ReconciliationRole,
  type ReconciliationStatus,
} from './reconciliations.states.ts';

/**
 * Request and reply shapes of reconciliation statements. Quantities, prices and amounts travel as
 * decimal strings in replies; money fields are named *price / *amount so masking finds them.
 */

const text = textSchema;
const version = versionSchema;
const MAX_VALUE = 1e12;
export const RECONCILIATION_MAX_LINES = 5_000;

const decimalInput = z
  .union([
    z.number({ message: 'invalid' }),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'invalid')
      .transform(Number),
  ])
  .pipe(z.number().finite('invalid').min(0, 'invalid').max(MAX_VALUE, 'invalid'));

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

export interface ReconciliationPartner {
  /** buyer side: the supplier archive id; supplier side: the customer's tenant id. */
  id: string;
  code: string;
  name: string;
}

export interface ReconcilableLine {
  /** The receipt line's id. */
  id: string;
  receiptNo: string;
  receiptDate: string;
  orderNo: string;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  qty: string;
  price: string;
  taxRate: string;
  amount: string;
  currency: string;
}

export interface ReconciliationListItem {
  id: string;
  statementNo: string;
  supplierId: string;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  periodFrom: string;
  periodTo: string;
  status: ReconciliationStatus;
  draftedBy: DocumentSide;
  currency: string;
  lineCount: number;
  totalQty: string;
  totalAmount: string;
  differenceAmount: string;
  remark: string;
  buyerConfirmedAt: string | null;
  buyerConfirmedBy: string;
  supplierConfirmedAt: string | null;
  supplierConfirmedBy: string;
  ownerName: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReconciliationLine {
  id: string;
  lineNo: number;
  receiptLineId: string;
  receiptNo: string;
  receiptDate: string;
  orderNo: string;
  prdtNo: string;
  prdtName: string;
  unitName: string;
  qty: string;
  price: string;
  taxRate: string;
  amount: string;
  status: ReconciliationLineStatus;
  /** Kept after the dispute is settled: what was disputed and why. */
  disputeReason: string;
  disputeQty: string | null;
  disputePrice: string | null;
  differenceAmount: string;
}

export interface ReconciliationDetail extends ReconciliationListItem {
  side: DocumentSide;
  role: ReconciliationRole;
  version: number;
  actions: ReconciliationAction[];
  lines: ReconciliationLine[];
  history: PurchaseOrderHistoryEntry[];
  decimalPlaces: DecimalPlaces;
}

export interface ReconciliationCreated {
  id: string;
  statementNo: string;
  status: ReconciliationStatus;
  version: number;
}
