import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { deliveryDateSchema } from './delivery-notes.schema.ts';
import { DELIVERY_NOTE_BUYER_ACTIONS, DELIVERY_NOTE_STATUS } from './delivery-notes.states.ts';
import { compareDecimals } from './money.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentSideReplySchema,
  idReplySchema,
  maskable,
  moneyReplySchema,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * The buyer's side of a delivery note: arrival, receipt (scanning labels or by hand), incoming
 * inspection and warehousing (`/gateway/srm/receipts/notes/:id/…`), and the warehousing receipts
 * both sides read (`/gateway/srm/receipts`). Quantities travel as decimal strings both ways, never as
 * JSON numbers; the service checks their places against the order's.
 */

const text = textSchema;
const version = versionSchema;

const amountOf = (min: 'gt' | 'gte') => decimalInputSchema({ min: min === 'gt' ? 'positive' : 'nonNegative' });

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
    if (compareDecimals(v.qualifiedQty, '0') <= 0 && compareDecimals(v.unqualifiedQty, '0') <= 0) {
      ctx.addIssue({ code: 'custom', path: ['qualifiedQty'], message: 'invalid' });
    }
    if (compareDecimals(v.unqualifiedQty, '0') > 0 && !v.reasonCode) {
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'required' });
    }
    if (compareDecimals(v.unqualifiedQty, '0') > 0 && !v.reason) {
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
export const receiptStepResultSchema = z.object({
  noteId: idReplySchema,
  status: oneOfReplySchema(DELIVERY_NOTE_STATUS),
  version: z.number().int(),
  receiptId: idReplySchema.nullable(),
  receiptNo: z.string().nullable(),
});
export type ReceiptStepResult = z.input<typeof receiptStepResultSchema>;

export const scannedLineSchema = z.object({
  lineId: idReplySchema,
  lineNo: z.number().int(),
  receivedQty: decimalReplySchema,
});
export type ScannedLine = z.input<typeof scannedLineSchema>;

/** The reply of a receipt by hand: the lines' running received quantities. */
export const manualReceiptResultSchema = z.object({ lines: z.array(scannedLineSchema) });
export type ManualReceiptResult = z.input<typeof manualReceiptResultSchema>;

export const packageScanResultSchema = z.object({
  packageNo: z.string(),
  /** `DELIVERY_PACKAGE_KIND`: a large package receives every small one in it. */
  kind: z.number().int(),
  /** How many packages (small and large) this scan received. */
  received: z.number().int(),
  /** Quantity received by this scan. */
  qty: decimalReplySchema,
  /** True when this scan registered the arrival of a sent note. */
  arrived: z.boolean(),
  receivedPackageCount: z.number().int(),
  packageCount: z.number().int(),
  lines: z.array(scannedLineSchema),
});
export type PackageScanResult = z.input<typeof packageScanResultSchema>;

export const receiptListItemSchema = z.object({
  id: idReplySchema,
  receiptNo: z.string(),
  noteId: idReplySchema,
  noteNo: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: maskable(z.string()),
  customerTenantId: idReplySchema,
  customerName: z.string(),
  warehouseId: idReplySchema.nullable(),
  warehouseName: z.string(),
  receiptDate: dayReplySchema,
  lineCount: z.number().int(),
  totalQty: decimalReplySchema,
  totalAmount: moneyReplySchema,
  createdAt: timestampSchema,
});
export type ReceiptListItem = z.input<typeof receiptListItemSchema>;

export const receiptLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  noteLineId: idReplySchema,
  orderId: idReplySchema,
  orderNo: z.string(),
  orderLineId: idReplySchema,
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  price: moneyReplySchema,
  /** Percent, 13 for 13 %. */
  taxRate: decimalReplySchema,
  /** qty × price: including tax when the order's prices are, else excluding it. */
  amount: moneyReplySchema,
  /** The line by the one tax rule (money.ts `taxedLine`): amountExcl + taxAmount = amountIncl. */
  amountExcl: moneyReplySchema,
  taxAmount: moneyReplySchema,
  amountIncl: moneyReplySchema,
  currency: z.string(),
  dueDate: dayReplySchema,
  arrivalDate: dayReplySchema,
  receiptDate: dayReplySchema,
  reconciliationId: idReplySchema.nullable(),
});
export type ReceiptLine = z.input<typeof receiptLineSchema>;

export const receiptDetailSchema = receiptListItemSchema.extend({
  side: documentSideReplySchema,
  lines: z.array(receiptLineSchema),
  /** Sums of the lines' columns, so totalAmountExcl + totalTaxAmount = totalAmountIncl. */
  totalAmountExcl: moneyReplySchema,
  totalTaxAmount: moneyReplySchema,
  totalAmountIncl: moneyReplySchema,
  /** The widest places of the receipt's orders, per kind: each line is exact at these. */
  decimalPlaces: decimalPlacesReplySchema,
});
export type ReceiptDetail = z.input<typeof receiptDetailSchema>;

/** The reply of an inspection: the inspection and the line's running totals. */
export const inspectionResultSchema = z.object({
  inspection: z.object({
    id: idReplySchema,
    seq: z.number().int(),
    inspectedQty: decimalReplySchema,
    qualifiedQty: decimalReplySchema,
    unqualifiedQty: decimalReplySchema,
    reasonCode: z.string(),
    reason: z.string(),
    inspectorName: z.string(),
    inspectedAt: timestampSchema,
  }),
  line: z.object({
    lineId: idReplySchema,
    lineNo: z.number().int(),
    receivedQty: decimalReplySchema,
    qualifiedQty: decimalReplySchema,
    unqualifiedQty: decimalReplySchema,
  }),
});
export type InspectionResult = z.input<typeof inspectionResultSchema>;
