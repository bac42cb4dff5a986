import { MATERIAL_QTY_SCALE, MATERIAL_RATE_SCALE } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';
import { RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';

/** Quantities and percentages read as their decimal text (issue 16): never through a JS number. */
const qty = (name: string) => numeric(name, { precision: 19, scale: MATERIAL_QTY_SCALE });
const rate = (name: string) => numeric(name, { precision: 7, scale: MATERIAL_RATE_SCALE });

/**
 * Tenant (buyer): the enterprise material archive (spec §3 enterprise material). Units and the tax
 * rate are kept by dictionary code with their name or percent copied in, so an order line reads them
 * without a join and a renamed dictionary item does not rewrite history. The picker searches
 * `material_search_terms`, kept by the service on every write.
 */
export const materials = pgTable(
  'materials',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    prdtNo: text('prdt_no').notNull(),
    prdtName: text('prdt_name').notNull(),
    prdtSpc: text('prdt_spc').notNull().default(''),
    englishName: text('english_name').notNull().default(''),
    classId: bigId('class_id'),
    erpClassCode: text('erp_class_code').notNull().default(''),
    poUnitNo: text('po_unit_no').notNull(),
    poUnitName: text('po_unit_name').notNull(),
    valuationUnitNo: text('valuation_unit_no').notNull(),
    valuationUnitName: text('valuation_unit_name').notNull(),
    poLeadDateNum: integer('po_lead_date_num').notNull().default(0),
    isCheck: boolean('is_check').notNull().default(false),
    warehouseId: bigId('warehouse_id'),
    taxRateCode: text('tax_rate_code').notNull().default(''),
    taxRate: numeric('tax_rate', { precision: 9, scale: RATE_INPUT_PLACES }),
    minOrderQty: qty('min_order_qty').notNull().default('0'),
    minPackQty: qty('min_pack_qty').notNull().default('0'),
    orderOverRate: rate('order_over_rate').notNull().default('0'),
    status: integer('status').notNull().default(1),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('materials_code_uq').on(t.tenantId, t.prdtNo),
    index('materials_class_idx').on(t.tenantId, t.classId),
  ],
);

/**
 * Tenant (buyer): the search terms of each material (QUALITY P-08): lower-cased code and its parts,
 * the name with its Chinese suffixes, the name's pinyin and initials with their syllable suffixes,
 * specification and English words. A query matches the prefix of a term, so `电阻` finds 贴片电阻 and
 * `dianzu` or `tpdz` find it too. Prefix ranges (`~>=~`, `~<~`) are leakproof, so this b-tree stays
 * usable under row-level security, where LIKE and trigram operators would force a scan of the tenant.
 */
export const materialSearchTerms = pgTable(
  'material_search_terms',
  {
    tenantId: tenantIdColumn(),
    materialId: bigId('material_id').notNull(),
    term: text('term').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.materialId, t.term] }),
    index('material_search_terms_term_idx').on(t.tenantId, t.term.op('text_pattern_ops'), t.materialId),
  ],
);

/**
 * Tenant (buyer): drawing versions of a material. Versions count up per drawing number; exactly one
 * per drawing number is valid, guarded by the partial unique index as well as by the service.
 */
export const materialDrawings = pgTable(
  'material_drawings',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    materialId: bigId('material_id').notNull(),
    drawingNo: text('drawing_no').notNull(),
    drawingName: text('drawing_name').notNull(),
    drawingVersion: integer('drawing_version').notNull(),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    remarks: text('remarks').notNull().default(''),
    isItValid: boolean('is_it_valid').notNull().default(true),
    publishTime: tstz('publish_time').notNull().defaultNow(),
    publishUserId: bigId('publish_user_id'),
    publishUser: text('publish_user').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_drawings_version_uq').on(t.tenantId, t.materialId, t.drawingNo, t.drawingVersion),
    uniqueIndex('material_drawings_valid_uq').on(t.tenantId, t.materialId, t.drawingNo).where(sql`is_it_valid`),
  ],
);

