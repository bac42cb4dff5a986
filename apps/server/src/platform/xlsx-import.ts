import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { type ErrorCode, errorMessage, type Locale } from '@concord/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * The shared Excel import reader (QUALITY I-10, R-08, P-05).
 *
 *   const { rows, errors } = await readXlsxRows(buffer, [
 *     { key: 'code', headers: ['Code', '编码', '編碼'], required: true },
 *     { key: 'name', headers: ['Name', '名称', '名稱'] },
 *   ]);
 *
 * 1. The zip is checked before any byte is inflated for real: entry count, declared sizes, compression
 *    ratio, the shared-strings part (kept in memory by the reader), encryption and zip64 are refused
 *    with IMPORT_FILE_REFUSED; the local headers must tile the file exactly as the central directory
 *    says, and every entry is inflated once in a counting stream that stops at its declared size, so a
 *    file that lies about its sizes is refused before it can expand.
 * 2. The first sheet is streamed with exceljs; row 1 is the header row, matched to `columns` by any of
 *    their header texts (trimmed, case-insensitive, a `*` required-marker ignored). Data rows past
 *    `maxRows` abort with IMPORT_TOO_MANY_ROWS.
 * 3. Returns the non-empty data rows with their sheet row numbers and trimmed cell values (empty → null;
 *    formula cells give their cached result, never a formula) and the header errors (a required column
 *    missing). Row checks are the caller's: `zodRowErrors` turns a failed parse into row errors and
 *    `localizeRowErrors` renders them for the caller's language.
 *
 * Throws AppError IMPORT_FILE_INVALID for a file that is no workbook. Date cells arrive as Excel
 * serial numbers because styles are not read.
 */

export type ImportCell = string | number | null;

export interface ImportColumn<K extends string = string> {
  key: K;
  /** Header texts accepted for the column: the template's header in every language. The first is used in errors. */
  headers: readonly string[];
  /** The header row must contain the column. */
  required?: boolean;
}

export interface ImportRow<K extends string = string> {
  /** 1-based sheet row number, as the user sees it in Excel. */
  row: number;
  values: Record<K, ImportCell>;
}

/** One problem of one cell: `reason` is an error-catalogue code rendered with `params`. */
export interface RowError {
  row: number;
  column: string;
  reason: ErrorCode;
  params?: Record<string, string | number>;
}

export interface LocalizedRowError {
  row: number;
  column: string;
  reason: string;
}

export interface XlsxLimits {
  /** Size of the uploaded file. */
  maxFileBytes: number;
  maxEntries: number;
  /** Unpacked size of one zip entry. */
  maxEntryBytes: number;
  /** Unpacked size of all entries together. */
  maxTotalBytes: number;
  /** Unpacked/packed ratio allowed for entries larger than 1 MiB; spreadsheets stay well below 100. */
  maxRatio: number;
  /** Unpacked size of xl/sharedStrings.xml, which the reader holds in memory. */
  maxSharedStringsBytes: number;
  /** Data rows (the header row not counted). */
  maxRows: number;
}

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  maxFileBytes: 32 * 1024 * 1024,
  maxEntries: 500,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 400 * 1024 * 1024,
  maxRatio: 200,
  maxSharedStringsBytes: 48 * 1024 * 1024,
  maxRows: 100_000,
};

export interface ReadXlsxOptions {
  limits?: Partial<XlsxLimits>;
  /** Called every 1,000 data rows with the number read so far. */
  onProgress?: (rowsRead: number) => void;
}

export interface ReadXlsxResult<K extends string> {
  rows: ImportRow<K>[];
  /** Header errors (row 1); an empty list when every required column is there. */
  errors: RowError[];
}

const refused = (why: string) => new AppError('IMPORT_FILE_REFUSED', {}, { why });
const invalid = () => new AppError('IMPORT_FILE_INVALID');

// ---------------------------------------------------------------------------------------------
// Zip inspection (PKWARE APPNOTE 4.3): end record, central directory, local headers.

