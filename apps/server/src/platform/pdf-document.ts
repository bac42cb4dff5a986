import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatDecimal, MASK } from '@concord/shared';
import type { Font, Schema, Template } from '@pdfme/common';
import type { CellStyle, TableSchema, TextSchema } from '@pdfme/schemas/types';

/**
 * The drawing kit of printed documents (orders, statements): pdfme with the Noto Sans Hans (CJK) font,
 * subset so a file carries only the glyphs it uses, on A4 landscape. Tables size their columns from
 * what they hold, so numbers, dates and units never wrap and a word is never cut; only the columns
 * of free text (names, specifications) wrap, at word boundaries, inside their cells.
 */

const PDF_FONT = 'NotoSansHans';

/** A4 landscape in millimetres; the bottom margin leaves room for the page footer. */
export const PAGE = { width: 297, height: 210, top: 10, right: 10, bottom: 14, left: 10 } as const;
export const CONTENT_WIDTH = PAGE.width - PAGE.left - PAGE.right;

const MM_PER_PT = 25.4 / 72;
const CELL_PADDING = 1;
/** Width measured a little generously: pdfme lays words out with kerning our sum does not know of. */
const SAFETY = 1.04;

let fontData: Promise<Buffer<ArrayBuffer>> | null = null;

/**
 * Read once per process: the font is 8 MB. Kept as a Buffer, which pdfme hands to fontkit as it is;
 * any other byte array it copies, 8 MB of garbage per print.
 */
