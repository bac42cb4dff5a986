import {
  decimalTextOfCell,
  type EXCHANGE_RATE_COLUMNS,
  type ExchangeRate,
  exchangeRateFieldsSchema,
  type ImportResult,
  type INTEREST_RATE_COLUMNS,
  type InterestRate,
  interestRateFieldsSchema,
  type Locale,
  type Localized,
  placesOf,
  WAREHOUSE_COLUMNS,
  type Warehouse,
  warehouseFieldsSchema,
} from '@concord/shared';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { todayOf } from '../../platform/time.ts';
import {
  type ImportCell,
  type ImportRow,
  localizeRowErrors,
  type RowError,
  readXlsxRows,
  zodRowErrors,
} from '../../platform/xlsx-import.ts';
import { type Cell, decimalCell, writeWorkbook } from '../../platform/xlsx-typed.ts';
import {
  existingCurrencyPairs,
  insertExchangeRates,
  insertInterestRates,
  listExchangeRatesForExport,
  listInterestRatesForExport,
  lockInterestRates,
  overlappingPeriods,
} from './rates.service.ts';
import { existingWarehouseCodes, insertWarehouses, listWarehousesForExport } from './warehouses.service.ts';

/**
 * Template, export and import of warehouses, interest rates and exchange rates. The workbook speaks
 * the caller's language; an import accepts the headers of every language. Imports are all or nothing
 * (QUALITY R-08): every bad cell is reported with its row, column and reason, and nothing is written.
 */

export const EXPORT_MAX_ROWS = 10_000;

interface Column<K extends string> {
  key: K;
  label: Localized;
  required: boolean;
  width: number;
}

interface SheetSpec<K extends string> {
  name: Localized;
  file: string;
  columns: Column<K>[];
}

const col = <K extends string>(key: K, en: string, cn: string, tw: string, required: boolean, width = 16) => ({
  key,
  label: { 'en-US': en, 'zh-CN': cn, 'zh-TW': tw },
  required,
  width,
});

const WAREHOUSE_SHEET: SheetSpec<(typeof WAREHOUSE_COLUMNS)[number]> = {
  name: { 'en-US': 'Warehouses', 'zh-CN': '仓库', 'zh-TW': '倉庫' },
  file: 'warehouses',
  columns: [
    col('code', 'Warehouse number', '仓库编号', '倉庫編號', true),
    col('name', 'Warehouse name', '仓库名称', '倉庫名稱', true, 24),
    col('segmentCode', 'Segment code', '段编码', '段編碼', true),
    col('segmentName', 'Segment name', '段名称', '段名稱', true),
    col('featureName', 'Feature name', '特征名称', '特徵名稱', true),
    col('featureValue', 'Feature value', '特征值', '特徵值', true),
    col('remarks', 'Remarks', '备注', '備註', false, 30),
  ],
};

const INTEREST_SHEET: SheetSpec<(typeof INTEREST_RATE_COLUMNS)[number]> = {
  name: { 'en-US': 'Interest rates', 'zh-CN': '利率', 'zh-TW': '利率' },
  file: 'interest-rates',
  columns: [
    col('startDate', 'Period start', '期间开始', '期間開始', true, 14),
    col('endDate', 'Period end', '期间结束', '期間結束', true, 14),
    col('monthlyRate', 'Monthly rate %', '月利率%', '月利率%', true, 14),
    col('valid', 'Valid', '有效', '有效', false, 10),
  ],
};

const EXCHANGE_SHEET: SheetSpec<(typeof EXCHANGE_RATE_COLUMNS)[number]> = {
  name: { 'en-US': 'Exchange rates', 'zh-CN': '汇率', 'zh-TW': '匯率' },
  file: 'exchange-rates',
  columns: [
    col('currencyCode', 'Currency code', '币种代码', '幣別代碼', true, 14),
    col('currencyName', 'Currency name', '币种名称', '幣別名稱', true, 18),
    col('baseCurrency', 'Base currency', '本位币', '本位幣', true, 14),
    col('rate', 'Exchange rate', '汇率', '匯率', true, 14),
    col('decimalPlaces', 'Decimal places', '小数位数', '小數位數', true, 14),
  ],
};

