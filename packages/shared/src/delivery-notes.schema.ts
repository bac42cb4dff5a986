import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { DELIVERY_NOTE_ACTIONS, DELIVERY_NOTE_STATUS, DELIVERY_PACKAGE_KIND } from './delivery-notes.states.ts';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { compareDecimals, placesOf, roundDecimal } from './money.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, textSchema, versionSchema } from './primitives.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentHistoryEntrySchema,
  idReplySchema,
  maskable,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * Request and reply shapes of delivery notes (supplier) and delivery notices (buyer): one document,
 * `/gateway/srm/delivery-notes`. Quantities travel as decimal strings both ways, never as JSON
 * numbers; the service checks their places against the order's.
 */

const text = textSchema;
const version = versionSchema;
export const DELIVERY_NOTE_MAX_LINES = 1_000;
/** A note never holds more packages (labels) than this; QUALITY P-06 prints 1,000 in one PDF. */
export const DELIVERY_NOTE_MAX_PACKAGES = 5_000;

const quantity = decimalInputSchema({ min: 'positive' });

/** A positive decimal in units of 10^-places, as an exact integer (`places` at least the value's own). */
const unitsOf = (value: string, places: number) => {
  const [whole = '0', fraction = ''] = roundDecimal(value, places).split('.');
  return BigInt(whole + fraction.padEnd(places, '0'));
};
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export interface PackageCounts {
  smalls: bigint;
  /** Small packages per large one; 0 when the line has no large packages. */
  perLarge: bigint;
  larges: bigint;
}

/**
 * How many packages a line of `qty` packs into by the material-customer packaging (`materialQty` per
 * small package, `smallQty` small ones per large): ceil(qty ÷ materialQty) small ones, grouped by the
 * whole part of `smallQty` when it is 2 or more. Without packaging, or with a package at least the
 * line, one package. Counted on the decimal text as integers, so the web's preview is the server's
 * packing and 10^12 in packages of 0.0001 is counted, not looped over.
 */
export function packageCounts(qty: string, materialQty: string | null, smallQty: string | null): PackageCounts {
  if (!materialQty || compareDecimals(materialQty, '0') <= 0 || compareDecimals(materialQty, qty) >= 0)
    return { smalls: 1n, perLarge: 0n, larges: 0n };
  const places = Math.max(placesOf(qty), placesOf(materialQty));
  const smalls = ceilDiv(unitsOf(qty, places), unitsOf(materialQty, places));
  const perLarge =
    smallQty && compareDecimals(smallQty, '2') >= 0
      ? BigInt(roundDecimal(smallQty, placesOf(smallQty)).split('.')[0]!)
      : 0n;
  return { smalls, perLarge, larges: perLarge ? ceilDiv(smalls, perLarge) : 0n };
}

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

const sideReply = z.enum(['buyer', 'supplier']);
/** A supplier's name as the viewer may see it: its position may hide supplier names (`***`). */
const supNameReply = maskable(z.string());