interface ZipEntryInfo {
  name: string;
  flags: number;
  method: number;
  packed: number;
  unpacked: number;
  localOffset: number;
  dataStart: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const ONE_MIB = 1024 * 1024;

function findEndRecord(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw invalid();
}

function inspectZip(buf: Buffer, limits: XlsxLimits): ZipEntryInfo[] {
  if (buf.length > limits.maxFileBytes) throw refused('file size');
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOCAL) throw invalid();
  const end = findEndRecord(buf);
  const count = buf.readUInt16LE(end + 10);
  const dirSize = buf.readUInt32LE(end + 12);
  const dirOffset = buf.readUInt32LE(end + 16);
  if (buf.readUInt16LE(end + 4) !== 0 || count === 0xffff || dirOffset === 0xffffffff)
    throw refused('zip64 or multi-disk');
  if (count > limits.maxEntries) throw refused('entry count');
  if (dirOffset + dirSize > end) throw invalid();

  const entries: ZipEntryInfo[] = [];
  let total = 0;
  let p = dirOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL) throw invalid();
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const packed = buf.readUInt32LE(p + 20);
    const unpacked = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) throw refused('encrypted');
    if (method !== 0 && method !== 8) throw refused('compression method');
    if (packed === 0xffffffff || unpacked === 0xffffffff) throw refused('zip64');
    if (method === 0 && (flags & 0x8 || packed !== unpacked)) throw refused('stored entry');
    if (unpacked > limits.maxEntryBytes) throw refused('entry size');
    if (name === 'xl/sharedStrings.xml' && unpacked > limits.maxSharedStringsBytes) throw refused('shared strings');
    if (unpacked > ONE_MIB && unpacked > packed * limits.maxRatio) throw refused('compression ratio');
    total += unpacked;
    if (total > limits.maxTotalBytes) throw refused('total size');
    entries.push({ name, flags, method, packed, unpacked, localOffset, dataStart: 0 });
  }

  // The streaming unzipper reads local headers front to back: they must be exactly these entries,
  // back to back, up to the central directory, or it could meet data the checks above never saw.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  for (const e of byOffset) {
    if (e.localOffset !== expected || e.localOffset + 30 > dirOffset || buf.readUInt32LE(e.localOffset) !== LOCAL) {
      throw invalid();
    }
    const flags = buf.readUInt16LE(e.localOffset + 6);
    const method = buf.readUInt16LE(e.localOffset + 8);
    const packed = buf.readUInt32LE(e.localOffset + 18);
    const unpacked = buf.readUInt32LE(e.localOffset + 22);
    const nameLength = buf.readUInt16LE(e.localOffset + 26);
    const extraLength = buf.readUInt16LE(e.localOffset + 28);
    const name = buf.toString('utf8', e.localOffset + 30, e.localOffset + 30 + nameLength);
    if (name !== e.name || method !== e.method || (flags & 0x8) !== (e.flags & 0x8)) throw invalid();
    if (!(flags & 0x8) && (packed !== e.packed || unpacked !== e.unpacked)) throw invalid();
    e.dataStart = e.localOffset + 30 + nameLength + extraLength;
    expected = e.dataStart + e.packed;
    if (flags & 0x8) expected += expected + 4 <= dirOffset && buf.readUInt32LE(expected) === DESCRIPTOR ? 16 : 12;
  }
  if (expected !== dirOffset) throw invalid();
  return entries;
}

/** Inflates one entry into nothing, counting bytes; stops the moment it passes its declared size. */
function verifyInflatedSize(buf: Buffer, e: ZipEntryInfo): Promise<void> {
  if (e.method === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let seen = 0;
    inflate.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > e.unpacked) {
        inflate.destroy();
        reject(refused('size mismatch'));
      }
    });
    inflate.on('error', () => reject(invalid()));
    inflate.on('end', () => (seen === e.unpacked ? resolve() : reject(invalid())));
    inflate.end(buf.subarray(e.dataStart, e.dataStart + e.packed));
  });
}

// ---------------------------------------------------------------------------------------------
// Cells and headers

const headerKey = (text: string) =>
  text
    .replace(/^\s*\*+|\*+\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

function cellValue(v: unknown): ImportCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return null;
    // exceljs hands out slices of the sheet's XML text, and V8 keeps the whole text a slice was cut from
    // alive as long as the slice. A copy (slicing a concatenation makes a fresh string) lets it go:
    // 50,000 read rows hold 28 MB instead of 89 MB.
    return `${t} `.slice(0, -1);
  }
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; formula?: unknown };
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((r) => r.text).join(''));
    if ('formula' in o || 'result' in o) return cellValue(o.result);
    if ('text' in o) return cellValue(o.text);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

