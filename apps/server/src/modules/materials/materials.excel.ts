import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  addDecimals,
  DISABLED_WORDS,
  decimalTextOfCell,
  ENABLED_WORDS,
  type ErrorCode,
  errorMessage,
  type Locale,
  MATERIAL_COLUMNS,
  MATERIAL_IMPORT_ERROR_LIMIT,
  MATERIAL_IMPORT_STATUS,
  MATERIAL_RATE_SCALE,
  MATERIAL_SUPPLIER_COLUMNS,
  type MaterialImport,
  type MaterialImportTarget,
  materialFieldsSchema,
  materialSupplierCreateSchema,
  NO_WORDS,
  OPERATION_TYPE,
  placesOf,
  type TextRef,
  text,
  YES_WORDS,
} from '@concord/shared';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { jobs, materialImports, materialSuppliers, materials, suppliers } from '../../db/schema.ts';
import { inTenantTx, type RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  type ClaimedJob,
  enqueue,
  enterRecordTenant,
  type JobContext,
  type JobRecord,
  type JobRunner,
} from '../../platform/jobs.ts';
import { writeXlsx } from '../../platform/xlsx.ts';
import {
  type ImportColumn,
  type ImportRow,
  localizeRowErrors,
  type RowError,
  readXlsxRows,
  zodRowErrors,
} from '../../platform/xlsx-import.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { quotaExceeded, quotaTotal } from './material-suppliers.service.ts';
import {
  MATERIAL_DECIMALS,
  type MaterialDecimalKind,
  type MaterialPlaces,
  materialPlaces,
  SUPPLIER_DECIMALS,
} from './materials.decimals.ts';
import { loadReferenceMaps, type ReferenceMaps } from './materials.refs.ts';
import { insertSearchTerms, type SearchTermPairs, searchTermsBuilder } from './materials.search.ts';
import { MATERIALS_MODULE } from './materials.service.ts';

/**
 * Template and import of materials and approved suppliers (QUALITY R-08, P-05, I-10); the export is
 * `materials.export.ts`.
 *
 * An import is a background job: the upload is stored, a `material_imports` row and a job are made,
 * and the screen polls the row. The job reads the file (refusing bombs), checks every row against the
 * schema, the file itself and the database, and either lists every error and imports nothing, or
 * inserts all rows in batches inside one transaction. Progress of the running phase is kept in memory
 * of the process running the job, because the insert transaction cannot report through the database.
 * The outcome and the job's completion commit together; a process that dies mid-import leaves the
 * row to the job runner, which fails it with the reason once the job's lease lapses (QUALITY R-11).
 */

export const IMPORT_JOB = 'materials.import';
const BATCH = 2000;
const LOOKUP_CHUNK = 5000;

// ---------------------------------------------------------------------------------------------
// Columns and template

const importColumns = <K extends string>(labels: Record<K, Record<Locale, string>>): ImportColumn<K>[] =>
  (Object.keys(labels) as K[]).map((key) => ({
    key,
    headers: [labels[key]['en-US'], labels[key]['zh-CN'], labels[key]['zh-TW']],
    required: labels[key]['en-US'].endsWith('*'),
  }));

export const headerOf = <K extends string>(labels: Record<K, Record<Locale, string>>, locale: Locale) =>
  (Object.keys(labels) as K[]).map((k) => labels[k][locale]);

const TEMPLATE_LABEL = { materials: 'materials', suppliers: 'material-suppliers' } as const;

/** The empty workbook of a target, its columns in the caller's language. */
export async function getImportTemplate({ locale }: RequestContext, target: MaterialImportTarget): Promise<Buffer> {
  const header =
    target === 'materials' ? headerOf(MATERIAL_COLUMNS, locale) : headerOf(MATERIAL_SUPPLIER_COLUMNS, locale);
  return await writeXlsx({ name: TEMPLATE_LABEL[target], header, rows: [], widths: header.map(() => 18) });
}

// ---------------------------------------------------------------------------------------------
// Cell parsing

const cellText = z.preprocess((v) => (v === null ? '' : typeof v === 'number' ? String(v) : v), z.string());
const cellNumber = (schema: z.ZodNumber, fallback: number) =>
  z.preprocess((v) => {
    if (v === null) return fallback;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?%?$/.test(v.trim())) return Number(v.trim().replace('%', ''));
    return v;
  }, schema);
