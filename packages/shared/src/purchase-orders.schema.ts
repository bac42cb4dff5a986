import { z } from 'zod';
import { decimalPlacesReplySchema } from './basic-data.decimals.ts';
import { currencySchema } from './currencies.ts';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { PURCHASE_CHANGE_STATUS, PURCHASE_ORDER_LINE_STATUS, PURCHASE_ORDER_STATUS } from './purchase-orders.states.ts';
import { qualificationDateSchema, uploadedFileRefSchema } from './qualifications.schema.ts';
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

/** Request and reply shapes of purchase orders (customer orders on the supplier side) and their changes. */

const text = textSchema;
const requiredText = requiredTextSchema;
const version = versionSchema;

/** QUALITY P-03 measures 5,000 lines; the cap leaves room above that and bounds one request. */
export const PURCHASE_ORDER_MAX_LINES = 10_000;
export const PURCHASE_ORDER_MAX_ATTACHMENTS = 10;

/** Quantities, prices and rates are decimal strings (issue 16); the service checks the buyer's places. */
const positive = decimalInputSchema({ min: 'positive' });
const nonNegative = decimalInputSchema();

export const purchaseOrderDateSchema = qualificationDateSchema;

/**
 * One line as the buyer writes it. A line names a material of the archive (`materialId`, whose code,
 * name, unit and the supplier's part number the server fills in) or, for a free-text purchase, carries
 * its own code and name. `lineNo` identifies an existing line in a change; new lines leave it out.
 */
export const purchaseOrderLineInputSchema = z
  .object({
    lineNo: z
      .number()
      .int()
      .min(1)
      .max(PURCHASE_ORDER_MAX_LINES * 10)
      .optional(),
    materialId: srmIdSchema.nullable().default(null),
    prdtNo: text(64).default(''),
    prdtName: text(200).default(''),
    prdtSpc: text(200).default(''),
    unitNo: text(32).default(''),
    unitName: text(32).default(''),
    qty: positive,
    price: nonNegative.default('0'),
    /** Percent, e.g. 13 for 13 % VAT. */
    taxRate: decimalInputSchema({ max: '100' }).default('0'),
    requestedDate: purchaseOrderDateSchema,
    warehouseId: srmIdSchema.nullable().default(null),
    remark: text(500).default(''),
    /**
     * The contract line the line is bought under (from the price library's lookup): sent, it counts
     * against the line's quantity cap. Fixed once the line exists; a change keeps it.
     */
    contractLineId: srmIdSchema.nullable().optional(),
  })
  .refine((v) => v.materialId !== null || (v.prdtNo !== '' && v.prdtName !== ''), {
    message: 'required',
    path: ['prdtNo'],
  });
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInputSchema>;

const orderFields = z.object({
  supplierId: srmIdSchema,
  currency: currencySchema.default('CNY'),
  taxIncluded: z.boolean().default(true),
  paymentTerms: text(200).default(''),
  orderDate: purchaseOrderDateSchema,
  remarks: text(2000).default(''),
  attachments: z.array(uploadedFileRefSchema).max(PURCHASE_ORDER_MAX_ATTACHMENTS, 'tooLong').default([]),
  lines: z.array(purchaseOrderLineInputSchema).min(1, 'required').max(PURCHASE_ORDER_MAX_LINES, 'tooLong'),
});

/** Create by hand, by copy or through the API; `send: true` sends it in the same transaction. */
export const purchaseOrderCreateSchema = orderFields.extend({ send: z.boolean().default(false) });
export type PurchaseOrderCreateInput = z.input<typeof purchaseOrderCreateSchema>;

/** The buyer edits a draft; the lines replace the draft's lines. */
export const purchaseOrderUpdateSchema = orderFields.extend({ version });
export type PurchaseOrderUpdateInput = z.input<typeof purchaseOrderUpdateSchema>;