export async function readXlsxRows<K extends string>(
  file: Buffer,
  columns: readonly ImportColumn<K>[],
  options: ReadXlsxOptions = {},
): Promise<ReadXlsxResult<K>> {
  const limits = { ...DEFAULT_XLSX_LIMITS, ...options.limits };
  const entries = inspectZip(file, limits);
  for (const e of entries) await verifyInflatedSize(file, e);
  if (!entries.some((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name))) throw invalid();

  // Loaded on first import rather than at every server start (0.45 s).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });

  const rows: ImportRow<K>[] = [];
  const errors: RowError[] = [];
  // Sheet column index (1-based) of each field, from the header row.
  const positions = new Map<K, number>();
  let headerSeen = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as unknown[];
        if (!headerSeen) {
          if (row.number !== 1) break;
          headerSeen = true;
          const found = new Map<string, number>();
          values.forEach((v, i) => {
            const text = cellValue(v);
            if (text !== null && !found.has(headerKey(String(text)))) found.set(headerKey(String(text)), i);
          });
          for (const c of columns) {
            const at = c.headers.map((h) => found.get(headerKey(h))).find((i) => i !== undefined);
            if (at !== undefined) positions.set(c.key, at);
            else if (c.required)
              errors.push({ row: 1, column: c.headers[0] ?? c.key, reason: 'IMPORT_COLUMN_MISSING' });
          }
          continue;
        }
        if (row.number - 1 > limits.maxRows) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: limits.maxRows });
        const record = {} as Record<K, ImportCell>;
        let empty = true;
        for (const c of columns) {
          const at = positions.get(c.key);
          const value = at === undefined ? null : cellValue(values[at]);
          if (value !== null) empty = false;
          record[c.key] = value;
        }
        if (empty) continue;
        rows.push({ row: row.number, values: record });
        if (rows.length % 1000 === 0) options.onProgress?.(rows.length);
      }
      // Only the first sheet is data; later sheets (instructions, lists) are not read.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid();
  }
  if (!headerSeen) throw invalid();
  return { rows, errors };
}

/**
 * Turns a failed zod parse of one row into row errors, one per issue, naming the column by its header;
 * `values` are the row's cells, which tell an empty cell from a wrong one.
 */
export function zodRowErrors(
  row: number,
  error: z.ZodError,
  values: Record<string, ImportCell>,
  columnOf: (key: string) => string,
): RowError[] {
  return error.issues.map((issue): RowError => {
    const key = String(issue.path[0] ?? '');
    const column = columnOf(key);
    switch (issue.code) {
      case 'too_big':
        return issue.origin === 'string'
          ? { row, column, reason: 'IMPORT_VALUE_TOO_LONG', params: { max: Number(issue.maximum) } }
          : { row, column, reason: 'IMPORT_VALUE_OUT_OF_RANGE', params: { max: Number(issue.maximum) } };
      case 'too_small':
        return issue.origin === 'string' && Number(issue.minimum) === 1
          ? { row, column, reason: 'IMPORT_VALUE_REQUIRED' }
          : { row, column, reason: 'IMPORT_VALUE_TOO_SMALL', params: { min: Number(issue.minimum) } };
      case 'invalid_type':
        return values[key] === null || values[key] === undefined
          ? { row, column, reason: 'IMPORT_VALUE_REQUIRED' }
          : { row, column, reason: issue.expected === 'number' ? 'IMPORT_VALUE_NOT_NUMBER' : 'IMPORT_VALUE_INVALID' };
      case 'invalid_format':
        return issue.message === 'decimalString'
          ? { row, column, reason: 'IMPORT_VALUE_NOT_NUMBER' }
          : { row, column, reason: 'IMPORT_VALUE_INVALID' };
      default:
        return { row, column, reason: 'IMPORT_VALUE_INVALID' };
    }
  });
}

export function localizeRowErrors(errors: readonly RowError[], locale: Locale): LocalizedRowError[] {
  return errors.map((e) => ({ row: e.row, column: e.column, reason: errorMessage(e.reason, locale, e.params) }));
}

/** The uploaded workbook of a multipart request, refused above the reader's file-size limit before it is held whole. */
export async function uploadedWorkbook(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file({ limits: { fileSize: DEFAULT_XLSX_LIMITS.maxFileBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION_FAILED');
  const buffer = await file.toBuffer();
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
  return buffer;
}
