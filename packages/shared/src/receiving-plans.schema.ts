import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, textSchema, versionSchema } from './primitives.ts';
import { PURCHASE_ORDER_STATUS } from './purchase-orders.states.ts';
import { qualificationDateSchema } from './qualifications.schema.ts';
import { RECEIVING_PLAN_LINE_STATUS, RECEIVING_PLAN_STATUS, URGENT_DELIVERY_STATUS } from './receiving-plans.states.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  documentHistoryEntrySchema,
  documentSideReplySchema,
  idReplySchema,
  maskable,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * Request and reply shapes of receiving plans, urgent delivery notices and inventory reports.
 * Quantities are decimal strings both ways (issue 16); the service checks their places against the
 * order's (or the enterprise's) quantity setting.
 */

const text = textSchema;
const version = versionSchema;
const MAX_QUANTITY = '1000000000000';
export const RECEIVING_PLAN_MAX_LINES = 2_000;
export const INVENTORY_REPORT_MAX_LINES = 5_000;

const quantity = (allowZero: boolean) =>
  decimalInputSchema({ min: allowZero ? 'nonNegative' : 'positive', max: MAX_QUANTITY });

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

/** A supplier's name as the viewer may see it: its position may hide supplier names (`***`). */
const supNameReply = maskable(z.string());

export const receivingPlanListItemSchema = z.object({
  id: idReplySchema,
  planNo: z.string(),
  orderId: idReplySchema,
  orderNo: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: supNameReply,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  status: oneOfReplySchema(RECEIVING_PLAN_STATUS),
  remark: z.string(),
  lineCount: z.number().int(),
  totalQty: decimalReplySchema,
  firstDate: dayReplySchema.nullable(),
  lastDate: dayReplySchema.nullable(),
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  /** The order's decimal places, by which quantities are rounded and shown on both sides. */
  decimalPlaces: decimalPlacesReplySchema,
});
export type ReceivingPlanListItem = z.input<typeof receivingPlanListItemSchema>;

export const receivingPlanLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  orderLineId: idReplySchema,
  orderLineNo: z.number().int(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitName: z.string(),
  plannedQty: decimalReplySchema,
  plannedDate: dayReplySchema,
  remark: z.string(),
  status: oneOfReplySchema(RECEIVING_PLAN_LINE_STATUS),
  proposedDate: dayReplySchema.nullable(),
  supplierRemark: z.string(),
  deliveredQty: decimalReplySchema,
  version: z.number().int(),
});
export type ReceivingPlanLine = z.input<typeof receivingPlanLineSchema>;

export type ReceivingPlanHistoryEntry = z.input<typeof documentHistoryEntrySchema>;

export const receivingPlanDetailSchema = receivingPlanListItemSchema.extend({
  side: documentSideReplySchema,
  version: z.number().int(),
  lines: z.array(receivingPlanLineSchema),
  history: z.array(documentHistoryEntrySchema),
});
export type ReceivingPlanDetail = z.input<typeof receivingPlanDetailSchema>;

/** One row of the schedule. */
export const receivingPlanScheduleItemSchema = receivingPlanLineSchema.extend({
  planId: idReplySchema,
  planNo: z.string(),
  planStatus: oneOfReplySchema(RECEIVING_PLAN_STATUS),
  orderId: idReplySchema,
  orderNo: z.string(),
  supName: supNameReply,
  customerName: z.string(),
  decimalPlaces: decimalPlacesReplySchema,
});
export type ReceivingPlanScheduleItem = z.input<typeof receivingPlanScheduleItemSchema>;

/** What a create answers: the new plan's number and state. */
export const receivingPlanCreatedSchema = z.object({
  id: idReplySchema,
  planNo: z.string(),
  status: oneOfReplySchema(RECEIVING_PLAN_STATUS),
  version: z.number().int(),
});
export type ReceivingPlanCreated = z.input<typeof receivingPlanCreatedSchema>;

export const plannableOrderSchema = z.object({
  id: idReplySchema,
  orderNo: z.string(),
  supplierId: idReplySchema,
  supName: supNameReply,
  orderDate: dayReplySchema,
  status: oneOfReplySchema(PURCHASE_ORDER_STATUS),
  confirmedLines: z.number().int(),
});
export type PlannableOrder = z.input<typeof plannableOrderSchema>;

