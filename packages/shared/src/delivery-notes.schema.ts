import { z } from 'zod';
import type { DecimalPlaces } from './basic-data.decimals.ts';
import { DELIVERY_NOTE_STATUS, type DeliveryNoteAction, type DeliveryNoteStatus } from './delivery-notes.states.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { textSchema, versionSchema } from './primitives.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import type { DocumentSide } from './receiving-plans.states.ts';

/**
 * Request and reply shapes of delivery notes (supplier) and delivery notices (buyer): one document,
 * `/gateway/srm/delivery-notes`. Quantities travel as JSON numbers or decimal strings in requests
 * and as decimal strings in replies.
 */

const text = textSchema;
const version = versionSchema;
const MAX_VALUE = 1e12;
export const DELIVERY_NOTE_MAX_LINES = 1_000;
/** A note never holds more packages (labels) than this; QUALITY P-06 prints 1,000 in one PDF. */
export const DELIVERY_NOTE_MAX_PACKAGES = 5_000;

const quantity = z
  .union([
    z.number({ message: 'invalid' }),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'invalid')
      .transform(Number),
  ])
  .pipe(z.number().finite('invalid').gt(0, 'invalid').max(MAX_VALUE, 'invalid'));

export const deliveryDateSchema = qualificationDateSchema;
const side = z.enum(['buyer', 'supplier']).default('supplier');
const statusCode = z
  .number()
  .int()
  .refine((v) => (Object.values(DELIVERY_NOTE_STATUS) as number[]).includes(v), 'invalid');

/**
 * One line of a note: a quantity of one confirmed order line, or of one confirmed receiving-plan line
 * (then `orderLineId` is the plan line's order line). Batch numbers are the supplier's.
 */
export const deliveryNoteLineInputSchema = z.object({
  orderLineId: srmIdSchema,
  planLineId: srmIdSchema.optional(),
  qty: quantity,
  batchNo: text(64).default(''),
  remark: text(500).default(''),
});
export type DeliveryNoteLineInput = z.input<typeof deliveryNoteLineInputSchema>;

const noteFields = z.object({
  shipDate: deliveryDateSchema,
  expectedDate: deliveryDateSchema,
  carrier: text(100).default(''),
  trackingNo: text(100).default(''),
  remark: text(1000).default(''),
  lines: z.array(deliveryNoteLineInputSchema).min(1, 'required').max(DELIVERY_NOTE_MAX_LINES, 'tooLong'),
});

/** The supplier's note to one customer (the buyer enterprise); `send: true` sends it at once. */
export const deliveryNoteCreateSchema = noteFields.extend({
  customerTenantId: srmIdSchema,
  send: z.boolean().default(false),
});
export type DeliveryNoteCreateInput = z.input<typeof deliveryNoteCreateSchema>;

export const deliveryNoteUpdateSchema = noteFields.extend({ version });
export type DeliveryNoteUpdateInput = z.input<typeof deliveryNoteUpdateSchema>;

export const deliveryNoteActionSchema = z
  .object({ version: version.optional(), comment: text(500).optional() })
  .default({});
export type DeliveryNoteActionInput = z.input<typeof deliveryNoteActionSchema>;

export const deliveryNoteListSchema = listQuerySchema(
  z.object({
    /** supplier: notes this enterprise made; buyer: notices its suppliers sent (never drafts). */
    side,
    noteNo: text(64).optional(),
    orderNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusCode).max(10).optional(),
    /** Notes with a line of this material code or name. */
    material: text(100).optional(),
    /** Ship date range. */
    dateFrom: deliveryDateSchema.optional(),
    dateTo: deliveryDateSchema.optional(),
  }),
);
export type DeliveryNoteListQuery = z.input<typeof deliveryNoteListSchema>;

/** The "not generated" group: confirmed order and plan lines of one customer still open to deliver. */
export const deliverableLineListSchema = listQuerySchema(
  z.object({
    customerTenantId: srmIdSchema.optional(),
    orderNo: text(64).optional(),
    material: text(100).optional(),
    dateFrom: deliveryDateSchema.optional(),
    dateTo: deliveryDateSchema.optional(),
  }),
);
export type DeliverableLineListQuery = z.input<typeof deliverableLineListSchema>;

/** `POST /gateway/srm/labels/pdf`: every package of one note, or the chosen packages. */
export const labelPdfRequestSchema = z.object({
  noteId: srmIdSchema,
  packageIds: z.array(srmIdSchema).max(DELIVERY_NOTE_MAX_PACKAGES, 'tooLong').optional(),
});
export type LabelPdfRequest = z.input<typeof labelPdfRequestSchema>;

