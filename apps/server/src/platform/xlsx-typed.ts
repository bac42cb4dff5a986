import { DECIMAL_TEXT, type Locale } from '@concord/shared';
import { columnName, escapeXml, needsQuotePrefix, oneSheetWorkbook } from './xlsx.ts';

/**
 * A one-sheet workbook with typed cells, for the exports finance reads (statements, the 发票 export,
 * purchase orders): quantities, prices, rates and amounts are number cells shown with their places
 * (a spreadsheet can sum them), dates are date cells, and text is an inline string, quote-prefixed when a
 * spreadsheet would read it as a formula (QUALITY I-07). platform/xlsx.ts writes text and plain numbers
 * only; finance needs formats and dates, so this writer builds the same parts with a style per format.
 */

/** Column of a header in the three-language header tables of the exports. */
export const LOCALE_INDEX: Record<Locale, number> = { 'en-US': 0, 'zh-CN': 1, 'zh-TW': 2 };

/** Places a tax rate is shown with, as on screen. */
export const RATE_PLACES = 2;

export type Cell =
  | string
  | number
  | null
  /** A decimal string written as it is (never through a JS number) with an Excel number format. */
  | { decimal: string; format: string }
  /** A calendar day, `yyyy-MM-dd`. */
  | { day: string };

export interface Workbook {
  /** The sheet's name: at most 31 characters, none of `: \ / ? * [ ]`. */
  name: string;
  header: string[];
  rows: Cell[][];
  /** Column widths in characters. */
  widths: number[];
}

/** `#,##0.00` for 2 places; with `maxPlaces`, digits past `places` show only when they are not zero. */
function decimalFormat(places: number, maxPlaces = places): string {
  if (maxPlaces <= 0) return '#,##0';
  return `#,##0.${'0'.repeat(places)}${'#'.repeat(maxPlaces - places)}`;
}

/** A decimal as a number cell; a masked value (`***`) stays text, null an empty cell. */
export function decimalCell(value: string | null, places: number, maxPlaces = places): Cell {
  if (value === null) return null;
  return DECIMAL_TEXT.test(value) ? { decimal: value, format: decimalFormat(places, maxPlaces) } : value;
}

export const dayCell = (day: string): Cell => ({ day });

// Fixed cell formats of styles.xml: 0 default, 1 bold header, 2 text with quote prefix, 3 date. Number
// formats follow, one cell format each, numbered from the first custom format id.
const STYLE_HEADER = 1;
const STYLE_TEXT = 2;
const STYLE_DATE = 3;
const FIXED_STYLES = 4;
const FIRST_CUSTOM_FORMAT = 164;
const DATE_FORMAT = 'yyyy-mm-dd';

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function daySerial(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - EXCEL_EPOCH) / DAY_MS;
}

function textCell(ref: string, text: string, style: number): string {
  const s = style ? ` s="${style}"` : '';
  // Inline strings are text by type: a spreadsheet program never evaluates them as formulas.
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

/** Rows written between two turns of the event loop, so a large export never holds the server. */
const ROWS_PER_TURN = 1000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The sheet part as chunks of rows: no single huge string is ever built. */
async function sheetXml(book: Workbook, styleOf: (format: string) => number): Promise<Buffer[]> {
  const cols = book.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  const cell = (ref: string, value: Cell): string => {
    if (value === null || value === '') return '';
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (typeof value === 'string') return textCell(ref, value, needsQuotePrefix(value) ? STYLE_TEXT : 0);
    if ('day' in value) return `<c r="${ref}" s="${STYLE_DATE}"><v>${daySerial(value.day)}</v></c>`;
    return `<c r="${ref}" s="${styleOf(value.format)}"><v>${value.decimal}</v></c>`;
  };
  const header = book.header.map((h, c) => textCell(`${columnName(c)}1`, h, STYLE_HEADER)).join('');
  const chunks = [
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
    ),
  ];
  for (let start = 0; start < book.rows.length; start += ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    let xml = '';
    for (let r = start; r < Math.min(book.rows.length, start + ROWS_PER_TURN); r++) {
      xml += `<row r="${r + 2}">${book.rows[r]!.map((v, c) => cell(`${columnName(c)}${r + 2}`, v)).join('')}</row>`;
    }
    chunks.push(Buffer.from(xml));
  }
  chunks.push(Buffer.from('</sheetData></worksheet>'));
  return chunks;
}

function stylesXml(formats: string[]): string {
  const numFmts = [DATE_FORMAT, ...formats]
    .map((f, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${escapeXml(f)}"/>`)
    .join('');
  const numberXfs = formats
    .map(
      (_, i) =>
        `<xf numFmtId="${FIRST_CUSTOM_FORMAT + 1 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<numFmts count="${formats.length + 1}">${numFmts}</numFmts>` +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${FIXED_STYLES + formats.length}">` +
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
    '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>' +
    `<xf numFmtId="${FIRST_CUSTOM_FORMAT}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
    `${numberXfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The .xlsx file of one sheet. */
export async function writeWorkbook(book: Workbook): Promise<Buffer> {
  const formats: string[] = [];
  const styleOf = (format: string) => {
    let i = formats.indexOf(format);
    if (i < 0) i = formats.push(format) - 1;
    return FIXED_STYLES + i;
  };
  // The sheet first: writing it collects the number formats the styles part declares.
  const sheet = await sheetXml(book, styleOf);
  return oneSheetWorkbook(book.name, stylesXml(formats), sheet);
}