/**
 * A quantity or percentage cell as decimal text, checked like a request's: a number cell by its shown
 * digits (`decimalTextOfCell`), a text cell as typed, `5%` as 5.
 */
const cellDecimal = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (v === null) return undefined;
    if (typeof v === 'number') return decimalTextOfCell(v);
    return typeof v === 'string' ? v.trim().replace(/%$/, '') : v;
  }, schema);
const cellWords = <T>(truthy: string[], falsy: string[], yes: T, no: T, fallback: T) =>
  z.preprocess(
    (v) => {
      if (v === null) return fallback;
      const word = String(v).trim().toLowerCase();
      if (truthy.includes(word)) return yes;
      if (falsy.includes(word)) return no;
      return v;
    },
    z.union([z.literal(yes as never), z.literal(no as never)]),
  );

const shape = materialFieldsSchema.shape;
const supplierShape = materialSupplierCreateSchema.shape;
const materialRowSchema = z.object({
  prdtNo: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), shape.prdtNo),
  prdtName: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), shape.prdtName),
  prdtSpc: cellText.pipe(z.string().max(256)),
  englishName: cellText.pipe(z.string().max(128)),
  classCode: cellText.pipe(z.string().max(32)),
  erpClassCode: cellText.pipe(z.string().max(32)),
  poUnitNo: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), shape.poUnitNo),
  valuationUnitNo: cellText.pipe(z.string().max(32)),
  poLeadDateNum: cellNumber(z.number().int().min(0).max(3650), 0),
  isCheck: cellWords(YES_WORDS, NO_WORDS, true, false, false),
  warehouseCode: cellText.pipe(z.string().max(32)),
  taxRateCode: cellText.pipe(z.string().max(32)),
  minOrderQty: cellDecimal(shape.minOrderQty),
  minPackQty: cellDecimal(shape.minPackQty),
  orderOverRate: cellDecimal(shape.orderOverRate),
  status: cellWords(ENABLED_WORDS, DISABLED_WORDS, 1, 0, 1),
  remarks: cellText.pipe(z.string().max(500)),
});

const supplierRowSchema = z.object({
  prdtNo: z.preprocess((v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v), shape.prdtNo),
  supCode: z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().trim().min(1).max(64),
  ),
  supPrdtNo: cellText.pipe(z.string().max(64)),
  supPrdtName: cellText.pipe(z.string().max(128)),
  supPrdtSpc: cellText.pipe(z.string().max(256)),
  poLeadDateNum: cellNumber(z.number().int().min(0).max(3650), 0),
  poQuotaRate: cellDecimal(supplierShape.poQuotaRate),
  warehouseCode: cellText.pipe(z.string().max(32)),
  safeStoreQty: cellDecimal(supplierShape.safeStoreQty),
  topStoreQty: cellDecimal(supplierShape.topStoreQty),
  deliveryType: cellText.pipe(z.string().max(32)),
  scheduleOverRate: cellDecimal(supplierShape.scheduleOverRate),
});

// ---------------------------------------------------------------------------------------------
// Progress

interface Progress {
  processedRows: number;
  totalRows: number;
}
/** Progress of the imports this process is running, by import id. */
const running = new Map<string, Progress>();

const setProgress = (id: string, processedRows: number, totalRows: number) =>
  running.set(id, { processedRows, totalRows });

class RowsRejected extends Error {
  constructor(readonly errors: RowError[]) {
    super('rows rejected');
  }
}

const err = (row: number, column: string, reason: ErrorCode, params?: Record<string, string | number>): RowError => ({
  row,
  column,
  reason,
  ...(params ? { params } : {}),
});

/** Errors of the decimals of one row with more places than allowed, one per cell. */
function placesErrors(
  row: number,
  values: Readonly<Record<string, unknown>>,
  kinds: Readonly<Record<string, MaterialDecimalKind>>,
  places: MaterialPlaces,
): RowError[] {
  return Object.entries(kinds)
    .filter(([key, kind]) => {
      const value = values[key];
      return typeof value === 'string' && placesOf(value) > places[kind];
    })
    .map(([key, kind]) => err(row, key, 'IMPORT_DECIMAL_PLACES', { places: places[kind] }));
}