export const SHEETS = { warehouses: WAREHOUSE_SHEET, interestRates: INTEREST_SHEET, exchangeRates: EXCHANGE_SHEET };
export type SheetKind = keyof typeof SHEETS;

const YES: Localized = { 'en-US': 'Yes', 'zh-CN': '是', 'zh-TW': '是' };
const NO: Localized = { 'en-US': 'No', 'zh-CN': '否', 'zh-TW': '否' };

/** Named after the day in the enterprise's zone. */
export const fileName = async ({ tx, tenantId }: RequestContext, kind: SheetKind, suffix: string) =>
  `${SHEETS[kind].file}-${suffix}-${await todayOf(tx, tenantId)}.xlsx`;

async function workbook<K extends string>(spec: SheetSpec<K>, locale: Locale, rows: Cell[][]): Promise<Buffer> {
  return await writeWorkbook({
    name: spec.name[locale],
    // The template marks required columns; the reader ignores the marker.
    header: spec.columns.map((c) => `${c.required ? '*' : ''}${c.label[locale]}`),
    rows,
    widths: spec.columns.map((c) => c.width),
  });
}

/** The empty workbook of a sheet, its headers in the caller's language. */
export const getTemplateWorkbook = ({ locale }: RequestContext, kind: SheetKind) =>
  workbook(SHEETS[kind] as SheetSpec<string>, locale, []);

function assertExportable(count: number) {
  if (count > EXPORT_MAX_ROWS)
    throw new AppError('EXPORT_TOO_LARGE', { count: `>${EXPORT_MAX_ROWS}`, max: EXPORT_MAX_ROWS });
}

function warehousesWorkbook(rows: Warehouse[], locale: Locale): Promise<Buffer> {
  assertExportable(rows.length);
  return workbook(
    WAREHOUSE_SHEET,
    locale,
    rows.map((r) => WAREHOUSE_COLUMNS.map((k) => r[k])),
  );
}

/** A monthly rate shows two places, and the further ones (the column keeps six) when it has them. */
const MONTHLY_RATE_PLACES = 2;
const MONTHLY_RATE_MAX_PLACES = 6;

function interestRatesWorkbook(rows: InterestRate[], locale: Locale): Promise<Buffer> {
  assertExportable(rows.length);
  return workbook(
    INTEREST_SHEET,
    locale,
    rows.map((r) => [
      r.startDate,
      r.endDate,
      decimalCell(r.monthlyRate, MONTHLY_RATE_PLACES, MONTHLY_RATE_MAX_PLACES),
      r.valid ? YES[locale] : NO[locale],
    ]),
  );
}

function exchangeRatesWorkbook(rows: ExchangeRate[], locale: Locale): Promise<Buffer> {
  assertExportable(rows.length);
  return workbook(
    EXCHANGE_SHEET,
    locale,
    rows.map((r) => [
      r.currencyCode,
      r.currencyName,
      r.baseCurrency,
      decimalCell(r.rate, r.decimalPlaces),
      r.decimalPlaces,
    ]),
  );
}

export async function exportWarehouses(ctx: RequestContext, filter: { keyword?: string }): Promise<Buffer> {
  return warehousesWorkbook(await listWarehousesForExport(ctx, filter, EXPORT_MAX_ROWS), ctx.locale);
}

export async function exportInterestRates(ctx: RequestContext, filter: { valid?: boolean }): Promise<Buffer> {
  return interestRatesWorkbook(await listInterestRatesForExport(ctx, filter, EXPORT_MAX_ROWS), ctx.locale);
}

export async function exportExchangeRates(ctx: RequestContext, filter: { keyword?: string }): Promise<Buffer> {
  return exchangeRatesWorkbook(await listExchangeRatesForExport(ctx, filter, EXPORT_MAX_ROWS), ctx.locale);
}

// ---------------------------------------------------------------------------------------------
// Import: cells → candidate objects → shared zod schema → tenant-wide checks → one insert

const importColumns = <K extends string>(spec: SheetSpec<K>) =>
  spec.columns.map((c) => ({
    key: c.key,
    headers: [c.label['zh-CN'], c.label['zh-TW'], c.label['en-US'], c.key],
    required: c.required,
  }));

const columnOf =
  <K extends string>(spec: SheetSpec<K>, locale: Locale) =>
  (key: string) =>
    spec.columns.find((c) => c.key === key)?.label[locale] ?? key;

