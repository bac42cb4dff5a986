import { z } from 'zod';
import type { DecimalPlaces } from './basic-data.decimals.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { textSchema, versionSchema } from './primitives.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import {
  type DocumentSide,
  RECEIVING_PLAN_LINE_STATUS,
  RECEIVING_PLAN_STATUS,
  type ReceivingPlanLineStatus,
  type ReceivingPlanStatus,
  URGENT_DELIVERY_STATUS,
  type UrgentDeliveryStatus,
} from './receiving-plans.states.ts';

/**
 * Request and reply shapes of receiving plans, urgent delivery notices and inventory reports.
 * Quantities travel as JSON numbers or decimal strings in requests and as decimal strings in replies.
 */

const text = textSchema;
const version = versionSchema;
const MAX_VALUE = 1e12;
export const RECEIVING_PLAN_MAX_LINES = 2_000;
export const INVENTORY_REPORT_MAX_LINES = 5_000;

const quantity = (allowZero: boolean) =>
  z
    .union([
      z.number({ message: 'invalid' }),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, 'invalid')
        .transform(Number),
    ])
    .pipe(z.number().finite('invalid').min(0, 'invalid').max(MAX_VALUE, 'invalid'))
    .refine((v) => allowZero || v > 0, 'invalid');

export const receivingPlanDateSchema = qualificationDateSchema;
const side = z.enum(['buyer', 'supplier']).default('buyer');
const statusOf = (values: Record<string, number>) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), 'invalid');

// ---------------------------------------------------------------------------------------------
// Receiving plans

/** One dated delivery of a confirmed order line. Several may split one order line. */
export const receivingPlanLineInputSchema = z.object({
  orderLineId: srmIdSchema,
  plannedQty: quantity(false),
  plannedDate: receivingPlanDateSchema,
  remark: text(500).default(''),
});
export type ReceivingPlanLineInput = z.input<typeof receivingPlanLineInputSchema>;

const planFields = z.object({
  remark: text(1000).default(''),
  lines: z.array(receivingPlanLineInputSchema).min(1, 'required').max(RECEIVING_PLAN_MAX_LINES, 'tooLong'),
});

/** A plan covers lines of one order; `send: true` sends it in the same transaction. */
export const receivingPlanCreateSchema = planFields.extend({
  orderId: srmIdSchema,
  send: z.boolean().default(false),
});
export type ReceivingPlanCreateInput = z.input<typeof receivingPlanCreateSchema>;

export const receivingPlanUpdateSchema = planFields.extend({ version });
export type ReceivingPlanUpdateInput = z.input<typeof receivingPlanUpdateSchema>;

/** The supplier's answer to one delivery: a date other than the planned one is a proposal. */
export const receivingPlanLineAnswerSchema = z.object({
  id: srmIdSchema,
  date: receivingPlanDateSchema.optional(),
  remark: text(500).optional(),
});

/**
 * Body of `POST /:id/actions/:action`. `version` is the plan version the caller saw (stale → 409).
 * confirm/accept/reject answer `lines`, or with `all: true` every delivery waiting for that step.
 */
export const receivingPlanActionSchema = z
  .object({
    version: version.optional(),
    all: z.boolean().optional(),
    lines: z.array(receivingPlanLineAnswerSchema).max(RECEIVING_PLAN_MAX_LINES, 'tooLong').optional(),
    comment: text(500).optional(),
  })
  .default({});
export type ReceivingPlanActionInput = z.input<typeof receivingPlanActionSchema>;

export const receivingPlanListSchema = listQuerySchema(
  z.object({
    /** buyer: plans this enterprise made; supplier: plans its customers sent it. */
    side,
    planNo: text(64).optional(),
    orderNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusOf(RECEIVING_PLAN_STATUS)).max(10).optional(),
    /** Plans with a delivery of this material code or name. */
    material: text(100).optional(),
    /** Plans with a delivery planned in this date range. */
    dateFrom: receivingPlanDateSchema.optional(),
    dateTo: receivingPlanDateSchema.optional(),
  }),
);
export type ReceivingPlanListQuery = z.input<typeof receivingPlanListSchema>;