async function existingCodes(q: Queryable, tenantId: string, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
    const { rows } = await q.execute<{ prdt_no: string }>(
      sql`select prdt_no from ${materials}
           where tenant_id = ${tenantId} and prdt_no = any(${sql.param(codes.slice(i, i + LOOKUP_CHUNK))}::text[])`,
    );
    for (const r of rows) found.add(r.prdt_no);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Materials import

/**
 * The valid rows of a materials import, column by column: each column is one array parameter of the
 * insert (`unnest`), so 50,000 rows are a few arrays instead of 50,000 objects, and a batch of
 * thousands of rows is one statement with 21 parameters. `row` is the sheet row, for errors.
 */
interface MaterialColumns {
  row: number[];
  id: string[];
  prdt_no: string[];
  prdt_name: string[];
  prdt_spc: string[];
  english_name: string[];
  class_id: (string | null)[];
  erp_class_code: string[];
  po_unit_no: string[];
  po_unit_name: string[];
  valuation_unit_no: string[];
  valuation_unit_name: string[];
  po_lead_date_num: number[];
  is_check: boolean[];
  warehouse_id: (string | null)[];
  tax_rate_code: string[];
  tax_rate: (string | null)[];
  min_order_qty: string[];
  min_pack_qty: string[];
  order_over_rate: string[];
  status: number[];
  remarks: string[];
}
type MaterialColumn = Exclude<keyof MaterialColumns, 'row'>;

/** The SQL type of each inserted column. */
const MATERIAL_COLUMN_TYPES: Record<MaterialColumn, string> = {
  id: 'bigint',
  prdt_no: 'text',
  prdt_name: 'text',
  prdt_spc: 'text',
  english_name: 'text',
  class_id: 'bigint',
  erp_class_code: 'text',
  po_unit_no: 'text',
  po_unit_name: 'text',
  valuation_unit_no: 'text',
  valuation_unit_name: 'text',
  po_lead_date_num: 'integer',
  is_check: 'boolean',
  warehouse_id: 'bigint',
  tax_rate_code: 'text',
  tax_rate: 'numeric',
  min_order_qty: 'numeric',
  min_pack_qty: 'numeric',
  order_over_rate: 'numeric',
  status: 'integer',
  remarks: 'text',
};
const MATERIAL_INSERT_COLUMNS = Object.keys(MATERIAL_COLUMN_TYPES) as MaterialColumn[];

function validateMaterialRows(
  rows: ImportRow<keyof typeof MATERIAL_COLUMNS>[],
  refs: ReferenceMaps,
  places: MaterialPlaces,
) {
  /** Errors name the field; the reader sees the header in their language (`columnLabel`). */
  const col = (k: keyof typeof MATERIAL_COLUMNS) => k;
  const errors: RowError[] = [];
  const valid = Object.fromEntries(
    ['row', ...MATERIAL_INSERT_COLUMNS].map((k) => [k, []]),
  ) as unknown as MaterialColumns;
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of rows) {
    const parsed = materialRowSchema.safeParse(values);
    if (!parsed.success) {
      errors.push(...zodRowErrors(row, parsed.error, values, (k) => k));
      continue;
    }
    const v = parsed.data;
    const before = errors.length;
    errors.push(...placesErrors(row, v, MATERIAL_DECIMALS, places));
    const earlier = firstRowOf.get(v.prdtNo);
    if (earlier !== undefined)
      errors.push(err(row, col('prdtNo'), 'IMPORT_VALUE_DUPLICATE', { value: v.prdtNo, row: earlier }));
    else firstRowOf.set(v.prdtNo, row);
    const cls = v.classCode ? refs.classesByCode.get(v.classCode) : undefined;
    if (v.classCode && !cls) errors.push(err(row, col('classCode'), 'IMPORT_VALUE_UNKNOWN', { value: v.classCode }));
    const poUnit = refs.units.get(v.poUnitNo);
    if (!poUnit) errors.push(err(row, col('poUnitNo'), 'IMPORT_VALUE_UNKNOWN', { value: v.poUnitNo }));
    const valuationUnitNo = v.valuationUnitNo || v.poUnitNo;
    const valuationUnit = refs.units.get(valuationUnitNo);
    if (v.valuationUnitNo && !valuationUnit) {
      errors.push(err(row, col('valuationUnitNo'), 'IMPORT_VALUE_UNKNOWN', { value: v.valuationUnitNo }));
    }
    const wh = v.warehouseCode ? refs.warehousesByCode.get(v.warehouseCode) : undefined;
    if (v.warehouseCode && !wh)
      errors.push(err(row, col('warehouseCode'), 'IMPORT_VALUE_UNKNOWN', { value: v.warehouseCode }));
    const tax = v.taxRateCode ? refs.taxRates.get(v.taxRateCode) : undefined;
    if (v.taxRateCode && !tax)
      errors.push(err(row, col('taxRateCode'), 'IMPORT_VALUE_UNKNOWN', { value: v.taxRateCode }));
    if (errors.length > before || !poUnit || !valuationUnit) continue;
    valid.row.push(row);
    valid.id.push(newId());
    valid.prdt_no.push(v.prdtNo);
    valid.prdt_name.push(v.prdtName);
    valid.prdt_spc.push(v.prdtSpc);
    valid.english_name.push(v.englishName);
    valid.class_id.push(cls?.id ?? null);
    valid.erp_class_code.push(v.erpClassCode || cls?.erpClassCode || '');
    valid.po_unit_no.push(v.poUnitNo);
    valid.po_unit_name.push(poUnit.name);
    valid.valuation_unit_no.push(valuationUnitNo);
    valid.valuation_unit_name.push(valuationUnit.name);
    valid.po_lead_date_num.push(v.poLeadDateNum);
    valid.is_check.push(v.isCheck as boolean);
    valid.warehouse_id.push(wh?.id ?? null);
    valid.tax_rate_code.push(v.taxRateCode);
    valid.tax_rate.push(tax?.rate ?? null);
    valid.min_order_qty.push(v.minOrderQty);
    valid.min_pack_qty.push(v.minPackQty);
    valid.order_over_rate.push(v.orderOverRate);
    valid.status.push(v.status as number);
    valid.remarks.push(v.remarks);
  }
  return { errors, valid };
}