const asText = (v: ImportCell) => (v === null ? undefined : String(v));

/**
 * A rate as decimal text for the shared decimal schema: a number cell by the digits it shows
 * (`decimalTextOfCell`), text as typed without thousands separators; the schema refuses the rest.
 */
function asDecimal(v: ImportCell): unknown {
  if (v === null) return undefined;
  if (typeof v === 'number') return decimalTextOfCell(v);
  return v.trim().replace(/,/g, '');
}

/** A number, or the raw text so the schema reports "enter a number" for it. */
function asNumber(v: ImportCell): unknown {
  if (v === null) return undefined;
  if (typeof v === 'number') return v;
  const n = Number(v.replace(/,/g, ''));
  return v.trim() !== '' && Number.isFinite(n) ? n : v;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** yyyy-MM-dd from an Excel date serial (styles are not read) or a typed date; else the raw text. */
function asDate(v: ImportCell): unknown {
  if (v === null) return undefined;
  if (typeof v === 'number') {
    return Number.isInteger(v) && v > 0 ? new Date(EXCEL_EPOCH + v * 86_400_000).toISOString().slice(0, 10) : String(v);
  }
  const m = v.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/);
  if (!m) return v;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? v : iso;
}

const TRUE_WORDS = new Set(['y', 'yes', 'true', '1', '是', '有效']);
const FALSE_WORDS = new Set(['n', 'no', 'false', '0', '否', '无效', '無效']);

function asBoolean(v: ImportCell): unknown {
  if (v === null) return undefined;
  const word = String(v).trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return word;
}

interface Parsed<T> {
  row: number;
  value: T;
}

/** Parses every row with the shared schema; returns the good rows and one error per bad cell. */
function parseRows<K extends string, S extends z.ZodType>(
  spec: SheetSpec<K>,
  locale: Locale,
  rows: ImportRow<K>[],
  schema: S,
  candidate: (values: Record<K, ImportCell>) => Record<string, unknown>,
): { parsed: Parsed<z.infer<S>>[]; errors: RowError[] } {
  const parsed: Parsed<z.infer<S>>[] = [];
  const errors: RowError[] = [];
  for (const r of rows) {
    const result = schema.safeParse(candidate(r.values));
    if (result.success) parsed.push({ row: r.row, value: result.data });
    else errors.push(...zodRowErrors(r.row, result.error, r.values, columnOf(spec, locale)));
  }
  return { parsed, errors };
}

function rejectIfAny(errors: RowError[], locale: Locale) {
  if (errors.length === 0) return;
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  throw new AppError('IMPORT_ROWS_INVALID', { count: sorted.length }, localizeRowErrors(sorted, locale));
}

/** Duplicate keys inside the file: every later occurrence names the first one's row. */
function duplicatesInFile<T>(parsed: Parsed<T>[], keyOf: (v: T) => string, column: string): RowError[] {
  const first = new Map<string, number>();
  const errors: RowError[] = [];
  for (const p of parsed) {
    const key = keyOf(p.value);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, p.row);
    else errors.push({ row: p.row, column, reason: 'IMPORT_VALUE_DUPLICATE', params: { value: key, row: seen } });
  }
  return errors;
}

export async function importWarehouses(ctx: RequestContext, file: Buffer): Promise<ImportResult> {
  const { tx, tenantId, locale } = ctx;
  const spec = WAREHOUSE_SHEET;
  const read = await readXlsxRows(file, importColumns(spec));
  rejectIfAny(read.errors, locale);
  const { parsed, errors } = parseRows(spec, locale, read.rows, warehouseFieldsSchema, (v) => ({
    code: asText(v.code),
    name: asText(v.name),
    segmentCode: asText(v.segmentCode),
    segmentName: asText(v.segmentName),
    featureName: asText(v.featureName),
    featureValue: asText(v.featureValue),
    remarks: asText(v.remarks),
  }));
  const codeColumn = columnOf(spec, locale)('code');
  errors.push(...duplicatesInFile(parsed, (w) => w.code, codeColumn));
  const taken = await existingWarehouseCodes(
    tx,
    tenantId,
    parsed.map((p) => p.value.code),
  );
  for (const p of parsed) {
    if (taken.has(p.value.code)) {
      errors.push({ row: p.row, column: codeColumn, reason: 'IMPORT_VALUE_EXISTS', params: { value: p.value.code } });
    }
  }
  rejectIfAny(errors, locale);
  await insertWarehouses(
    ctx,
    parsed.map((p) => p.value),
  );
  return { imported: parsed.length };
}