function loadFont(): Promise<Buffer<ArrayBuffer>> {
  if (!fontData) {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    // A file read lands in a Buffer over a plain ArrayBuffer.
    fontData = readFile(path.join(path.dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf')) as Promise<
      Buffer<ArrayBuffer>
    >;
  }
  return fontData;
}

/**
 * Advance widths (1/1000 em) of the font's printable ASCII, U+0020 to U+007E. Everything else is
 * counted as a full em, which is what CJK glyphs take and more than any other Latin one does.
 */
const ASCII_WIDTHS = [
  224, 323, 475, 555, 555, 921, 680, 278, 338, 338, 467, 555, 278, 347, 278, 392, 555, 555, 555, 555, 555, 555, 555,
  555, 555, 555, 278, 278, 555, 555, 555, 474, 946, 607, 657, 638, 687, 588, 552, 689, 728, 293, 536, 646, 542, 812,
  722, 742, 632, 742, 635, 597, 599, 721, 575, 878, 573, 531, 603, 338, 392, 338, 555, 559, 606, 564, 618, 509, 620,
  554, 325, 563, 607, 275, 275, 552, 285, 926, 611, 606, 620, 620, 388, 468, 377, 607, 521, 802, 498, 521, 474, 338,
  269, 338, 555,
];

/** The width of one line of `text` at `fontSize` points, in millimetres. */
function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    em += code >= 0x20 && code <= 0x7e ? ASCII_WIDTHS[code - 0x20]! / 1000 : 1;
  }
  return em * fontSize * MM_PER_PT * SAFETY;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The widest piece pdfme will not break: a word as its line breaker (Intl.Segmenter) sees it. */
function widestWord(text: string, fontSize: number): number {
  let widest = 0;
  for (const { segment } of words.segment(text)) widest = Math.max(widest, textWidth(segment, fontSize));
  return widest;
}

function widestLine(text: string, fontSize: number): number {
  return Math.max(0, ...text.split('\n').map((line) => textWidth(line, fontSize)));
}

export interface Column {
  head: string;
  align?: 'left' | 'right' | 'center';
  /**
   * `nowrap`: each line of a cell stays on one line (numbers, dates); `words`: as wide as its longest
   * line up to `limit`, then wraps between words, never inside one (codes, units); `fill`: takes the
   * width left over and wraps (names, specifications); `fixed`: `limit` wide (a box to sign or stamp in).
   */
  fit: 'nowrap' | 'words' | 'fill' | 'fixed';
  /** In millimetres: the least width of a `fill` column, the width a `words` column grows to, a `fixed` one's. */
  limit?: number;
}

const INSET = 2 * CELL_PADDING + 0.4;

/** A header wraps at spaces only: a CJK header ("不含税金额") stays on one line. */
const headWidth = (head: string, fontSize: number) =>
  Math.max(0, ...head.split(/\s+/).map((w) => textWidth(w, fontSize)));

function naturalWidth(c: Column, cells: string[], fontSize: number, wholeHead: boolean): number {
  if (c.fit === 'fill' || c.fit === 'fixed') return c.limit ?? 30;
  let widest = wholeHead ? widestLine(c.head, fontSize) : headWidth(c.head, fontSize);
  for (const v of c.fit === 'words' ? [c.head, ...cells] : cells) {
    const line = widestLine(v, fontSize);
    widest = Math.max(
      widest,
      c.fit === 'nowrap' || line <= (c.limit ?? 0) ? line : Math.max(c.limit ?? 0, widestWord(v, fontSize)),
    );
  }
  return widest + INSET;
}

/**
 * Column widths in millimetres that add up to `width` (when given; without it, headers stay on one
 * line): each `nowrap` and `words` column as wide as its content asks, the rest shared by the `fill`
 * columns. If even the fill columns' least widths do not fit, every column gives up width in proportion.
 */
function fitColumns(columns: Column[], rows: string[][], fontSize: number, width?: number): number[] {
  const natural = columns.map((c, i) =>
    naturalWidth(
      c,
      rows.map((r) => r[i] ?? ''),
      fontSize,
      width === undefined,
    ),
  );
  // A table as wide as its content gets some air between its columns.
  if (width === undefined) return natural.map((w) => w + 4);
  const isFill = (i: number) => columns[i]!.fit === 'fill';
  const fixed = natural.reduce((sum, w, i) => (isFill(i) ? sum : sum + w), 0);
  const leastFill = natural.reduce((sum, w, i) => (isFill(i) ? sum + w : sum), 0);
  const fills = natural.filter((_, i) => isFill(i)).length;
  if (fixed + leastFill > width || fills === 0) return natural.map((w) => (w * width) / (fixed + leastFill));
  const extra = (width - fixed - leastFill) / fills;
  return natural.map((w, i) => (isFill(i) ? w + extra : w));
}

/**
 * `full`: a line under and right of every cell; `rows`: only under each row, which draws half the lines
 * of a long table (most of its render time) and reads as well once numbers are right-aligned; `none`.
 */
export type Grid = 'full' | 'rows' | 'none';

const cellStyle = (fontSize: number, options: { background?: string; grid: Grid; top?: boolean }): CellStyle => {
  const line = options.grid === 'none' ? 0 : 0.1;
  return {
    fontName: PDF_FONT,
    alignment: 'left',
    verticalAlignment: options.top ? 'top' : 'middle',
    fontSize,
    lineHeight: 1.15,
    characterSpacing: 0,
    fontColor: '#000000',
    backgroundColor: options.background ?? '',
    borderColor: '#777777',
    // The table's own border draws the top and left edges.
    borderWidth: { top: 0, right: options.grid === 'full' ? line : 0, bottom: line, left: 0 },
    padding: { top: CELL_PADDING, right: CELL_PADDING, bottom: CELL_PADDING, left: CELL_PADDING },
  };
};

/** A text block; `expand` lets it grow downwards (and onto the next page) with what it holds. */
export function textBlock(
  name: string,
  at: { x: number; y: number; width: number },
  options: { fontSize?: number; alignment?: TextSchema['alignment']; expand?: boolean; content?: string } = {},
): TextSchema {
  const fontSize = options.fontSize ?? 9;
  return {
    name,
    type: 'text',
    position: { x: at.x, y: at.y },
    width: at.width,
    height: lineHeight(fontSize),
    fontSize,
    fontName: PDF_FONT,
    alignment: options.alignment ?? 'left',
    verticalAlignment: 'top',
    lineHeight: 1.15,
    characterSpacing: 0,
    fontColor: '#000000',
    backgroundColor: '',
    ...(options.expand ? { overflow: 'expand' } : {}),
    ...(options.content === undefined ? {} : { readOnly: true, content: options.content }),
  };
}

/** The height of one line of text at `fontSize` points, in millimetres. */
const lineHeight = (fontSize: number) => fontSize * 1.15 * MM_PER_PT + 0.6;

export interface TableOptions {
  y: number;
  /** The content width by default; `natural`: as wide as its columns ask, against the right margin. */
  width?: number | 'natural';
  columns: Column[];
  rows: string[][];
  fontSize?: number;
  showHead?: boolean;
  /** `full` by default; `none` for a block of label–value text laid out in columns. */
  grid?: Grid;
  /** Body text at the top of its cell rather than in the middle (a block to write in). */
  top?: boolean;
}

/**
 * A table that grows with its rows and breaks onto further pages between rows, repeating its header
 * row on every page.
 */
export function table(name: string, o: TableOptions): { schema: TableSchema; value: string } {
  const fontSize = o.fontSize ?? 8;
  const widths = fitColumns(
    o.columns,
    o.rows,
    fontSize,
    o.width === 'natural' ? undefined : (o.width ?? CONTENT_WIDTH),
  );
  const width = widths.reduce((sum, w) => sum + w, 0);
  const grid = o.grid ?? 'full';
  const schema: TableSchema = {
    name,
    type: 'table',
    position: { x: o.width === 'natural' ? PAGE.left + CONTENT_WIDTH - width : PAGE.left, y: o.y },
    width,
    height: lineHeight(fontSize) * (o.rows.length + 1),
    showHead: o.showHead ?? true,
    repeatHead: true,
    head: o.columns.map((c) => c.head),
    headWidthPercentages: widths.map((w) => (w / width) * 100),
    tableStyles: { borderColor: '#777777', borderWidth: grid === 'none' ? 0 : 0.2 },
    headStyles: cellStyle(fontSize, { background: '#eeeeee', grid }),
    bodyStyles: { ...cellStyle(fontSize, { grid, top: o.top }), alternateBackgroundColor: '' },
    columnStyles: {
      alignment: Object.fromEntries(o.columns.flatMap((c, i) => (c.align ? [[i, c.align]] : []))),
    },
  };
  return { schema, value: JSON.stringify(o.rows) };
}

/**
 * Renders the single-page template (pdfme adds pages as tables grow) with `input` as the values of
 * its fields; `footer` is drawn on every page and may name `{currentPage}` and `{totalPages}`.
 */
export async function renderPdf(
  schemas: Schema[],
  input: Record<string, string>,
  footer: Schema[] = [],
): Promise<Buffer> {
  const template: Template = {
    basePdf: {
      width: PAGE.width,
      height: PAGE.height,
      padding: [PAGE.top, PAGE.right, PAGE.bottom, PAGE.left],
      staticSchema: footer,
    },
    schemas: [schemas],
  };
  const font: Font = { [PDF_FONT]: { data: await loadFont(), fallback: true, subset: true } };
  // Loaded on first print: pdfme takes 1.3 s to import, which every server start would otherwise pay.
  const [{ generate }, plugins] = await Promise.all([import('@pdfme/generator'), import('@pdfme/schemas')]);
  const pdf = await generate({
    template,
    inputs: [input],
    options: { font },
    plugins: { text: plugins.text, table: plugins.table },
  });
  return Buffer.from(pdf);
}

/** Labels of the closing blocks every two-party document prints. */
export interface ClosingLabels {
  buyer: string;
  supplier: string;
  stamp: string;
  /** "Authorised signature: ____", "Date: ____" already joined with their colon. */
  signatory: string;
  signDate: string;
}

/** Both parties' blocks to sign, date and stamp (a company seal is about 40 mm across). */
export function signatureTable(y: number, l: ClosingLabels, buyerName: string, supplierName: string) {
  const block = (name: string) => [name, '', '', l.signatory, '', '', l.signDate, ''].join('\n');
  return table('signatures', {
    y,
    fontSize: 9,
    top: true,
    columns: [
      { head: l.buyer, fit: 'fill' },
      { head: l.stamp, fit: 'fixed', limit: 45 },
      { head: l.supplier, fit: 'fill' },
      { head: l.stamp, fit: 'fixed', limit: 45 },
    ],
    rows: [[block(buyerName), '', block(supplierName), '']],
  });
}

/** The footer of every page: the document's title and number on the left, "page x of y" on the right. */
export function pageFooter(documentLine: string, pageLine: string) {
  const y = PAGE.height - PAGE.bottom + 4;
  const half = CONTENT_WIDTH / 2;
  return [
    textBlock('footerDocument', { x: PAGE.left, y, width: half }, { fontSize: 8, content: documentLine }),
    textBlock(
      'footerPage',
      { x: PAGE.left + half, y, width: half },
      { fontSize: 8, alignment: 'right', content: pageLine },
    ),
  ];
}

/** A decimal as printed with `places`: `***` stays as the viewer's mask, none prints blank. */
export const printedDecimal = (v: string | null, places: number) =>
  v === null ? '' : v === MASK ? MASK : formatDecimal(v, places);

/**
 * A document's blocks from the top of the page down: each placed block starts `gap` mm below the one
 * before; `y` is where the next one starts.
 */
export function documentLayout() {
  const schemas: Schema[] = [];
  const input: Record<string, string> = {};
  let y = PAGE.top;
  const place = (schema: Schema, value: string, gap = 3) => {
    schemas.push(schema);
    input[schema.name] = value;
    y += schema.height + gap;
  };
  return {
    schemas,
    input,
    get y() {
      return y;
    },
    place,
    add: (built: { schema: Schema; value: string }, gap?: number) => place(built.schema, built.value, gap),
  };
}