/** Rows `from` to `to` of the valid materials with their search terms: the parameters of one batch. */
function materialBatch(
  valid: MaterialColumns,
  from: number,
  to: number,
  termsOf: ReturnType<typeof searchTermsBuilder>,
) {
  const columns = MATERIAL_INSERT_COLUMNS.map((c) => valid[c].slice(from, to));
  const terms: SearchTermPairs = { ids: [], terms: [] };
  for (let i = from; i < to; i++) {
    const material = {
      prdtNo: valid.prdt_no[i],
      prdtName: valid.prdt_name[i],
      prdtSpc: valid.prdt_spc[i],
      englishName: valid.english_name[i],
    };
    for (const term of termsOf(material)) {
      terms.ids.push(valid.id[i]);
      terms.terms.push(term);
    }
  }
  return { from, to, columns, terms };
}

async function insertMaterialBatch(
  tx: Queryable,
  tenantId: string,
  valid: MaterialColumns,
  batch: ReturnType<typeof materialBatch>,
) {
  const arrays = MATERIAL_INSERT_COLUMNS.map(
    (c, i) => sql`${sql.param(batch.columns[i])}::${sql.raw(MATERIAL_COLUMN_TYPES[c])}[]`,
  );
  const { rows: inserted } = await tx.execute<{ prdt_no: string }>(
    sql`insert into ${materials} (tenant_id, ${sql.raw(MATERIAL_INSERT_COLUMNS.join(', '))})
        select ${tenantId}, u.* from unnest(${sql.join(arrays, sql`, `)}) u
        on conflict do nothing
        returning prdt_no`,
  );
  // A code taken since the check (a concurrent save): name those rows and import nothing.
  if (inserted.length < batch.to - batch.from) {
    const saved = new Set(inserted.map((r) => r.prdt_no));
    const errors: RowError[] = [];
    for (let i = batch.from; i < batch.to; i++) {
      const code = valid.prdt_no[i];
      if (!saved.has(code)) errors.push(err(valid.row[i], 'prdtNo', 'IMPORT_VALUE_EXISTS', { value: code }));
    }
    throw new RowsRejected(errors);
  }
  await insertSearchTerms(tx, tenantId, batch.terms);
}