/** The schedule: every planned delivery, one row each (`/order/planDetail`). */
export const receivingPlanLineListSchema = listQuerySchema(
  z.object({
    side,
    planNo: text(64).optional(),
    orderNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusOf(RECEIVING_PLAN_LINE_STATUS)).max(10).optional(),
    material: text(100).optional(),
    dateFrom: receivingPlanDateSchema.optional(),
    dateTo: receivingPlanDateSchema.optional(),
  }),
);
export type ReceivingPlanLineListQuery = z.input<typeof receivingPlanLineListSchema>;

/** `GET /lines/export`: the schedule's filter as a query string. */
export const receivingPlanLineExportSchema = z.object({
  side,
  planNo: text(64).optional(),
  orderNo: text(64).optional(),
  material: text(100).optional(),
  dateFrom: receivingPlanDateSchema.optional(),
  dateTo: receivingPlanDateSchema.optional(),
});
export type ReceivingPlanLineExportQuery = z.input<typeof receivingPlanLineExportSchema>;

/** Orders the buyer may plan: sent orders with confirmed lines. */
export const plannableOrderListSchema = listQuerySchema(
  z.object({ orderNo: text(64).optional(), supplierId: srmIdSchema.optional() }),
);
export type PlannableOrderListQuery = z.input<typeof plannableOrderListSchema>;

export interface ReceivingPlanListItem {
  id: string;
  planNo: string;
  orderId: string;
  orderNo: string;
  supplierId: string;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  status: ReceivingPlanStatus;
  remark: string;
  lineCount: number;
  totalQty: string;
  firstDate: string | null;
  lastDate: string | null;
  ownerName: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export interface ReceivingPlanLine {
  id: string;
  lineNo: number;
  orderLineId: string;
  orderLineNo: number;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  supPrdtNo: string;
  unitName: string;
  plannedQty: string;
  plannedDate: string;
  remark: string;
  status: ReceivingPlanLineStatus;
  proposedDate: string | null;
  supplierRemark: string;
  deliveredQty: string;
  version: number;
}

export interface ReceivingPlanHistoryEntry {
  at: string;
  side: DocumentSide;
  username: string;
  summary: string;
}

export interface ReceivingPlanDetail extends ReceivingPlanListItem {
  side: DocumentSide;
  version: number;
  lines: ReceivingPlanLine[];
  history: ReceivingPlanHistoryEntry[];
  /** The order's decimal places, by which quantities are rounded and shown on both sides. */
  decimalPlaces: DecimalPlaces;
}

/** One row of the schedule. */
export interface ReceivingPlanScheduleItem extends ReceivingPlanLine {
  planId: string;
  planNo: string;
  planStatus: ReceivingPlanStatus;
  orderId: string;
  orderNo: string;
  supName: string;
  customerName: string;
}

export interface PlannableOrder {
  id: string;
  orderNo: string;
  supplierId: string;
  supName: string;
  orderDate: string;
  status: number;
  confirmedLines: number;
}

/** A confirmed order line with what plans already hold of it. */
export interface PlannableLine {
  orderLineId: string;
  lineNo: number;
  materialId: string | null;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  confirmedQty: string;
  confirmedDate: string | null;
  /** Held by live plans (drafts included), this plan's own deliveries left out when editing. */
  plannedQty: string;
  remainingQty: string;
}

export interface PlannableLines {
  orderId: string;
  orderNo: string;
  supName: string;
  decimalPlaces: DecimalPlaces;
  lines: PlannableLine[];
}

// ---------------------------------------------------------------------------------------------
// Urgent delivery notices

export const urgentDeliveryLineInputSchema = z.object({
  orderLineId: srmIdSchema,
  qty: quantity(false),
  remark: text(500).default(''),
});

/** The buyer asks one supplier for urgent quantities of its order lines by a date; made = sent. */
export const urgentDeliveryCreateSchema = z.object({
  supplierId: srmIdSchema,
  requiredDate: receivingPlanDateSchema,
  reason: text(1000).default(''),
  lines: z.array(urgentDeliveryLineInputSchema).min(1, 'required').max(RECEIVING_PLAN_MAX_LINES, 'tooLong'),
});
export type UrgentDeliveryCreateInput = z.input<typeof urgentDeliveryCreateSchema>;

/** The supplier's answer to one line: what it can ship and when. */
export const urgentDeliveryLineAnswerSchema = z.object({
  id: srmIdSchema,
  availableQty: quantity(true),
  availableDate: receivingPlanDateSchema,
  remark: text(500).default(''),
});

export const urgentDeliveryActionSchema = z
  .object({
    version: version.optional(),
    /** answer: every line of the notice. */
    lines: z.array(urgentDeliveryLineAnswerSchema).max(RECEIVING_PLAN_MAX_LINES, 'tooLong').optional(),
    remark: text(1000).optional(),
  })
  .default({});
export type UrgentDeliveryActionInput = z.input<typeof urgentDeliveryActionSchema>;

export const urgentDeliveryListSchema = listQuerySchema(
  z.object({
    side,
    noticeNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusOf(URGENT_DELIVERY_STATUS)).max(10).optional(),
    material: text(100).optional(),
    dateFrom: receivingPlanDateSchema.optional(),
    dateTo: receivingPlanDateSchema.optional(),
  }),
);
export type UrgentDeliveryListQuery = z.input<typeof urgentDeliveryListSchema>;