/**
 * Tenant (buyer): approved suppliers of a material (spec §3) with the supplier's own part number for
 * orders. The quotas of one material never total more than 100 %: writers lock the material row first.
 */
export const materialSuppliers = pgTable(
  'material_suppliers',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    materialId: bigId('material_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    supPrdtNo: text('sup_prdt_no').notNull().default(''),
    supPrdtName: text('sup_prdt_name').notNull().default(''),
    supPrdtSpc: text('sup_prdt_spc').notNull().default(''),
    poLeadDateNum: integer('po_lead_date_num').notNull().default(0),
    poQuotaRate: rate('po_quota_rate').notNull().default('0'),
    assWh: bigId('ass_wh'),
    safeStoreQty: qty('safe_store_qty').notNull().default('0'),
    topStoreQty: qty('top_store_qty').notNull().default('0'),
    deliveryType: text('delivery_type').notNull().default(''),
    scheduleOverRate: rate('schedule_over_rate').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_suppliers_pair_uq').on(t.tenantId, t.materialId, t.supplierId),
    index('material_suppliers_supplier_idx').on(t.tenantId, t.supplierId),
  ],
);

/**
 * Tenant (supplier-owned): how the supplier's own material maps to a customer's material and packs
 * (spec §3 material-customer relation); read when delivery notes are packed. The customer never sees it.
 */
export const materialCustomers = pgTable(
  'material_customers',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    customerId: bigId('customer_id').notNull(),
    custPrdtCode: text('cust_prdt_code').notNull(),
    custPrdtName: text('cust_prdt_name').notNull(),
    custPrdtSpc: text('cust_prdt_spc').notNull().default(''),
    prdtNo: text('prdt_no').notNull().default(''),
    prdtName: text('prdt_name').notNull().default(''),
    lengthCm: numeric('length_cm', { precision: 10, scale: 2, mode: 'number' }),
    widthCm: numeric('width_cm', { precision: 10, scale: 2, mode: 'number' }),
    heightCm: numeric('height_cm', { precision: 10, scale: 2, mode: 'number' }),
    taxCode: text('tax_code').notNull().default(''),
    taxName: text('tax_name').notNull().default(''),
    materialQty: qty('material_qty'),
    smallQty: qty('small_qty'),
    outerQty: qty('outer_qty'),
    minQty: qty('min_qty'),
    overdeliveryRate: rate('overdelivery_rate').notNull().default('0'),
    remarks: text('remarks').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('material_customers_code_uq').on(t.tenantId, t.customerId, t.custPrdtCode),
  ],
);

/**
 * Tenant (buyer): one Excel import of materials or approved suppliers, run as a background job. The
 * row tells the polling screen how far it got and, when it failed, every row error (catalogue codes,
 * rendered in the reader's language when read).
 */
export const materialImports = pgTable(
  'material_imports',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    target: text('target').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    status: integer('status').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors')
      .$type<{ row: number; column: string; reason: string; params?: Record<string, string | number> }[]>()
      .notNull()
      .default([]),
    failureCode: text('failure_code'),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
    createdBy: bigId('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('material_imports_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Tenant (buyer): one Excel export of materials or approved suppliers, run as a background job. The
 * filter is kept as asked, so the job reads exactly what the list showed; the finished workbook lives
 * in the file store under `file_key` and is served only through this row, so only its tenant gets it.
 */
export const materialExports = pgTable(
  'material_exports',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    target: text('target').notNull(),
    filter: jsonb('filter').$type<{ keyword?: string; classId?: string; status?: 0 | 1 }>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    processedRows: integer('processed_rows').notNull().default(0),
    totalRows: integer('total_rows').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    errorCode: text('error_code'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: bigId('created_by'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('material_exports_created_idx').on(t.tenantId, t.createdAt),
  ],
);