/** One line of an answer: the supplier's confirmation or counter-proposal, or the buyer's verdict on it. */
export const purchaseOrderLineAnswerSchema = z.object({
  id: srmIdSchema,
  /** Supplier: another quantity or date than the order's makes the answer a counter-proposal. */
  qty: positive.optional(),
  date: purchaseOrderDateSchema.optional(),
  remark: text(500).optional(),
});
export type PurchaseOrderLineAnswer = z.input<typeof purchaseOrderLineAnswerSchema>;

/**
 * Body of `POST /:id/actions/:action`. `version` is the order version the caller saw (stale → 409).
 * confirm/accept/reject answer `lines`, or with `all: true` every line waiting for that step.
 */
export const purchaseOrderActionSchema = z
  .object({
    version: version.optional(),
    all: z.boolean().optional(),
    lines: z.array(purchaseOrderLineAnswerSchema).max(PURCHASE_ORDER_MAX_LINES, 'tooLong').optional(),
    comment: text(500).optional(),
  })
  .default({});
export type PurchaseOrderActionInput = z.input<typeof purchaseOrderActionSchema>;

const statusOf = (values: Record<string, number>) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), 'invalid');

export const purchaseOrderListSchema = listQuerySchema(
  z.object({
    /** buyer: orders this enterprise placed; supplier: orders its customers placed with it. */
    side: z.enum(['buyer', 'supplier']).default('buyer'),
    orderNo: text(64).optional(),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusOf(PURCHASE_ORDER_STATUS)).max(10).optional(),
    /** Orders with a line of this material code or name. */
    material: text(100).optional(),
    dateFrom: purchaseOrderDateSchema.optional(),
    dateTo: purchaseOrderDateSchema.optional(),
  }),
);
export type PurchaseOrderListQuery = z.input<typeof purchaseOrderListSchema>;

/** `GET /export`: the same filter as the list, as a query string. */
export const purchaseOrderExportSchema = z.object({
  side: z.enum(['buyer', 'supplier']).default('buyer'),
  orderNo: text(64).optional(),
  status: z.coerce.number().pipe(statusOf(PURCHASE_ORDER_STATUS)).optional(),
  dateFrom: purchaseOrderDateSchema.optional(),
  dateTo: purchaseOrderDateSchema.optional(),
});
export type PurchaseOrderExportQuery = z.input<typeof purchaseOrderExportSchema>;

// ---------------------------------------------------------------------------------------------
// Changes

/** The order's complete new line set: lines left out are cancelled, lines without `lineNo` added. */
export const purchaseChangeCreateSchema = z.object({
  orderId: srmIdSchema,
  reason: requiredText(500),
  lines: z.array(purchaseOrderLineInputSchema).min(1, 'required').max(PURCHASE_ORDER_MAX_LINES, 'tooLong'),
  send: z.boolean().default(false),
});
export type PurchaseChangeCreateInput = z.input<typeof purchaseChangeCreateSchema>;

export const purchaseChangeUpdateSchema = z.object({
  reason: requiredText(500),
  lines: z.array(purchaseOrderLineInputSchema).min(1, 'required').max(PURCHASE_ORDER_MAX_LINES, 'tooLong'),
  version,
});
export type PurchaseChangeUpdateInput = z.input<typeof purchaseChangeUpdateSchema>;

export const purchaseChangeActionSchema = z.object({ version: version.optional() }).default({});
export type PurchaseChangeActionInput = z.input<typeof purchaseChangeActionSchema>;

export const purchaseChangeListSchema = listQuerySchema(
  z.object({
    side: z.enum(['buyer', 'supplier']).default('buyer'),
    orderId: srmIdSchema.optional(),
    orderNo: text(64).optional(),
    changeNo: text(64).optional(),
    statuses: z.array(statusOf(PURCHASE_CHANGE_STATUS)).max(10).optional(),
  }),
);
export type PurchaseChangeListQuery = z.input<typeof purchaseChangeListSchema>;

// ---------------------------------------------------------------------------------------------
// Replies (money and quantities as decimal strings; `***` where the viewer may not see prices)

const uploadedFileReplySchema = z.object({ name: z.string(), url: z.string() });