/** Order lines of one supplier the buyer may ask for urgently: live lines of its sent orders. */
export const urgentOrderLineQuerySchema = z.object({
  supplierId: srmIdSchema,
  keyword: text(100).optional(),
});

export interface UrgentDeliveryListItem {
  id: string;
  noticeNo: string;
  supplierId: string;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  status: UrgentDeliveryStatus;
  requiredDate: string;
  reason: string;
  supplierRemark: string;
  lineCount: number;
  ownerName: string | null;
  createdAt: string;
  acknowledgedAt: string | null;
  answeredAt: string | null;
}

export interface UrgentDeliveryLine {
  id: string;
  lineNo: number;
  orderId: string;
  orderNo: string;
  orderLineId: string;
  orderLineNo: number;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  qty: string;
  remark: string;
  availableQty: string | null;
  availableDate: string | null;
  supplierRemark: string;
}

export interface UrgentDeliveryDetail extends UrgentDeliveryListItem {
  side: DocumentSide;
  version: number;
  lines: UrgentDeliveryLine[];
  history: ReceivingPlanHistoryEntry[];
  decimalPlaces: DecimalPlaces;
}

export interface UrgentOrderLine {
  orderLineId: string;
  orderId: string;
  orderNo: string;
  lineNo: number;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  qty: string;
  deliveredQty: string;
  requestedDate: string;
}

// ---------------------------------------------------------------------------------------------
// Inventory reports

export const inventoryReportLineInputSchema = z.object({
  materialId: srmIdSchema,
  qty: quantity(true),
  remark: text(500).default(''),
});

/** The supplier shares its stock of one customer's materials. */
export const inventoryReportCreateSchema = z.object({
  customerTenantId: srmIdSchema,
  lines: z.array(inventoryReportLineInputSchema).min(1, 'required').max(INVENTORY_REPORT_MAX_LINES, 'tooLong'),
});
export type InventoryReportCreateInput = z.input<typeof inventoryReportCreateSchema>;

export const inventoryReportListSchema = listQuerySchema(
  z.object({
    /** buyer: the latest report per supplier and material; supplier: per customer and material. */
    side,
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    materialId: srmIdSchema.optional(),
    material: text(100).optional(),
  }),
);
export type InventoryReportListQuery = z.input<typeof inventoryReportListSchema>;

export const inventoryMaterialQuerySchema = z.object({
  customerTenantId: srmIdSchema,
  keyword: text(100).optional(),
});

export const inventoryImportQuerySchema = z.object({ customerTenantId: srmIdSchema });

/** The buyer asks suppliers to share their stock (`/supplier/uploadinventory/newannounce`). */
export const inventoryRequestSchema = z.object({
  supplierIds: z.array(srmIdSchema).min(1, 'required').max(200, 'tooLong'),
  message: text(1000).default(''),
});
export type InventoryRequestInput = z.input<typeof inventoryRequestSchema>;

export interface InventoryReportItem {
  id: string;
  supplierId: string | null;
  supCode: string;
  supName: string;
  customerTenantId: string;
  customerName: string;
  materialId: string;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitName: string;
  qty: string;
  remark: string;
  reportedBy: string;
  reportedAt: string;
}

export interface InventoryReportDetail extends InventoryReportItem {
  side: DocumentSide;
  /** Earlier reports of the same supplier and material, newest first. */
  history: InventoryReportItem[];
}

export interface InventoryMaterial {
  materialId: string;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  supPrdtNo: string;
  unitName: string;
}

export interface InventoryCustomer {
  tenantId: string;
  name: string;
}

export interface InventoryImportResult {
  count: number;
}
