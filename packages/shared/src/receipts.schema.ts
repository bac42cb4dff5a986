import { z } from 'zod';
import type { DecimalPlaces } from './basic-data.decimals.ts';
import { deliveryDateSchema } from './delivery-notes.schema.ts';
import { DELIVERY_NOTE_BUYER_ACTIONS, type DeliveryNoteStatus } from './delivery-notes.states.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import type { DocumentSide } from './receiving-plans.states.ts';

/**
 * The buyer's side of a delivery note: arrival, receipt (scanning labels or by hand), incoming
 * inspection and warehousing (`/gateway/srm/receipts/notes/:id/…`), and the warehousing receipts
 * both sides read (`/gateway/srm/receipts`). Quantities travel as JSON numbers or decimal strings in
 * requests and as decimal strings in replies.
 */

const text = textSchema;
const version = versionSchema;
const MAX_VALUE = 1e12;

const amountOf = (min: 'gt' | 'gte') =>
  z
    .union([
      z.number({ message: 'invalid' }),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'invalid')
        .transform(Number),
    ])
    .pipe(
      min === 'gt'
        ? z.number().finite('invalid').gt(0, 'invalid').max(MAX_VALUE, 'invalid')
        : z.number().finite('invalid').min(0, 'invalid').max(MAX_VALUE, 'invalid'),
    );

/** Why goods were found unqualified: a small fixed list, labelled in every language by the web. */
export const INSPECTION_REASON_CODES = [
  'appearance',
  'dimension',
  'function',
  'packaging',
  'documents',
  'other',
] as const;
export type InspectionReasonCode = (typeof INSPECTION_REASON_CODES)[number];

/**
 * The buyer's steps of DELIVERY_NOTE_TRANSITIONS. `arrivalDate` is read by `arrive` (the day the goods
 * came, never in the future; default today), `warehouseId` and `receiptDate` by `warehouse`.
 */
export const receiptNoteActionSchema = z
  .object({
    version: version.optional(),
    comment: text(500).optional(),
    arrivalDate: deliveryDateSchema.optional(),
    warehouseId: srmIdSchema.optional(),
    receiptDate: deliveryDateSchema.optional(),
  })
  .default({});
export type ReceiptNoteActionInput = z.input<typeof receiptNoteActionSchema>;

export const RECEIPT_NOTE_ACTIONS = DELIVERY_NOTE_BUYER_ACTIONS;
export type ReceiptNoteAction = (typeof RECEIPT_NOTE_ACTIONS)[number];

/** What a barcode scanner typed into the receiving page: a package number of a label. */
export const packageScanSchema = z.object({ code: requiredTextSchema(100) });
export type PackageScanInput = z.input<typeof packageScanSchema>;

/** Receipt by hand, for goods whose labels cannot be read. */
export const manualReceiptSchema = z.object({
  lines: z
    .array(z.object({ lineId: srmIdSchema, qty: amountOf('gt') }))
    .min(1, 'required')
    .max(1000, 'tooLong'),
});
export type ManualReceiptInput = z.input<typeof manualReceiptSchema>;

/** One inspection of one line; a reason is needed as soon as anything is unqualified. */
export const inspectionCreateSchema = z
  .object({
    lineId: srmIdSchema,
    qualifiedQty: amountOf('gte'),
    unqualifiedQty: amountOf('gte'),
    reasonCode: z.enum(INSPECTION_REASON_CODES, { message: 'invalid' }).optional(),
    reason: text(500).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.qualifiedQty + v.unqualifiedQty <= 0) {
      ctx.addIssue({ code: 'custom', path: ['qualifiedQty'], message: 'invalid' });
    }
    if (v.unqualifiedQty > 0 && !v.reasonCode) {
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'required' });
    }
    if (v.unqualifiedQty > 0 && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type InspectionCreateInput = z.input<typeof inspectionCreateSchema>;

export const receiptListSchema = listQuerySchema(
  z.object({
    /** buyer: the receipts of my enterprise; supplier: receipts of the goods I delivered. */
    side: z.enum(['buyer', 'supplier']).default('buyer'),
    receiptNo: text(64).optional(),
    noteNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    /** Receipt date range. */
    dateFrom: deliveryDateSchema.optional(),
    dateTo: deliveryDateSchema.optional(),
  }),
);
export type ReceiptListQuery = z.input<typeof receiptListSchema>;

/** The reply of a buyer's step: the note's new state, and the receipt a warehousing made. */
export interface ReceiptStepResult {
  noteId: string;
  status: DeliveryNoteStatus;
  version: number;
  receiptId: string | null;
  receiptNo: string | null;
}

export interface ScannedLine {
  lineId: string;
  lineNo: number;
  receivedQty: string;
}

export interface PackageScanResult {
  packageNo: string;
  /** `DELIVERY_PACKAGE_KIND`: a large package receives every small one in it. */
  kind: number;
  /** How many packages (small and large) this scan received. */
  received: number;
  /** Quantity received by this scan. */
  qty: string;
  /** True when this scan registered the arrival of a sent note. */
  arrived: boolean;
  receivedPackageCount: number;
  packageCount: number;
  lines: ScannedLine[];
}

export interface ReceiptListItem {
  id: string;
  receiptNo: string;
  noteId: string;
  noteNo: string;
  supplierId: string;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  warehouseId: string | null;
  warehouseName: string;
  receiptDate: string;
  lineCount: number;
  totalQty: string;
  totalAmount: string;
  createdAt: string;
}

export interface ReceiptLine {
  id: string;
  lineNo: number;
  noteLineId: string;
  orderId: string;
  orderNo: string;
  orderLineId: string;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  qty: string;
  price: string;
  taxRate: string;
  amount: string;
  currency: string;
  dueDate: string;
  arrivalDate: string;
  receiptDate: string;
  reconciliationId: string | null;
}

export interface ReceiptDetail extends ReceiptListItem {
  side: DocumentSide;
  lines: ReceiptLine[];
  decimalPlaces: DecimalPlaces;
}

/** The reply of an inspection: the inspection and the line's running totals. */
export interface InspectionResult {
  inspection: {
    id: string;
    seq: number;
    inspectedQty: string;
    qualifiedQty: string;
    unqualifiedQty: string;
    reasonCode: string;
    reason: string;
    inspectorName: string;
    inspectedAt: string;
  };
  line: { lineId: string; lineNo: number; receivedQty: string; qualifiedQty: string; unqualifiedQty: string };
}