export const purchaseOrderListItemSchema = z.object({
  id: idReplySchema,
  orderNo: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  /** The buyer enterprise, as the supplier calls its customer. */
  customerTenantId: idReplySchema,
  customerName: z.string(),
  status: oneOfReplySchema(PURCHASE_ORDER_STATUS),
  revision: z.number().int(),
  currency: z.string(),
  taxIncluded: z.boolean(),
  paymentTerms: z.string(),
  orderDate: dayReplySchema,
  totalAmount: moneyReplySchema,
  lineCount: z.number().int(),
  /** The buyer's decimal places the order was rounded with (the supplier shows its numbers the same way). */
  decimalPlaces: decimalPlacesReplySchema,
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type PurchaseOrderListItem = z.input<typeof purchaseOrderListItemSchema>;

export const purchaseOrderLineSchema = z.object({
  id: idReplySchema,
  lineNo: z.number().int(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitNo: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  price: moneyReplySchema,
  taxRate: decimalReplySchema,
  amount: moneyReplySchema,
  /** The amount split by the tax rule of docs/money.md: excl + tax = incl. */
  amountExcl: moneyReplySchema,
  taxAmount: moneyReplySchema,
  amountIncl: moneyReplySchema,
  requestedDate: dayReplySchema,
  warehouseId: idReplySchema.nullable(),
  warehouseName: z.string(),
  remark: z.string(),
  status: oneOfReplySchema(PURCHASE_ORDER_LINE_STATUS),
  confirmedQty: decimalReplySchema.nullable(),
  confirmedDate: dayReplySchema.nullable(),
  proposedQty: decimalReplySchema.nullable(),
  proposedDate: dayReplySchema.nullable(),
  supplierRemark: z.string(),
  deliveredQty: decimalReplySchema,
  receivedQty: decimalReplySchema,
  contractLineId: idReplySchema.nullable(),
  version: z.number().int(),
});
export type PurchaseOrderLine = z.input<typeof purchaseOrderLineSchema>;

export type PurchaseOrderHistoryEntry = z.input<typeof documentHistoryEntrySchema>;

export const purchaseChangeListItemSchema = z.object({
  id: idReplySchema,
  changeNo: z.string(),
  orderId: idReplySchema,
  orderNo: z.string(),
  supplierId: idReplySchema,
  supName: z.string(),
  customerName: z.string(),
  revision: z.number().int(),
  status: oneOfReplySchema(PURCHASE_CHANGE_STATUS),
  reason: z.string(),
  /** Lines added, changed or cancelled. */
  diffCount: z.number().int(),
  ownerName: z.string().nullable(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  confirmedAt: timestampSchema.nullable(),
});
export type PurchaseChangeListItem = z.input<typeof purchaseChangeListItemSchema>;

export const purchaseOrderDetailSchema = purchaseOrderListItemSchema.extend({
  side: documentSideReplySchema,
  ...buyerTimeZoneReply,
  remarks: z.string(),
  attachments: z.array(uploadedFileReplySchema),
  version: z.number().int(),
  /** Sums over the lines not cancelled. */
  totalAmountExcl: moneyReplySchema,
  totalTaxAmount: moneyReplySchema,
  totalAmountIncl: moneyReplySchema,
  lines: z.array(purchaseOrderLineSchema),
  changes: z.array(purchaseChangeListItemSchema),
  history: z.array(documentHistoryEntrySchema),
});
export type PurchaseOrderDetail = z.input<typeof purchaseOrderDetailSchema>;

/** A line as a change saw it before or after; money fields are masked like every price. */
export const purchaseChangeLineSnapshotSchema = z.object({
  lineNo: z.number().int(),
  materialId: idReplySchema.nullable(),
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  supPrdtNo: z.string(),
  unitNo: z.string(),
  unitName: z.string(),
  qty: decimalReplySchema,
  price: moneyReplySchema,
  taxRate: decimalReplySchema,
  amount: moneyReplySchema,
  requestedDate: dayReplySchema,
  warehouseId: idReplySchema.nullable(),
  remark: z.string(),
});
export type PurchaseChangeLineSnapshot = z.input<typeof purchaseChangeLineSnapshotSchema>;

/**
 * Added and cancelled lines carry the whole line; a changed line carries its identity (line number,
 * code, name), quantity, price, date and the fields that changed.
 */
export const purchaseChangeDiffLineSchema = z.object({
  lineNo: z.number().int(),
  kind: z.enum(['added', 'changed', 'cancelled']),
  before: purchaseChangeLineSnapshotSchema.partial().nullable(),
  after: purchaseChangeLineSnapshotSchema.partial().nullable(),
  /** Names of the fields that differ, for a changed line. */
  fields: z.array(z.string()),
  /**
   * What live receiving plans (sent, not cancelled) schedule of the order line, on changed and
   * cancelled lines while the change is a draft or the order's current revision; "0" when none.
   */
  plannedQty: decimalReplySchema.optional(),
  /**
   * The new quantity (none for a cancelled line) is below `plannedQty`: the plans promise more than
   * is ordered. The change is not refused, since planned but undelivered quantity can be re-planned.
   */
  belowPlanned: z.boolean().optional(),
});
export type PurchaseChangeDiffLine = z.input<typeof purchaseChangeDiffLineSchema>;

export const purchaseChangeDetailSchema = purchaseChangeListItemSchema.extend({
  side: documentSideReplySchema,
  version: z.number().int(),
  orderStatus: oneOfReplySchema(PURCHASE_ORDER_STATUS),
  /** A draft's proposed line set (empty once sent: the order holds it). */
  lines: z.array(purchaseChangeLineSnapshotSchema),
  diff: z.array(purchaseChangeDiffLineSchema),
  decimalPlaces: decimalPlacesReplySchema,
  history: z.array(documentHistoryEntrySchema),
});
export type PurchaseChangeDetail = z.input<typeof purchaseChangeDetailSchema>;

export const purchaseOrderImportResultSchema = z.object({
  orderIds: z.array(idReplySchema),
  orderNos: z.array(z.string()),
});
export type PurchaseOrderImportResult = z.input<typeof purchaseOrderImportResultSchema>;

export const purchaseOrderChoiceSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The dictionary's number, e.g. the tax-rate percent. */
  value: z.string().nullable(),
});
export type PurchaseOrderChoice = z.input<typeof purchaseOrderChoiceSchema>;

/** What the order form (buyer) and the customer filter (supplier) offer. */
export const purchaseOrderOptionsSchema = z.object({
  /** Suppliers the caller may order from; `canReceive` = joined the platform and not blocked. */
  suppliers: z.array(
    z.object({ id: idReplySchema, supCode: z.string(), supName: z.string(), canReceive: z.boolean() }),
  ),
  customers: z.array(z.object({ tenantId: idReplySchema, name: z.string() })),
  warehouses: z.array(z.object({ id: idReplySchema, code: z.string(), name: z.string() })),
  units: z.array(purchaseOrderChoiceSchema),
  currencies: z.array(purchaseOrderChoiceSchema),
  taxRates: z.array(purchaseOrderChoiceSchema),
  paymentConditions: z.array(purchaseOrderChoiceSchema),
  decimalPlaces: decimalPlacesReplySchema,
});
export type PurchaseOrderOptions = z.input<typeof purchaseOrderOptionsSchema>;

/** The reply of a create or a copy: what the form needs to open the new document. */
export const purchaseOrderCreatedSchema = z.object({
  id: idReplySchema,
  orderNo: z.string(),
  status: oneOfReplySchema(PURCHASE_ORDER_STATUS),
  version: z.number().int(),
});
export type PurchaseOrderCreated = z.input<typeof purchaseOrderCreatedSchema>;

/** The reply of a change's create: what the form needs to open the new change. */
export const purchaseChangeCreatedSchema = z.object({
  id: idReplySchema,
  changeNo: z.string(),
  status: oneOfReplySchema(PURCHASE_CHANGE_STATUS),
  version: z.number().int(),
});
export type PurchaseChangeCreated = z.input<typeof purchaseChangeCreatedSchema>;