async function importMaterials(
  db: Db,
  job: ImportJob,
  rows: ImportRow<keyof typeof MATERIAL_COLUMNS>[],
  markDone: MarkDone,
) {
  const { tenantId } = job;
  const { errors, valid } = await inTenantTx(db, tenantId, async (tx) => {
    const refs = await loadReferenceMaps(tx, tenantId);
    const result = validateMaterialRows(rows, refs, await materialPlaces(tx, tenantId));
    // The cells are not needed any more; letting them go halves the peak memory of a big import.
    rows.length = 0;
    const taken = await existingCodes(tx, tenantId, result.valid.prdt_no);
    result.valid.prdt_no.forEach((code, i) => {
      if (taken.has(code))
        result.errors.push(err(result.valid.row[i], 'prdtNo', 'IMPORT_VALUE_EXISTS', { value: code }));
    });
    return result;
  });
  if (errors.length > 0) throw new RowsRejected(errors);
  const total = valid.row.length;
  const termsOf = searchTermsBuilder();
  await inTenantTx(db, tenantId, async (tx) => {
    let batch = materialBatch(valid, 0, Math.min(BATCH, total), termsOf);
    while (batch.from < total) {
      const current = batch;
      const to = Math.min(current.to + BATCH, total);
      // Node builds the next batch (pinyin, arrays) while the database inserts this one: two cores busy.
      [, batch] = await Promise.all([
        insertMaterialBatch(tx, tenantId, valid, current),
        yieldToLoop().then(() => materialBatch(valid, current.to, to, termsOf)),
      ]);
      setProgress(job.importId, current.to, total);
    }
    await finish(tx, job, total, text('materials.imported', { count: total, fileName: job.fileName }), markDone);
  });
}

// ---------------------------------------------------------------------------------------------
// Approved suppliers import

