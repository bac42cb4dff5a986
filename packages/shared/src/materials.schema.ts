import { z } from 'zod';
import type { Localized } from './locales.ts';
import { ossFileRefSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { decimalInputSchema, idSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { QUALIFICATION_SCOPE_TYPES, QUALIFICATION_VALIDITY_TYPES } from './qualifications.schema.ts';
import {
  dayReplySchema,
  decimalReplySchema,
  idReplySchema,
  maskable,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/**
 * Request and reply shapes of the enterprise material archive, its drawings and approved suppliers
 * (buyer side), and the material-customer relation (supplier side); spec §3 enterprise material,
 * approved supplier per material, material-customer relation. Codes are unique per enterprise (T-10).
 */

const text = textSchema;
const requiredText = requiredTextSchema;
const version = versionSchema;
/** Quantities and percentages are decimal text (issue 16); the service checks their places. */
const quantity = decimalInputSchema({ max: '1000000000000' });
const optionalQuantity = quantity.nullable().default(null);
/** A percentage such as a quota or an over-delivery allowance. */
const percent = decimalInputSchema({ max: '100' });
const leadDays = z.number({ message: 'required' }).int('invalid').min(0, 'invalid').max(3650, 'invalid');

export const MATERIAL_STATUS = { DISABLED: 0, ENABLED: 1 } as const;
export type MaterialStatus = (typeof MATERIAL_STATUS)[keyof typeof MATERIAL_STATUS];

/**
 * Fraction digits the archive keeps: quantities `numeric(19,6)`, percentages `numeric(7,2)`. A value
 * with more is refused (the enterprise's quantity places apply below this), never rounded away.
 */
export const MATERIAL_QTY_SCALE = 6;
export const MATERIAL_RATE_SCALE = 2;

/** Picker results per search; the picker asks again as the user types. */
export const MATERIAL_SEARCH_LIMIT = 20;

// ---------------------------------------------------------------------------------------------
// Materials

export const materialFieldsSchema = z.object({
  prdtNo: requiredText(64),
  prdtName: requiredText(128),
  prdtSpc: text(256).default(''),
  englishName: text(128).default(''),
  classId: idSchema.nullable().default(null),
  erpClassCode: text(32).default(''),
  /** Dictionary codes of type `unit`; the valuation unit defaults to the purchasing unit. */
  poUnitNo: requiredText(32),
  valuationUnitNo: text(32).default(''),
  poLeadDateNum: leadDays.default(0),
  isCheck: z.boolean().default(false),
  warehouseId: idSchema.nullable().default(null),
  /** Dictionary code of type `taxRate`. */
  taxRateCode: text(32).default(''),
  minOrderQty: quantity.default('0'),
  minPackQty: quantity.default('0'),
  orderOverRate: percent.default('0'),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  remarks: text(500).default(''),
});
export type MaterialInput = z.input<typeof materialFieldsSchema>;
export const materialUpdateSchema = materialFieldsSchema.extend({ version });
export type MaterialUpdateInput = z.input<typeof materialUpdateSchema>;

export const materialFilterSchema = z.object({
  /** Code, name, specification or pinyin, as in the picker. */
  keyword: text(64).optional(),
  classId: idSchema.optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  isCheck: z.boolean().optional(),
});
export const materialListSchema = listQuerySchema(materialFilterSchema);
export type MaterialListQuery = z.input<typeof materialListSchema>;
export const MATERIAL_SORTABLE = ['prdtNo', 'prdtName', 'poLeadDateNum', 'createdAt', 'updatedAt'] as const;

export const materialSearchQuerySchema = z.object({
  q: text(64).default(''),
  /** Disabled materials are left out unless asked for (the archive's own filters). */
  includeDisabled: z.enum(['true', 'false']).optional(),
});

export const materialExportQuerySchema = z.object({
  keyword: text(64).optional(),
  classId: idSchema.optional(),
  status: z.enum(['0', '1']).optional(),
});

/** Quantities and percentages of the archive are `numeric` columns read as their text (scale 2 to 4). */
const materialStatusReply = oneOfReplySchema(MATERIAL_STATUS);

export const materialSchema = z.object({
  id: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  englishName: z.string(),
  classId: idReplySchema.nullable(),
  className: z.string().nullable(),
  classCode: z.string().nullable(),
  erpClassCode: z.string(),
  poUnitNo: z.string(),
  poUnitName: z.string(),
  valuationUnitNo: z.string(),
  valuationUnitName: z.string(),
  poLeadDateNum: z.number().int(),
  isCheck: z.boolean(),
  warehouseId: idReplySchema.nullable(),
  warehouseCode: z.string().nullable(),
  warehouseName: z.string().nullable(),
  taxRateCode: z.string(),
  taxRate: decimalReplySchema.nullable(),
  minOrderQty: decimalReplySchema,
  minPackQty: decimalReplySchema,
  orderOverRate: decimalReplySchema,
  status: materialStatusReply,
  remarks: z.string(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Material = z.input<typeof materialSchema>;

/** One picker option: enough to fill an order line. */
export const materialOptionSchema = z.object({
  id: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  prdtSpc: z.string(),
  poUnitNo: z.string(),
  poUnitName: z.string(),
  status: materialStatusReply,
});
export type MaterialOption = z.input<typeof materialOptionSchema>;

/** One entry of a material's operation record (its own and its approved suppliers' changes). */
export const materialOperationSchema = z.object({
  id: idReplySchema,
  username: z.string(),
  operationType: z.number().int(),
  summary: z.string(),
  createdAt: timestampSchema,
});
export type MaterialOperation = z.input<typeof materialOperationSchema>;

/** A qualification requirement scoped to one material, as the material's detail page lists it. */
export const materialQualificationSchema = z.object({
  id: idReplySchema,
  scopeType: z.enum(QUALIFICATION_SCOPE_TYPES),
  scopeId: z.string(),
  scopeName: z.string(),
  supName: maskable(z.string()),
  fileName: z.string(),
  description: z.string(),
  fileType: z.string(),
  isNecessary: z.boolean(),
  validityType: z.enum(QUALIFICATION_VALIDITY_TYPES),
  validDate: dayReplySchema.nullable(),
  validQuantity: z.number().int(),
  templateFile: z.object({ name: z.string(), url: z.string() }).nullable(),
  version: z.number().int(),
  updatedAt: timestampSchema,
});

// ---------------------------------------------------------------------------------------------
// Drawings

export const drawingPublishSchema = z.object({
  drawingNo: requiredText(64),
  drawingName: requiredText(128),
  attachments: z.array(ossFileRefSchema).min(1, 'required').max(10, 'tooLong'),
  remarks: text(500).default(''),
});
export type DrawingPublishInput = z.input<typeof drawingPublishSchema>;

export const materialDrawingSchema = z.object({
  id: idReplySchema,
  materialId: idReplySchema,
  drawingNo: z.string(),
  drawingName: z.string(),
  drawingVersion: z.number().int(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  remarks: z.string(),
  isItValid: z.boolean(),
  publishTime: timestampSchema,
  publishUser: z.string(),
});
export type MaterialDrawing = z.input<typeof materialDrawingSchema>;

// ---------------------------------------------------------------------------------------------
// Approved suppliers of a material

const materialSupplierFields = z.object({
  supPrdtNo: text(64).default(''),
  supPrdtName: text(128).default(''),
  supPrdtSpc: text(256).default(''),
  poLeadDateNum: leadDays.default(0),
  poQuotaRate: percent.default('0'),
  assWh: idSchema.nullable().default(null),
  safeStoreQty: quantity.default('0'),
  topStoreQty: quantity.default('0'),
  /** Dictionary code of type `deliveryType`. */
  deliveryType: text(32).default(''),
  scheduleOverRate: percent.default('0'),
});
export const materialSupplierCreateSchema = materialSupplierFields.extend({
  materialId: idSchema,
  supplierId: idSchema,
});
export type MaterialSupplierInput = z.input<typeof materialSupplierCreateSchema>;
export const materialSupplierUpdateSchema = materialSupplierFields.extend({ version });
export type MaterialSupplierUpdateInput = z.input<typeof materialSupplierUpdateSchema>;
export const materialSupplierListSchema = listQuerySchema(
  z.object({ materialId: idSchema.optional(), supplierId: idSchema.optional(), keyword: text(64).optional() }),
);
export type MaterialSupplierListQuery = z.input<typeof materialSupplierListSchema>;

export const materialSupplierSchema = z.object({
  id: idReplySchema,
  materialId: idReplySchema,
  prdtNo: z.string(),
  prdtName: z.string(),
  supplierId: idReplySchema,
  supCode: z.string(),
  /** Masked like every supplier name for positions that may not see them. */
  supName: maskable(z.string()),
  supPrdtNo: z.string(),
  supPrdtName: z.string(),
  supPrdtSpc: z.string(),
  poLeadDateNum: z.number().int(),
  poQuotaRate: decimalReplySchema,
  assWh: idReplySchema.nullable(),
  assWhName: z.string().nullable(),
  safeStoreQty: decimalReplySchema,
  topStoreQty: decimalReplySchema,
  deliveryType: z.string(),
  scheduleOverRate: decimalReplySchema,
  version: z.number().int(),
  updatedAt: timestampSchema,
});
export type MaterialSupplier = z.input<typeof materialSupplierSchema>;

// ---------------------------------------------------------------------------------------------
// Material-customer relation (supplier side)

/** Package dimensions in cm are measurements, not quantities or money: they stay JSON numbers. */
const dimension = z.number().positive('invalid').max(100000, 'invalid').nullable().default(null);

export const materialCustomerFieldsSchema = z.object({
  customerId: idSchema,
  custPrdtCode: requiredText(64),
  custPrdtName: requiredText(128),
  custPrdtSpc: text(256).default(''),
  prdtNo: text(64).default(''),
  prdtName: text(128).default(''),
  lengthCm: dimension,
  widthCm: dimension,
  heightCm: dimension,
  taxCode: text(32).default(''),
  taxName: text(64).default(''),
  materialQty: optionalQuantity,
  smallQty: optionalQuantity,
  outerQty: optionalQuantity,
  minQty: optionalQuantity,
  overdeliveryRate: percent.default('0'),
  remarks: text(500).default(''),
});
export type MaterialCustomerInput = z.input<typeof materialCustomerFieldsSchema>;
export const materialCustomerUpdateSchema = materialCustomerFieldsSchema.extend({ version });
export type MaterialCustomerUpdateInput = z.input<typeof materialCustomerUpdateSchema>;
export const materialCustomerListSchema = listQuerySchema(
  z.object({ customerId: idSchema.optional(), keyword: text(64).optional() }),
);
export type MaterialCustomerListQuery = z.input<typeof materialCustomerListSchema>;

export const materialCustomerSchema = z.object({
  id: idReplySchema,
  customerId: idReplySchema,
  customerName: z.string(),
  custPrdtCode: z.string(),
  custPrdtName: z.string(),
  custPrdtSpc: z.string(),
  prdtNo: z.string(),
  prdtName: z.string(),
  lengthCm: z.number().nullable(),
  widthCm: z.number().nullable(),
  heightCm: z.number().nullable(),
  taxCode: z.string(),
  taxName: z.string(),
  materialQty: decimalReplySchema.nullable(),
  smallQty: decimalReplySchema.nullable(),
  outerQty: decimalReplySchema.nullable(),
  minQty: decimalReplySchema.nullable(),
  overdeliveryRate: decimalReplySchema,
  remarks: z.string(),
  version: z.number().int(),
  updatedAt: timestampSchema,
});
export type MaterialCustomer = z.input<typeof materialCustomerSchema>;

// ---------------------------------------------------------------------------------------------
// Excel: template, export and import

export const MATERIAL_IMPORT_TARGETS = ['materials', 'suppliers'] as const;
export type MaterialImportTarget = (typeof MATERIAL_IMPORT_TARGETS)[number];

export const MATERIAL_IMPORT_STATUS = { QUEUED: 0, RUNNING: 1, SUCCEEDED: 2, FAILED: 3 } as const;
export type MaterialImportStatus = (typeof MATERIAL_IMPORT_STATUS)[keyof typeof MATERIAL_IMPORT_STATUS];

export const materialImportErrorSchema = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type MaterialImportError = z.input<typeof materialImportErrorSchema>;

export const materialImportSchema = z.object({
  id: idReplySchema,
  target: z.enum(MATERIAL_IMPORT_TARGETS),
  fileName: z.string(),
  status: oneOfReplySchema(MATERIAL_IMPORT_STATUS),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  importedRows: z.number().int(),
  errorCount: z.number().int(),
  /** The first errors (at most `MATERIAL_IMPORT_ERROR_LIMIT`), in the reader's language. */
  errors: z.array(materialImportErrorSchema),
  /** Why the whole file was refused, when it was (not a workbook, too large, too many rows). */
  failure: z.string().nullable(),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type MaterialImport = z.input<typeof materialImportSchema>;

export const MATERIAL_IMPORT_ERROR_LIMIT = 1000;

export const MATERIAL_EXPORT_STATUS = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type MaterialExportStatus = (typeof MATERIAL_EXPORT_STATUS)[keyof typeof MATERIAL_EXPORT_STATUS];

/** One export job (`material_exports`): the file is built on the server while the screen polls. */
export const materialExportSchema = z.object({
  id: idReplySchema,
  target: z.enum(MATERIAL_IMPORT_TARGETS),
  status: oneOfReplySchema(MATERIAL_EXPORT_STATUS),
  processedRows: z.number().int(),
  totalRows: z.number().int(),
  fileName: z.string().nullable(),
  /** Why it failed, in the reader's language. */
  failure: z.string().nullable(),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type MaterialExport = z.input<typeof materialExportSchema>;

const header = (en: string, cn: string, tw: string): Localized => ({ 'en-US': en, 'zh-CN': cn, 'zh-TW': tw });

/** Columns of the material template, export and import, in order; a `*` marks the required ones. */
export const MATERIAL_COLUMNS = {
  prdtNo: header('Material code*', '物料编码*', '物料編碼*'),
  prdtName: header('Material name*', '物料名称*', '物料名稱*'),
  prdtSpc: header('Specification', '规格型号', '規格型號'),
  englishName: header('English name', '英文名称', '英文名稱'),
  classCode: header('Class code', '分类编码', '分類編碼'),
  erpClassCode: header('ERP class', 'ERP 分类', 'ERP 分類'),
  poUnitNo: header('Purchasing unit*', '采购单位*', '採購單位*'),
  valuationUnitNo: header('Valuation unit', '计价单位', '計價單位'),
  poLeadDateNum: header('Lead days', '采购提前期(天)', '採購前置期(天)'),
  isCheck: header('Inspection', '是否检验', '是否檢驗'),
  warehouseCode: header('Default warehouse', '默认仓库', '預設倉庫'),
  taxRateCode: header('Tax rate', '默认税率', '預設稅率'),
  minOrderQty: header('Min. order qty', '最小订购量', '最小訂購量'),
  minPackQty: header('Min. pack qty', '最小包装量', '最小包裝量'),
  orderOverRate: header('Over-delivery %', '超交比例(%)', '超交比例(%)'),
  status: header('Status', '状态', '狀態'),
  remarks: header('Remarks', '备注', '備註'),
} as const satisfies Record<string, Localized>;
export type MaterialColumn = keyof typeof MATERIAL_COLUMNS;

export const MATERIAL_SUPPLIER_COLUMNS = {
  prdtNo: header('Material code*', '物料编码*', '物料編碼*'),
  supCode: header('Supplier code*', '供应商编码*', '供應商編碼*'),
  supPrdtNo: header('Supplier part no.', '供应商料号', '供應商料號'),
  supPrdtName: header('Supplier part name', '供应商品名', '供應商品名'),
  supPrdtSpc: header('Supplier specification', '供应商规格', '供應商規格'),
  poLeadDateNum: header('Lead days', '采购提前期(天)', '採購前置期(天)'),
  poQuotaRate: header('Quota %', '配额(%)', '配額(%)'),
  warehouseCode: header('Warehouse', '仓库', '倉庫'),
  safeStoreQty: header('Safety stock', '安全库存', '安全庫存'),
  topStoreQty: header('Maximum stock', '最高库存', '最高庫存'),
  deliveryType: header('Delivery type', '交货方式', '交貨方式'),
  scheduleOverRate: header('Schedule over %', '排程超交比例(%)', '排程超交比例(%)'),
} as const satisfies Record<string, Localized>;
export type MaterialSupplierColumn = keyof typeof MATERIAL_SUPPLIER_COLUMNS;

/** Words read as yes/no and enabled/disabled in imported cells, in every language. */
export const YES_WORDS = ['y', 'yes', 'true', '1', '是', '需要', '需檢驗', '需检验'];
export const NO_WORDS = ['n', 'no', 'false', '0', '否', '不需要', '免檢', '免检'];
export const ENABLED_WORDS = ['1', 'enabled', 'enable', '启用', '啟用'];
export const DISABLED_WORDS = ['0', 'disabled', 'disable', '停用', '禁用'];
