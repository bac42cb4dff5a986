import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  type DecimalPlaces,
  type ErrorCode,
  errorMessage,
  type Locale,
  MATERIAL_COLUMNS,
  MATERIAL_EXPORT_STATUS,
  MATERIAL_QTY_SCALE,
  MATERIAL_STATUS,
  MATERIAL_SUPPLIER_COLUMNS,
  type MaterialExport,
  type MaterialExportStatus,
  type MaterialImportTarget,
  OPERATION_TYPE,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import {
  materialClasses,
  materialExports,
  materialSuppliers,
  materials,
  suppliers,
  warehouses,
} from '../../db/schema.ts';
import { inTenantTx, type RequestContext } from '../../platform/context.ts';
import { type Actor, actorOf } from '../../platform/documents.ts';
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
import { todayOf } from '../../platform/time.ts';
import { type Cell, decimalCell, RATE_PLACES, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { approvedSupplierJoin } from './material-suppliers.service.ts';
import { headerOf } from './materials.excel.ts';
import { MATERIALS_MODULE, materialWhere } from './materials.service.ts';

/**
 * Excel export of materials and approved suppliers (QUALITY I-07), both as one download
 * (`GET /materials/export`) and as a background job with progress (`material_exports`). Both read
 * the same sheet definitions page by page; the job reads each page in its own short transaction and
 * writes its progress there, so a long export never holds a connection (PGlite has only one) and the
 * screen can poll how far it got.
 */

export const EXPORT_JOB = 'materials.export';
export const EXPORT_MAX_ROWS = 100_000;
/** Rows per page: one read and one progress update each. */
export const EXPORT_BATCH = 2000;

export interface MaterialExportFilter {
  keyword?: string;
  classId?: string;
  status?: 0 | 1;
}

// ---------------------------------------------------------------------------------------------
// Sheets

/** One page of a sheet: its cells, and the sort key of its last row, after which the next page starts. */
interface Page {
  rows: Cell[][];
  last: string[] | null;
}

interface ExportSheet {
  /** Sheet name and the start of the file name. */
  name: string;
  header(locale: Locale): string[];
  where(q: Queryable, tenantId: string, filter: MaterialExportFilter): Promise<SQL>;
  count(q: Queryable, where: SQL): Promise<number>;
  /** The rows after `after` in sort order (keyset paging: each page is an index range, not an offset). */
  page(q: Queryable, where: SQL, after: string[] | null, limit: number, cells: CellFormat): Promise<Page>;
  summary(rows: number): TextRef;
}

const yesNo = (v: boolean, locale: Locale) =>
  (v ? { 'en-US': 'Yes', 'zh-CN': '是', 'zh-TW': '是' } : { 'en-US': 'No', 'zh-CN': '否', 'zh-TW': '否' })[locale];
const statusWord = (s: number, locale: Locale) =>
  (s === MATERIAL_STATUS.ENABLED
    ? { 'en-US': 'Enabled', 'zh-CN': '启用', 'zh-TW': '啟用' }
    : { 'en-US': 'Disabled', 'zh-CN': '停用', 'zh-TW': '停用' })[locale];

/** How a page writes its cells: words in the reader's language, numbers at the enterprise's places. */
interface CellFormat {
  locale: Locale;
  /** A quantity as a number cell at the quantity places, with any further digits the column keeps. */
  quantity: (value: string) => Cell;
  /** A percentage as a number cell at the places rates are shown with. */
  rate: (value: string) => Cell;
}

const cellFormat = (locale: Locale, places: DecimalPlaces): CellFormat => ({
  locale,
  quantity: (value) => decimalCell(value, places.quantity, Math.max(places.quantity, MATERIAL_QTY_SCALE)),
  rate: (value) => decimalCell(value, RATE_PLACES),
});

const MATERIAL_KEYS = Object.keys(MATERIAL_COLUMNS) as (keyof typeof MATERIAL_COLUMNS)[];
const SUPPLIER_KEYS = Object.keys(MATERIAL_SUPPLIER_COLUMNS) as (keyof typeof MATERIAL_SUPPLIER_COLUMNS)[];

const materialSheet: ExportSheet = {
  name: 'materials',
  header: (locale) => headerOf(MATERIAL_COLUMNS, locale),
  where: (q, tenantId, filter) => materialWhere(q, tenantId, filter),
  count: async (q, where) => (await q.select({ total: count() }).from(materials).where(where))[0].total,
  async page(q, where, after, limit, cells) {
    const rows = await q
      .select({
        prdtNo: materials.prdtNo,
        prdtName: materials.prdtName,
        prdtSpc: materials.prdtSpc,
        englishName: materials.englishName,
        classCode: materialClasses.code,
        erpClassCode: materials.erpClassCode,
        poUnitNo: materials.poUnitNo,
        valuationUnitNo: materials.valuationUnitNo,
        poLeadDateNum: materials.poLeadDateNum,
        isCheck: materials.isCheck,
        warehouseCode: warehouses.code,
        taxRateCode: materials.taxRateCode,
        minOrderQty: materials.minOrderQty,
        minPackQty: materials.minPackQty,
        orderOverRate: materials.orderOverRate,
        status: materials.status,
        remarks: materials.remarks,
      })
      .from(materials)
      .leftJoin(
        materialClasses,
        and(eq(materialClasses.tenantId, materials.tenantId), eq(materialClasses.id, materials.classId)),
      )
      .leftJoin(warehouses, and(eq(warehouses.tenantId, materials.tenantId), eq(warehouses.id, materials.warehouseId)))
      .where(after ? and(where, gt(materials.prdtNo, after[0])) : where)
      .orderBy(asc(materials.prdtNo))
      .limit(limit);
    return {
      rows: rows.map((r) =>
        MATERIAL_KEYS.map((k): Cell => {
          if (k === 'isCheck') return yesNo(r.isCheck, cells.locale);
          if (k === 'status') return statusWord(r.status, cells.locale);
          if (k === 'minOrderQty' || k === 'minPackQty') return cells.quantity(r[k]);
          if (k === 'orderOverRate') return cells.rate(r[k]);
          return r[k];
        }),
      ),
      last: rows.length ? [rows[rows.length - 1].prdtNo] : null,
    };
  },
  summary: (count) => text('materials.exported', { count }),
};

/** The approved suppliers of the whole archive: the list filter narrows materials, not this sheet. */
const supplierSheet: ExportSheet = {
  name: 'material-suppliers',
  header: (locale) => headerOf(MATERIAL_SUPPLIER_COLUMNS, locale),
  where: async (_q, tenantId) => eq(materialSuppliers.tenantId, tenantId),
  count: async (q, where) => (await q.select({ total: count() }).from(materialSuppliers).where(where))[0].total,
  async page(q, where, after, limit, cells) {
    const rows = await q
      .select({
        prdtNo: materials.prdtNo,
        supCode: suppliers.supCode,
        supPrdtNo: materialSuppliers.supPrdtNo,
        supPrdtName: materialSuppliers.supPrdtName,
        supPrdtSpc: materialSuppliers.supPrdtSpc,
        poLeadDateNum: materialSuppliers.poLeadDateNum,
        poQuotaRate: materialSuppliers.poQuotaRate,
        warehouseCode: warehouses.code,
        safeStoreQty: materialSuppliers.safeStoreQty,
        topStoreQty: materialSuppliers.topStoreQty,
        deliveryType: materialSuppliers.deliveryType,
        scheduleOverRate: materialSuppliers.scheduleOverRate,
      })
      .from(materialSuppliers)
      .innerJoin(materials, approvedSupplierJoin.material)
      .innerJoin(suppliers, approvedSupplierJoin.supplier)
      .leftJoin(warehouses, approvedSupplierJoin.warehouse)
      // Material and supplier codes are each unique in the tenant, so the pair orders the rows totally.
      .where(
        after
          ? and(
              where,
              or(gt(materials.prdtNo, after[0]), and(eq(materials.prdtNo, after[0]), gt(suppliers.supCode, after[1]))),
            )
          : where,
      )
      .orderBy(asc(materials.prdtNo), asc(suppliers.supCode))
      .limit(limit);
    const last = rows[rows.length - 1];
    return {
      rows: rows.map((r) =>
        SUPPLIER_KEYS.map((k): Cell => {
          if (k === 'safeStoreQty' || k === 'topStoreQty') return cells.quantity(r[k]);
          if (k === 'poQuotaRate' || k === 'scheduleOverRate') return cells.rate(r[k]);
          return r[k];
        }),
      ),
      last: last ? [last.prdtNo, last.supCode] : null,
    };
  },
  summary: (count) => text('materials.suppliersExported', { count }),
};

const SHEETS: Record<MaterialImportTarget, ExportSheet> = { materials: materialSheet, suppliers: supplierSheet };

// ---------------------------------------------------------------------------------------------
// Reading and writing

/** Runs one step of an export in a tenant transaction: the caller's single one, or a new one per step. */
type InTx = <T>(work: (q: Queryable) => Promise<T>) => Promise<T>;
type OnProgress = (q: Queryable, processedRows: number, totalRows: number) => Promise<void>;

/** Reads a whole sheet page by page, reporting progress inside each page's transaction. */
async function readSheet(
  inTx: InTx,
  sheet: ExportSheet,
  tenantId: string,
  filter: MaterialExportFilter,
  locale: Locale,
  onProgress?: OnProgress,
): Promise<Cell[][]> {
  const { where, total, cells } = await inTx(async (q) => {
    const where = await sheet.where(q, tenantId, filter);
    const total = await sheet.count(q, where);
    if (total > EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', { count: total, max: EXPORT_MAX_ROWS });
    await onProgress?.(q, 0, total);
    return { where, total, cells: cellFormat(locale, await getDecimalPlaces(q, tenantId)) };
  });
  const rows: Cell[][] = [];
  let page: Page = { rows: [], last: null };
  do {
    const after = page.last;
    page = await inTx(async (q) => {
      const next = await sheet.page(q, where, after, EXPORT_BATCH, cells);
      await onProgress?.(q, rows.length + next.rows.length, total);
      return next;
    });
    for (const row of page.rows) rows.push(row);
    await yieldToLoop();
  } while (page.rows.length === EXPORT_BATCH);
  return rows;
}

function writeSheet(sheet: ExportSheet, locale: Locale, rows: Cell[][]): Promise<Buffer> {
  const header = sheet.header(locale);
  return writeWorkbook({ name: sheet.name, header, rows, widths: header.map(() => 18) });
}

/** Named after the day in the enterprise's zone. */
const fileNameOf = async (q: Queryable, tenantId: string, sheet: ExportSheet) =>
  `${sheet.name}-${await todayOf(q, tenantId)}.xlsx`;

const recordExport = (q: Queryable, actor: Actor, sheet: ExportSheet, rows: number) =>
  recordOperation(q, actor, { type: OPERATION_TYPE.EXPORT, module: MATERIALS_MODULE, summary: sheet.summary(rows) });

/** The one-request export: the request's one transaction, so the file is one snapshot. */
export async function exportMaterials(
  { tx, auth, tenantId, locale }: RequestContext,
  target: MaterialImportTarget,
  filter: MaterialExportFilter,
): Promise<{ file: Buffer; fileName: string }> {
  const sheet = SHEETS[target];
  const rows = await readSheet((work) => work(tx), sheet, tenantId, filter, locale);
  await recordExport(tx, actorOf(auth), sheet, rows.length);
  return { file: await writeSheet(sheet, locale, rows), fileName: await fileNameOf(tx, tenantId, sheet) };
}

// ---------------------------------------------------------------------------------------------
// The job

interface ExportJob {
  tenantId: string;
  exportId: string;
  userId: string | null;
  username: string;
  /** The requester's language: it names the columns and the yes/no and status words. */
  locale: Locale;
}

/**
 * Runs one export; every outcome ends in the export row, so the screen never waits forever. Pages are
 * read in separate transactions, so a row changed meanwhile appears as it was when its page was read.
 * The outcome and the job's completion (`markDone`) commit together; a process that dies mid-export
 * leaves the row to the job runner, which fails it once the lease lapses (QUALITY R-11).
 */
export async function runExport(
  db: Db,
  dataDir: string,
  job: ExportJob,
  log: FastifyBaseLogger,
  markDone: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const inTx: InTx = (work) => inTenantTx(db, job.tenantId, work);
  const at = and(eq(materialExports.tenantId, job.tenantId), eq(materialExports.id, job.exportId));
  try {
    const [row] = await inTx((q) =>
      q
        .update(materialExports)
        .set({ status: MATERIAL_EXPORT_STATUS.RUNNING })
        .where(at)
        .returning({ target: materialExports.target, filter: materialExports.filter }),
    );
    if (!row) return;
    const sheet = SHEETS[row.target as MaterialImportTarget];
    const rows = await readSheet(inTx, sheet, job.tenantId, row.filter, job.locale, async (q, processed, total) => {
      await q
        .update(materialExports)
        .set({ processedRows: processed, totalRows: Math.max(total, processed) })
        .where(at);
    });
    const file = await writeSheet(sheet, job.locale, rows);
    // `.xlsx` keys never match the generic file route's pattern: the file is served only through its row.
    const fileKey = `${randomBytes(16).toString('hex')}.xlsx`;
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', fileKey), file);
    await inTx(async (q) => {
      await markDone(q);
      await q
        .update(materialExports)
        .set({
          status: MATERIAL_EXPORT_STATUS.DONE,
          fileKey,
          fileName: await fileNameOf(q, job.tenantId, sheet),
          processedRows: rows.length,
          totalRows: rows.length,
          finishedAt: sql`now()`,
        })
        .where(at);
      await recordExport(
        q,
        { tenantId: job.tenantId, userId: job.userId, username: job.username, ip: null },
        sheet,
        rows.length,
      );
    });
  } catch (e) {
    if (!(e instanceof AppError)) log.error({ err: e, exportId: job.exportId }, 'material export failed');
    const failure = e instanceof AppError ? e : new AppError('INTERNAL');
    await inTx(async (q) => {
      await markDone(q);
      await q
        .update(materialExports)
        .set({
          status: MATERIAL_EXPORT_STATUS.FAILED,
          errorCode: failure.errorCode,
          errorParams: failure.params,
          finishedAt: sql`now()`,
        })
        .where(at);
    });
  }
}

/** The export row of a job whose run never reported back: failed with the runner's reason, unless it ended. */
const exportRecord: JobRecord = {
  async markFailed(q: Queryable, claimed: ClaimedJob, failure) {
    const job = claimed.payload as unknown as ExportJob;
    await enterRecordTenant(q, job.tenantId);
    await q
      .update(materialExports)
      .set({
        status: MATERIAL_EXPORT_STATUS.FAILED,
        errorCode: failure.code,
        errorParams: failure.params ?? {},
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(materialExports.tenantId, job.tenantId),
          eq(materialExports.id, job.exportId),
          inArray(materialExports.status, [MATERIAL_EXPORT_STATUS.QUEUED, MATERIAL_EXPORT_STATUS.RUNNING]),
        ),
      );
  },
};

export function registerExportJob(runner: JobRunner, db: Db, dataDir: string) {
  // Started by a user who waits for the file: a run that died is not repeated behind their back.
  runner.register(EXPORT_JOB, {
    retry: false,
    record: exportRecord,
    handler: async (ctx: JobContext) => {
      await runExport(db, dataDir, ctx.job.payload as unknown as ExportJob, ctx.log, ctx.markDone);
    },
  });
}

/** Records an export in the caller's language and queues its job; the caller starts the job once committed. */
export async function queueExport(
  { tx, auth, tenantId, locale }: RequestContext,
  target: MaterialImportTarget,
  filter: MaterialExportFilter,
): Promise<{ exportId: string; jobId: string | null }> {
  const exportId = newId();
  await tx.insert(materialExports).values({ tenantId, id: exportId, target, filter, createdBy: auth.userId });
  const payload: ExportJob = { tenantId, exportId, userId: auth.userId, username: auth.username, locale };
  const jobId = await enqueue(tx, EXPORT_JOB, payload as unknown as Record<string, unknown>, { maxAttempts: 1 });
  return { exportId, jobId };
}

async function findExport(q: Queryable, tenantId: string, id: string) {
  const [row] = await q
    .select()
    .from(materialExports)
    .where(and(eq(materialExports.tenantId, tenantId), eq(materialExports.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getExport({ tx, tenantId, locale }: RequestContext, id: string): Promise<MaterialExport> {
  const row = await findExport(tx, tenantId, id);
  return {
    id: row.id,
    target: row.target as MaterialImportTarget,
    status: row.status as MaterialExportStatus,
    processedRows: row.processedRows,
    totalRows: row.totalRows,
    fileName: row.fileName,
    failure: row.errorCode ? errorMessage(row.errorCode as ErrorCode, locale, row.errorParams ?? {}) : null,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

/** The finished workbook; a failed export answers its failure, an unfinished one EXPORT_NOT_READY. */
export async function readExportFile(
  { tx, tenantId }: RequestContext,
  dataDir: string,
  id: string,
): Promise<{ file: Buffer; fileName: string }> {
  const row = await findExport(tx, tenantId, id);
  if (row.status === MATERIAL_EXPORT_STATUS.FAILED) {
    throw new AppError((row.errorCode as ErrorCode | null) ?? 'INTERNAL', row.errorParams ?? {});
  }
  if (row.status !== MATERIAL_EXPORT_STATUS.DONE || !row.fileKey) throw new AppError('EXPORT_NOT_READY');
  const file = await readFile(path.join(dataDir, 'files', row.fileKey)).catch(() => {
    throw new AppError('NOT_FOUND');
  });
  return {
    file,
    fileName: row.fileName ?? (await fileNameOf(tx, tenantId, SHEETS[row.target as MaterialImportTarget])),
  };
}