async function importSuppliers(
  db: Db,
  job: ImportJob,
  rows: ImportRow<keyof typeof MATERIAL_SUPPLIER_COLUMNS>[],
  markDone: MarkDone,
) {
  const { tenantId } = job;
  const col = (k: keyof typeof MATERIAL_SUPPLIER_COLUMNS) => k;
  // One transaction: the materials named are locked before their quotas are summed (concurrent saves wait).
  await inTenantTx(db, tenantId, async (tx) => {
    const refs = await loadReferenceMaps(tx, tenantId);
    const places = await materialPlaces(tx, tenantId);
    const errors: RowError[] = [];
    const parsedRows: { row: number; v: z.output<typeof supplierRowSchema> }[] = [];
    for (const { row, values } of rows) {
      const parsed = supplierRowSchema.safeParse(values);
      if (parsed.success) parsedRows.push({ row, v: parsed.data });
      else
        errors.push(
          ...zodRowErrors(row, parsed.error, values, (k) => col(k as keyof typeof MATERIAL_SUPPLIER_COLUMNS)),
        );
    }
    const codes = [...new Set(parsedRows.map((p) => p.v.prdtNo))];
    const supCodes = [...new Set(parsedRows.map((p) => p.v.supCode))];
    const materialIds = new Map<string, string>();
    for (let i = 0; i < codes.length; i += LOOKUP_CHUNK) {
      const found = await tx
        .select({ id: materials.id, prdtNo: materials.prdtNo })
        .from(materials)
        .where(and(eq(materials.tenantId, tenantId), inArray(materials.prdtNo, codes.slice(i, i + LOOKUP_CHUNK))))
        .orderBy(asc(materials.id))
        .for('update');
      for (const m of found) materialIds.set(m.prdtNo, m.id);
    }
    const supplierIds = new Map<string, string>();
    for (let i = 0; i < supCodes.length; i += LOOKUP_CHUNK) {
      const found = await tx
        .select({ id: suppliers.id, supCode: suppliers.supCode })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, tenantId), inArray(suppliers.supCode, supCodes.slice(i, i + LOOKUP_CHUNK))));
      for (const s of found) supplierIds.set(s.supCode, s.id);
    }
    const existingPairs = new Set<string>();
    const ids = [...materialIds.values()];
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
      const found = await tx
        .select({ materialId: materialSuppliers.materialId, supplierId: materialSuppliers.supplierId })
        .from(materialSuppliers)
        .where(
          and(
            eq(materialSuppliers.tenantId, tenantId),
            inArray(materialSuppliers.materialId, ids.slice(i, i + LOOKUP_CHUNK)),
          ),
        );
      for (const p of found) existingPairs.add(`${p.materialId}:${p.supplierId}`);
    }
    const quotas = new Map<string, string>();
    const firstRowOf = new Map<string, number>();
    const valid: (typeof materialSuppliers.$inferInsert)[] = [];
    for (const { row, v } of parsedRows) {
      const before = errors.length;
      errors.push(...placesErrors(row, v, SUPPLIER_DECIMALS, places));
      const materialId = materialIds.get(v.prdtNo);
      const supplierId = supplierIds.get(v.supCode);
      if (!materialId) errors.push(err(row, col('prdtNo'), 'IMPORT_VALUE_UNKNOWN', { value: v.prdtNo }));
      if (!supplierId) errors.push(err(row, col('supCode'), 'IMPORT_VALUE_UNKNOWN', { value: v.supCode }));
      const wh = v.warehouseCode ? refs.warehousesByCode.get(v.warehouseCode) : undefined;
      if (v.warehouseCode && !wh)
        errors.push(err(row, col('warehouseCode'), 'IMPORT_VALUE_UNKNOWN', { value: v.warehouseCode }));
      if (v.deliveryType && !refs.deliveryTypes.has(v.deliveryType)) {
        errors.push(err(row, col('deliveryType'), 'IMPORT_VALUE_UNKNOWN', { value: v.deliveryType }));
      }
      if (!materialId || !supplierId) continue;
      const pair = `${materialId}:${supplierId}`;
      const earlier = firstRowOf.get(pair);
      if (earlier !== undefined) {
        errors.push(
          err(row, col('supCode'), 'IMPORT_VALUE_DUPLICATE', { value: `${v.prdtNo} / ${v.supCode}`, row: earlier }),
        );
      } else firstRowOf.set(pair, row);
      if (existingPairs.has(pair))
        errors.push(err(row, col('supCode'), 'IMPORT_VALUE_EXISTS', { value: `${v.prdtNo} / ${v.supCode}` }));
      const total = addDecimals(
        quotas.get(materialId) ?? (await quotaTotal(tx, tenantId, materialId, '0', null)),
        v.poQuotaRate,
        MATERIAL_RATE_SCALE,
      );
      quotas.set(materialId, total);
      if (quotaExceeded(total))
        errors.push(err(row, col('poQuotaRate'), 'IMPORT_QUOTA_EXCEEDED', { value: v.prdtNo, total }));
      if (errors.length > before) continue;
      valid.push({
        tenantId,
        id: newId(),
        materialId,
        supplierId,
        supPrdtNo: v.supPrdtNo,
        supPrdtName: v.supPrdtName,
        supPrdtSpc: v.supPrdtSpc,
        poLeadDateNum: v.poLeadDateNum,
        poQuotaRate: v.poQuotaRate,
        assWh: wh?.id ?? null,
        safeStoreQty: v.safeStoreQty,
        topStoreQty: v.topStoreQty,
        deliveryType: v.deliveryType,
        scheduleOverRate: v.scheduleOverRate,
      });
    }
    if (errors.length > 0) throw new RowsRejected(errors);
    for (let i = 0; i < valid.length; i += BATCH) {
      await tx.insert(materialSuppliers).values(valid.slice(i, i + BATCH));
      setProgress(job.importId, Math.min(i + BATCH, valid.length), valid.length);
      await yieldToLoop();
    }
    const summary = text('materials.suppliersImported', { count: valid.length, fileName: job.fileName });
    await finish(tx, job, valid.length, summary, markDone);
  });
}

// ---------------------------------------------------------------------------------------------
// The job

interface ImportJob {
  tenantId: string;
  importId: string;
  target: MaterialImportTarget;
  fileKey: string;
  fileName: string;
  userId: string | null;
  username: string;
}

/** Completes the job in the transaction that writes the outcome, so a job done has its outcome written. */
type MarkDone = (tx: Queryable) => Promise<void>;

async function finish(tx: Queryable, job: ImportJob, imported: number, summary: TextRef, markDone: MarkDone) {
  await markDone(tx);
  await tx
    .update(materialImports)
    .set({
      status: MATERIAL_IMPORT_STATUS.SUCCEEDED,
      totalRows: imported,
      processedRows: imported,
      importedRows: imported,
      finishedAt: sql`now()`,
    })
    .where(and(eq(materialImports.tenantId, job.tenantId), eq(materialImports.id, job.importId)));
  await recordOperation(
    tx,
    { tenantId: job.tenantId, userId: job.userId, username: job.username, ip: null },
    { type: OPERATION_TYPE.ADD, module: MATERIALS_MODULE, summary },
  );
}