export const deliverableLineSchema = z.object({
  customerTenantId: idReplySchema,
  customerName: z.string(),
  orderId: idReplySchema,
  orderNo: z.string(),
  orderLineId: idReplySchema,
  orderLineNo: z.number().int(),
  planLineId: idReplySchema.nullable(),
  planNo: z.string().nullable(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitName: z.string(),
  /** Confirmed quantity of the order line, or planned quantity of the plan line. */
  qty: decimalReplySchema,
  dueDate: dayReplySchema,
  /** Already on live notes (drafts included). */
  deliveredQty: decimalReplySchema,
  /** Still open: what the next note may take, over-delivery rate included. */
  openQty: decimalReplySchema,
  maxQty: decimalReplySchema,
  /** Material-customer packaging of the supplier, when kept. */
  materialQty: decimalReplySchema.nullable(),
  smallQty: decimalReplySchema.nullable(),
  /** The places of the line's order: a quantity entered for it may have no more. */
  decimalPlaces: decimalPlacesReplySchema,
});
export type DeliverableLine = z.input<typeof deliverableLineSchema>;

export const deliveryNoteListItemSchema = z.object({
  id: idReplySchema,
  noteNo: z.string(),
  status: oneOfReplySchema(DELIVERY_NOTE_STATUS),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: supNameReply,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  shipDate: dayReplySchema,
  expectedDate: dayReplySchema,
  carrier: z.string(),
  trackingNo: z.string(),
  remark: z.string(),
  lineCount: z.number().int(),
  packageCount: z.number().int(),
  totalQty: decimalReplySchema,
  /** Distinct order numbers of the lines, in line order. */
  orderNos: z.array(z.string()),
  createdByName: z.string(),
  sentAt: timestampSchema.nullable(),
  arrivedAt: timestampSchema.nullable(),
  acceptedAt: timestampSchema.nullable(),
  warehousedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type DeliveryNoteListItem = z.input<typeof deliveryNoteListItemSchema>;

export const deliveryNoteInspectionSchema = z.object({
  id: idReplySchema,
  seq: z.number().int(),
  inspectedQty: decimalReplySchema,
  qualifiedQty: decimalReplySchema,
  unqualifiedQty: decimalReplySchema,
  reasonCode: z.string(),
  reason: z.string(),
  inspectorName: z.string(),
  inspectedAt: timestampSchema,
});
export type DeliveryNoteInspection = z.input<typeof deliveryNoteInspectionSchema>;

const deliveryNoteLineFields = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  orderId: idReplySchema,
  orderNo: z.string(),
  orderLineId: idReplySchema,
  orderLineNo: z.number().int(),
  planLineId: idReplySchema.nullable(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  batchNo: z.string(),
  isCheck: z.boolean(),
  dueDate: dayReplySchema,
  warehouseId: idReplySchema.nullable(),
  receivedQty: decimalReplySchema,
  qualifiedQty: decimalReplySchema,
  unqualifiedQty: decimalReplySchema,
  warehousedQty: decimalReplySchema,
  remark: z.string(),
});

export const deliveryNoteLineSchema = deliveryNoteLineFields.extend({
  /** The buyer's warehouse; the supplier cannot read the buyer's archive and sees none. */
  warehouseName: z.string().nullable(),
  packageCount: z.number().int(),
  receivedPackageCount: z.number().int(),
  inspections: z.array(deliveryNoteInspectionSchema),
});
export type DeliveryNoteLine = z.input<typeof deliveryNoteLineSchema>;

export const deliveryPackageSchema = z.object({
  id: idReplySchema,
  lineId: idReplySchema,
  lineNo: z.number().int(),
  packageNo: z.string(),
  kind: oneOfReplySchema(DELIVERY_PACKAGE_KIND),
  parentId: idReplySchema.nullable(),
  seq: z.number().int(),
  qty: decimalReplySchema,
  batchNo: z.string(),
  receivedAt: timestampSchema.nullable(),
});
export type DeliveryPackage = z.input<typeof deliveryPackageSchema>;

export type DeliveryNoteHistoryEntry = z.input<typeof documentHistoryEntrySchema>;

export const deliveryNoteDetailSchema = deliveryNoteListItemSchema.extend({
  side: sideReply,
  ...buyerTimeZoneReply,
  version: z.number().int(),
  /** The steps this caller may take now, from `DELIVERY_NOTE_TRANSITIONS`. */
  actions: z.array(z.enum(DELIVERY_NOTE_ACTIONS)),
  lines: z.array(deliveryNoteLineSchema),
  packages: z.array(deliveryPackageSchema),
  history: z.array(documentHistoryEntrySchema),
  decimalPlaces: decimalPlacesReplySchema,
});
export type DeliveryNoteDetail = z.input<typeof deliveryNoteDetailSchema>;

/** What a create answers: the new note's number and state. */
export const deliveryNoteCreatedSchema = z.object({
  id: idReplySchema,
  noteNo: z.string(),
  status: oneOfReplySchema(DELIVERY_NOTE_STATUS),
  version: z.number().int(),
});
export type DeliveryNoteCreated = z.input<typeof deliveryNoteCreatedSchema>;

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

export const deliveryNoteLineListItemSchema = deliveryNoteLineFields.extend({
  noteId: idReplySchema,
  noteNo: z.string(),
  noteStatus: oneOfReplySchema(DELIVERY_NOTE_STATUS),
  customerTenantId: idReplySchema,
  customerName: z.string(),
  supName: supNameReply,
  shipDate: dayReplySchema,
  expectedDate: dayReplySchema,
});
export type DeliveryNoteLineListItem = z.input<typeof deliveryNoteLineListItemSchema>;

/** A customer the supplier has lines open to deliver to, for the picker of a new note. */
export const deliveryCustomerSchema = z.object({
  tenantId: idReplySchema,
  name: z.string(),
  openLines: z.number().int(),
});
export type DeliveryCustomer = z.input<typeof deliveryCustomerSchema>;