/**
 * What a label's QR code carries, as JSON: note, line, material, quantity and batch. The CODE_128
 * barcode carries `packageNo` alone, which is what a scanner types into the receiving page.
 */
export interface LabelPayload {
  /** package number */
  p: string;
  /** note number */
  n: string;
  /** note line number */
  l: number;
  /** material code (the customer's) */
  m: string;
  /** quantity */
  q: string;
  /** batch */
  b: string;
}

export interface DeliverableLine {
  customerTenantId: string;
  customerName: string;
  orderId: string;
  orderNo: string;
  orderLineId: string;
  orderLineNo: number;
  planLineId: string | null;
  planNo: string | null;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  supPrdtNo: string;
  unitName: string;
  /** Confirmed quantity of the order line, or planned quantity of the plan line. */
  qty: string;
  dueDate: string;
  /** Already on live notes (drafts included). */
  deliveredQty: string;
  /** Still open: what the next note may take, over-delivery rate included. */
  openQty: string;
  maxQty: string;
  /** Material-customer packaging of the supplier, when kept. */
  materialQty: string | null;
  smallQty: string | null;
}

export interface DeliveryNoteListItem {
  id: string;
  noteNo: string;
  status: DeliveryNoteStatus;
  supplierId: string;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  shipDate: string;
  expectedDate: string;
  carrier: string;
  trackingNo: string;
  remark: string;
  lineCount: number;
  packageCount: number;
  totalQty: string;
  /** Distinct order numbers of the lines, in line order. */
  orderNos: string[];
  createdByName: string;
  sentAt: string | null;
  arrivedAt: string | null;
  acceptedAt: string | null;
  warehousedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryNoteInspection {
  id: string;
  seq: number;
  inspectedQty: string;
  qualifiedQty: string;
  unqualifiedQty: string;
  reasonCode: string;
  reason: string;
  inspectorName: string;
  inspectedAt: string;
}

export interface DeliveryNoteLine {
  id: string;
  lineNo: number;
  orderId: string;
  orderNo: string;
  orderLineId: string;
  orderLineNo: number;
  planLineId: string | null;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  supPrdtNo: string;
  unitName: string;
  qty: string;
  batchNo: string;
  isCheck: boolean;
  dueDate: string;
  warehouseId: string | null;
  warehouseName: string | null;
  receivedQty: string;
  qualifiedQty: string;
  unqualifiedQty: string;
  warehousedQty: string;
  remark: string;
  packageCount: number;
  receivedPackageCount: number;
  inspections: DeliveryNoteInspection[];
}

export interface DeliveryPackage {
  id: string;
  lineId: string;
  lineNo: number;
  packageNo: string;
  /** `DELIVERY_PACKAGE_KIND`: 1 small, 2 large. */
  kind: number;
  parentId: string | null;
  seq: number;
  qty: string;
  batchNo: string;
  receivedAt: string | null;
}

export interface DeliveryNoteHistoryEntry {
  at: string;
  side: DocumentSide;
  username: string;
  summary: string;
}

export interface DeliveryNoteDetail extends DeliveryNoteListItem {
  side: DocumentSide;
  version: number;
  /** The steps this caller may take now, from `DELIVERY_NOTE_TRANSITIONS`. */
  actions: DeliveryNoteAction[];
  lines: DeliveryNoteLine[];
  packages: DeliveryPackage[];
  history: DeliveryNoteHistoryEntry[];
  decimalPlaces: DecimalPlaces;
}

/** Every delivery-note line of the caller's notes (supplier) or notices (buyer), across notes. */
export const deliveryNoteLineListSchema = listQuerySchema(
  z.object({
    side,
    noteNo: text(64).optional(),
    orderNo: text(64).optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusCode).max(10).optional(),
    material: text(100).optional(),
    batchNo: text(64).optional(),
    dateFrom: deliveryDateSchema.optional(),
    dateTo: deliveryDateSchema.optional(),
  }),
);
export type DeliveryNoteLineListQuery = z.input<typeof deliveryNoteLineListSchema>;

export interface DeliveryNoteLineListItem
  extends Omit<DeliveryNoteLine, 'inspections' | 'packageCount' | 'receivedPackageCount' | 'warehouseName'> {
  noteId: string;
  noteNo: string;
  noteStatus: DeliveryNoteStatus;
  customerTenantId: string;
  customerName: string;
  supName: string;
  shipDate: string;
  expectedDate: string;
}

/** A customer the supplier has lines open to deliver to, for the picker of a new note. */
export interface DeliveryCustomer {
  tenantId: string;
  name: string;
  openLines: number;
}