async function fail(
  db: Db,
  job: ImportJob,
  failure: { errors?: RowError[]; code?: ErrorCode; params?: Record<string, string | number> },
  markDone: MarkDone,
) {
  const errors = (failure.errors ?? []).sort((a, b) => a.row - b.row);
  await inTenantTx(db, job.tenantId, async (tx) => {
    await markDone(tx);
    await tx
      .update(materialImports)
      .set({
        status: MATERIAL_IMPORT_STATUS.FAILED,
        errorCount: errors.length,
        errors: errors.slice(0, MATERIAL_IMPORT_ERROR_LIMIT),
        failureCode: failure.code ?? (errors.length ? 'IMPORT_ROWS_INVALID' : null),
        failureParams: failure.params ?? { count: errors.length },
        finishedAt: sql`now()`,
      })
      .where(and(eq(materialImports.tenantId, job.tenantId), eq(materialImports.id, job.importId)));
  });
}

/**
 * Runs one import; every outcome ends in the import row, so the screen never waits forever. `markDone`
 * completes the job in the same transaction (the benchmark runs an import without a job).
 */
export async function runImport(
  db: Db,
  dataDir: string,
  job: ImportJob,
  log: FastifyBaseLogger,
  markDone: MarkDone = async () => {},
): Promise<void> {
  setProgress(job.importId, 0, 0);
  try {
    await inTenantTx(db, job.tenantId, (tx) =>
      tx
        .update(materialImports)
        .set({ status: MATERIAL_IMPORT_STATUS.RUNNING })
        .where(and(eq(materialImports.tenantId, job.tenantId), eq(materialImports.id, job.importId))),
    );
    const file = () => readFile(path.join(dataDir, 'files', job.fileKey));
    if (job.target === 'materials') {
      const { rows, errors } = await readXlsxRows(await file(), importColumns(MATERIAL_COLUMNS), {
        onProgress: (n) => setProgress(job.importId, n, 0),
      });
      if (errors.length) throw new RowsRejected(errors);
      setProgress(job.importId, 0, rows.length);
      await importMaterials(db, job, rows, markDone);
    } else {
      const { rows, errors } = await readXlsxRows(await file(), importColumns(MATERIAL_SUPPLIER_COLUMNS), {
        onProgress: (n) => setProgress(job.importId, n, 0),
      });
      if (errors.length) throw new RowsRejected(errors);
      setProgress(job.importId, 0, rows.length);
      await importSuppliers(db, job, rows, markDone);
    }
  } catch (e) {
    if (e instanceof RowsRejected) await fail(db, job, { errors: e.errors }, markDone);
    else if (e instanceof AppError) await fail(db, job, { code: e.errorCode, params: e.params }, markDone);
    else {
      log.error({ err: e, importId: job.importId }, 'material import failed');
      await fail(db, job, { code: 'INTERNAL', params: {} }, markDone);
    }
  } finally {
    running.delete(job.importId);
  }
}

/** The import row of a job whose run never reported back: failed with the runner's reason, unless it ended. */
const importRecord: JobRecord = {
  async markFailed(q: Queryable, claimed: ClaimedJob, failure) {
    const job = claimed.payload as unknown as ImportJob;
    await enterRecordTenant(q, job.tenantId);
    await q
      .update(materialImports)
      .set({
        status: MATERIAL_IMPORT_STATUS.FAILED,
        failureCode: failure.code,
        failureParams: failure.params ?? {},
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(materialImports.tenantId, job.tenantId),
          eq(materialImports.id, job.importId),
          inArray(materialImports.status, [MATERIAL_IMPORT_STATUS.QUEUED, MATERIAL_IMPORT_STATUS.RUNNING]),
        ),
      );
  },
};

export function registerImportJob(runner: JobRunner, db: Db, dataDir: string) {
  // All or nothing, started by a user who watches it: a run that died is not repeated behind their back.
  runner.register(IMPORT_JOB, {
    retry: false,
    record: importRecord,
    handler: async (ctx: JobContext) => {
      await runImport(db, dataDir, ctx.job.payload as unknown as ImportJob, ctx.log, ctx.markDone);
    },
  });
}