/** A confirmed order line with what plans already hold of it. */
export const plannableLineSchema = z.object({
  orderLineId: idReplySchema,
  lineNo: z.number().int(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  confirmedQty: decimalReplySchema,
  confirmedDate: dayReplySchema.nullable(),
  /** Held by live plans (drafts included), this plan's own deliveries left out when editing. */
  plannedQty: decimalReplySchema,
  remainingQty: decimalReplySchema,
});
export type PlannableLine = z.input<typeof plannableLineSchema>;

export const plannableLinesSchema = z.object({
  orderId: idReplySchema,
  orderNo: z.string(),
  supName: supNameReply,
  decimalPlaces: decimalPlacesReplySchema,
  lines: z.array(plannableLineSchema),
});
export type PlannableLines = z.input<typeof plannableLinesSchema>;

/** A joined supplier of the caller's archive, for the pickers of a notice or a stock request. */
export const joinedSupplierSchema = z.object({ id: idReplySchema, supCode: z.string(), supName: supNameReply });
export type JoinedSupplier = z.input<typeof joinedSupplierSchema>;

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

export const urgentDeliveryListItemSchema = z.object({
  id: idReplySchema,
  noticeNo: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: supNameReply,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  status: oneOfReplySchema(URGENT_DELIVERY_STATUS),
  requiredDate: dayReplySchema,
  reason: z.string(),
  supplierRemark: z.string(),
  lineCount: z.number().int(),
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  acknowledgedAt: timestampSchema.nullable(),
  answeredAt: timestampSchema.nullable(),
});
export type UrgentDeliveryListItem = z.input<typeof urgentDeliveryListItemSchema>;

export const urgentDeliveryLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  orderId: idReplySchema,
  orderNo: z.string(),
  orderLineId: idReplySchema,
  orderLineNo: z.number().int(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  remark: z.string(),
  availableQty: decimalReplySchema.nullable(),
  availableDate: dayReplySchema.nullable(),
  supplierRemark: z.string(),
});
export type UrgentDeliveryLine = z.input<typeof urgentDeliveryLineSchema>;

export const urgentDeliveryDetailSchema = urgentDeliveryListItemSchema.extend({
  side: documentSideReplySchema,
  version: z.number().int(),
  lines: z.array(urgentDeliveryLineSchema),
  history: z.array(documentHistoryEntrySchema),
  decimalPlaces: decimalPlacesReplySchema,
});
export type UrgentDeliveryDetail = z.input<typeof urgentDeliveryDetailSchema>;

/** What a create answers: the new notice's number and state. */
export const urgentDeliveryCreatedSchema = z.object({
  id: idReplySchema,
  noticeNo: z.string(),
  status: oneOfReplySchema(URGENT_DELIVERY_STATUS),
  version: z.number().int(),
});
export type UrgentDeliveryCreated = z.input<typeof urgentDeliveryCreatedSchema>;

export const urgentOrderLineSchema = z.object({
  orderLineId: idReplySchema,
  orderId: idReplySchema,
  orderNo: z.string(),
  lineNo: z.number().int(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  deliveredQty: decimalReplySchema,
  requestedDate: dayReplySchema,
  /** Its order's places: the urgent quantity asked of it is entered and checked at these. */
  decimalPlaces: decimalPlacesReplySchema,
});
export type UrgentOrderLine = z.input<typeof urgentOrderLineSchema>;

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

export const inventoryReportItemSchema = z.object({
  id: idReplySchema,
  supplierId: idReplySchema.nullable(),
  supCode: z.string(),
  supName: supNameReply,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  materialId: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  remark: z.string(),
  reportedBy: z.string(),
  reportedAt: timestampSchema,
});
export type InventoryReportItem = z.input<typeof inventoryReportItemSchema>;

export const inventoryReportDetailSchema = inventoryReportItemSchema.extend({
  side: documentSideReplySchema,
  /** Earlier reports of the same supplier and material, newest first. */
  history: z.array(inventoryReportItemSchema),
});
export type InventoryReportDetail = z.input<typeof inventoryReportDetailSchema>;

export const inventoryMaterialSchema = z.object({
  materialId: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitName: z.string(),
});
export type InventoryMaterial = z.input<typeof inventoryMaterialSchema>;

export const inventoryCustomerSchema = z.object({ tenantId: idReplySchema, name: z.string() });
export type InventoryCustomer = z.input<typeof inventoryCustomerSchema>;

/** How many reports a create or an import wrote, or how many suppliers a request asked. */
export const inventoryImportResultSchema = z.object({ count: z.number().int().nonnegative() });
export type InventoryImportResult = z.input<typeof inventoryImportResultSchema>;