export async function importExchangeRates(ctx: RequestContext, file: Buffer): Promise<ImportResult> {
  const { tx, tenantId, locale } = ctx;
  const spec = EXCHANGE_SHEET;
  const read = await readXlsxRows(file, importColumns(spec));
  rejectIfAny(read.errors, locale);
  const { parsed, errors } = parseRows(spec, locale, read.rows, exchangeRateFieldsSchema, (v) => ({
    currencyCode: asText(v.currencyCode),
    currencyName: asText(v.currencyName),
    baseCurrency: asText(v.baseCurrency),
    rate: asDecimal(v.rate),
    decimalPlaces: asNumber(v.decimalPlaces),
  }));
  const rateColumn = columnOf(spec, locale)('rate');
  for (const p of parsed) {
    if (placesOf(p.value.rate) > p.value.decimalPlaces) {
      errors.push({
        row: p.row,
        column: rateColumn,
        reason: 'IMPORT_DECIMAL_PLACES',
        params: { places: p.value.decimalPlaces },
      });
    }
  }
  const pairOf = (r: { currencyCode: string; baseCurrency: string }) => `${r.currencyCode}/${r.baseCurrency}`;
  const codeColumn = columnOf(spec, locale)('currencyCode');
  errors.push(...duplicatesInFile(parsed, pairOf, codeColumn));
  const taken = await existingCurrencyPairs(tx, tenantId);
  for (const p of parsed) {
    const pair = pairOf(p.value);
    if (taken.has(pair))
      errors.push({ row: p.row, column: codeColumn, reason: 'IMPORT_VALUE_EXISTS', params: { value: pair } });
  }
  rejectIfAny(errors, locale);
  await insertExchangeRates(
    ctx,
    parsed.map((p) => p.value),
  );
  return { imported: parsed.length };
}

export async function importInterestRates(ctx: RequestContext, file: Buffer): Promise<ImportResult> {
  const { tx, tenantId, locale } = ctx;
  const spec = INTEREST_SHEET;
  const read = await readXlsxRows(file, importColumns(spec));
  rejectIfAny(read.errors, locale);
  const { parsed, errors } = parseRows(spec, locale, read.rows, interestRateFieldsSchema, (v) => ({
    startDate: asDate(v.startDate),
    endDate: asDate(v.endDate),
    monthlyRate: asDecimal(v.monthlyRate),
    valid: asBoolean(v.valid),
  }));
  const startColumn = columnOf(spec, locale)('startDate');
  // Valid periods of the file must not overlap each other: sorted by start, each must begin after
  // the latest end seen so far.
  const valid = parsed.filter((p) => p.value.valid).sort((a, b) => a.value.startDate.localeCompare(b.value.startDate));
  let latest: Parsed<{ startDate: string; endDate: string }> | null = null;
  for (const p of valid) {
    if (latest && p.value.startDate <= latest.value.endDate) {
      errors.push({
        row: p.row,
        column: startColumn,
        reason: 'IMPORT_PERIOD_OVERLAP',
        params: { value: `${p.value.startDate} – ${p.value.endDate}`, row: latest.row },
      });
    }
    if (!latest || p.value.endDate > latest.value.endDate) latest = p;
  }
  await lockInterestRates(tx, tenantId);
  const existing = await overlappingPeriods(tx, tenantId, { startDate: '0001-01-01', endDate: '9999-12-31' }, null);
  for (const p of valid) {
    const other = existing.find((e) => e.startDate <= p.value.endDate && e.endDate >= p.value.startDate);
    if (other) {
      errors.push({
        row: p.row,
        column: startColumn,
        reason: 'INTEREST_PERIOD_OVERLAP',
        params: { start: other.startDate, end: other.endDate },
      });
    }
  }
  rejectIfAny(errors, locale);
  await insertInterestRates(
    ctx,
    parsed.map((p) => p.value),
  );
  return { imported: parsed.length };
}