/**
 * Queues an import of a stored upload; one import per enterprise runs at a time. An import is in
 * progress while its job is: queued, or held by a lease that has not lapsed. A process that died
 * mid-import therefore blocks the next one no longer than the lease (QUALITY R-11).
 */
export async function queueImport(
  { tx, auth, tenantId }: RequestContext,
  target: MaterialImportTarget,
  file: { key: string; name: string },
): Promise<{ importId: string; jobId: string | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('material_imports'), hashtext(${tenantId}))`);
  const [busy] = await tx
    .select({ id: materialImports.id })
    .from(materialImports)
    .innerJoin(jobs, and(eq(jobs.kind, IMPORT_JOB), eq(jobs.dedupeKey, sql`${materialImports.id}::text`)))
    .where(
      and(
        eq(materialImports.tenantId, tenantId),
        inArray(materialImports.status, [MATERIAL_IMPORT_STATUS.QUEUED, MATERIAL_IMPORT_STATUS.RUNNING]),
        isNull(jobs.doneAt),
        isNull(jobs.deadAt),
        or(isNull(jobs.lockedUntil), gt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .limit(1);
  if (busy) throw new AppError('IMPORT_IN_PROGRESS');
  const importId = newId();
  await tx.insert(materialImports).values({
    tenantId,
    id: importId,
    target,
    fileKey: file.key,
    fileName: file.name,
    createdBy: auth.userId,
    createdByName: auth.username,
  });
  const payload: ImportJob = {
    tenantId,
    importId,
    target,
    fileKey: file.key,
    fileName: file.name,
    userId: auth.userId,
    username: auth.username,
  };
  // The import's id as the dedupe key: one job per import, and the busy check above finds it.
  const jobId = await enqueue(tx, IMPORT_JOB, payload as unknown as Record<string, unknown>, {
    maxAttempts: 1,
    dedupeKey: importId,
  });
  return { importId, jobId };
}

/** Row errors name a column by its field; the reader sees it by the header of the template in their language. */
function columnLabel(target: string, column: string, locale: Locale): string {
  const labels: Record<string, Record<Locale, string>> = target === 'materials'
    ? MATERIAL_COLUMNS
    : MATERIAL_SUPPLIER_COLUMNS;
  const key = Object.hasOwn(labels, column) ? column : Object.keys(labels).find((k) => labels[k]['en-US'] === column);
  return key ? labels[key][locale] : column;
}

export function getImport({ tx, tenantId, locale }: RequestContext, id: string): Promise<MaterialImport> {
  return readImport(tx, tenantId, id, locale);
}

async function readImport(q: Queryable, tenantId: string, id: string, locale: Locale): Promise<MaterialImport> {
  const [row] = await q
    .select()
    .from(materialImports)
    .where(and(eq(materialImports.tenantId, tenantId), eq(materialImports.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const live = running.get(id);
  const active = row.status === MATERIAL_IMPORT_STATUS.QUEUED || row.status === MATERIAL_IMPORT_STATUS.RUNNING;
  return {
    id: row.id,
    target: row.target as MaterialImportTarget,
    fileName: row.fileName,
    status: row.status as MaterialImport['status'],
    totalRows: active && live ? live.totalRows : row.totalRows,
    processedRows: active && live ? live.processedRows : row.processedRows,
    importedRows: row.importedRows,
    errorCount: row.errorCount,
    errors: localizeRowErrors(row.errors as RowError[], locale).map((e) => ({
      ...e,
      column: columnLabel(row.target, e.column, locale),
    })),
    failure: row.failureCode ? errorMessage(row.failureCode as ErrorCode, locale, row.failureParams ?? {}) : null,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** The enterprise's last ten imports, newest first. */
export async function listImports({ tx: q, tenantId, locale }: RequestContext): Promise<MaterialImport[]> {
  const rows = await q
    .select({ id: materialImports.id })
    .from(materialImports)
    .where(eq(materialImports.tenantId, tenantId))
    .orderBy(desc(materialImports.createdAt))
    .limit(10);
  return Promise.all(rows.map((r) => readImport(q, tenantId, r.id, locale)));
}
