import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A small XLSX writer (one sheet, text and number cells) for exports. An .xlsx file is a zip of a few
 * XML parts; writing them directly keeps exports dependency-free and the output easy to reason about.
 */

export type CellValue = string | number | null | undefined;

export interface SheetData {
  name: string;
  /** The first row, written bold. */
  header: string[];
  rows: CellValue[][];
  /** Column widths in characters, by column index. */
  widths?: number[];
}

/**
 * A text cell starting with one of these is what spreadsheet programs read as a formula when the
 * value is typed or re-imported; such cells carry the quote-prefix style so they stay text (QUALITY I-07).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const needsQuotePrefix = (text: string) => FORMULA_START.test(text);

// Style indexes of styles.xml below.
const STYLE_HEADER = 1;
const STYLE_TEXT = 2;

// XML 1.0 forbids most control characters even when escaped; they are dropped, never written.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching those characters is the point.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function cell(ref: string, value: CellValue, headerRow: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value) && !headerRow) {
    return `<c r="${ref}"><v>${value}</v></c>`;
  }
  const text = String(value);
  const style = headerRow ? STYLE_HEADER : needsQuotePrefix(text) ? STYLE_TEXT : 0;
  const s = style ? ` s="${style}"` : '';
  // Inline strings are text by type: a spreadsheet program never evaluates them as formulas.
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

/** Rows written between two turns of the event loop, so a 100,000-row export never holds the server. */
const ROWS_PER_TURN = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The sheet part as chunks of a few thousand rows each: no single huge string is ever built. */
async function sheetXml(sheet: SheetData): Promise<Buffer[]> {
  const cols = sheet.widths?.length
    ? `<cols>${sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  const chunks = [
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `${cols}<sheetData>`,
    ),
  ];
  const all = [sheet.header, ...sheet.rows];
  for (let start = 0; start < all.length; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    let xml = '';
    for (let r = start; r < Math.min(all.length, start + ROWS_PER_TURN); r++) {
      xml += `<row r="${r + 1}">${all[r].map((v, c) => cell(`${columnName(c)}${r + 1}`, v, r === 0)).join('')}</row>`;
    }
    chunks.push(Buffer.from(xml));
  }
  chunks.push(Buffer.from('</sheetData></worksheet>'));
  return chunks;
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

// Fonts: 0 regular, 1 bold. Cell formats: 0 default, 1 bold header, 2 text with quote prefix.
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function workbookXml(sheetName: string): string {
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const name = escapeXml(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/** The .xlsx file of one sheet named `name`, given its styles part and its sheet part. */
export function oneSheetWorkbook(name: string, styles: string, sheet: ZipEntry['data']): Promise<Buffer> {
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: workbookXml(name) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/styles.xml', data: styles },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

export async function writeXlsx(sheet: SheetData): Promise<Buffer> {
  return oneSheetWorkbook(sheet.name, STYLES, await sheetXml(sheet));
}

// ---------------------------------------------------------------------------------------------
// Zip (PKWARE APPNOTE): local headers, deflated data, central directory, end record. No zip64: the
// export row cap keeps every part far below 4 GB.

export interface ZipEntry {
  name: string;
  data: string | Buffer | Buffer[];
}

/**
 * Deflates in libuv's thread pool and sums the CRC chunk by chunk, yielding between chunks: the event
 * loop stays free while a large sheet is packed.
 */
async function pack(parts: Buffer[]): Promise<{ packed: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw();
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const ended = once(deflater, 'end');
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    crc = crc32(part, crc);
    size += part.length;
    if (!deflater.write(part)) await once(deflater, 'drain');
  }
  deflater.end();
  await ended;
  return { packed: Buffer.concat(out), crc, size };
}

// 1980-01-01 00:00: a fixed stamp makes identical exports byte-identical.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;

export async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const parts =
      typeof entry.data === 'string'
        ? [Buffer.from(entry.data, 'utf8')]
        : Array.isArray(entry.data)
          ? entry.data
          : [entry.data];
    const { packed, crc, size } = await pack(parts);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
