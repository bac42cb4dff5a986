import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads a zip the way a spreadsheet program must: from the end-of-central-directory record through
 * the central directory to each local header, inflating and checking every CRC. Throws on anything
 * malformed, so "it parses here" means "it is a valid zip".
 */
export function unzip(file: Buffer): Map<string, Buffer> {
  const end = file.length - 22;
  if (end < 0 || file.readUInt32LE(end) !== 0x06054b50) throw new Error('no end-of-central-directory record');
  const entries = file.readUInt16LE(end + 10);
  const dirSize = file.readUInt32LE(end + 12);
  const dirOffset = file.readUInt32LE(end + 16);
  if (dirOffset + dirSize !== end) throw new Error('central directory does not end where the end record starts');
  const out = new Map<string, Buffer>();
  let p = dirOffset;
  for (let i = 0; i < entries; i++) {
    if (file.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = file.readUInt16LE(p + 10);
    const crc = file.readUInt32LE(p + 16);
    const packedSize = file.readUInt32LE(p + 20);
    const size = file.readUInt32LE(p + 24);
    const nameLength = file.readUInt16LE(p + 28);
    const extraLength = file.readUInt16LE(p + 30);
    const commentLength = file.readUInt16LE(p + 32);
    const localOffset = file.readUInt32LE(p + 42);
    const name = file.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    p += 46 + nameLength + extraLength + commentLength;

    if (file.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = file.subarray(localOffset + 30, localOffset + 30 + file.readUInt16LE(localOffset + 26));
    if (localName.toString('utf8') !== name) throw new Error(`local and central names differ for ${name}`);
    const dataStart = localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
    const packed = file.subarray(dataStart, dataStart + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : method === 0 ? Buffer.from(packed) : null;
    if (!data) throw new Error(`unsupported method ${method} for ${name}`);
    if (data.length !== size) throw new Error(`size mismatch for ${name}`);
    if (crc32(data) !== crc) throw new Error(`CRC mismatch for ${name}`);
    out.set(name, data);
  }
  return out;
}

export interface SheetCell {
  ref: string;
  style: number;
  type: string | null;
  text: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The cells of a worksheet's XML, row by row (inline strings and numbers, the writer's two kinds). */
export function sheetRows(xml: string): SheetCell[][] {
  const rows: SheetCell[][] = [];
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: SheetCell[] = [];
    for (const c of row[1].matchAll(/<c\b([^>]*)>([\s\S]*?)<\/c>/g)) {
      const attrs = c[1];
      const ref = /\br="([^"]+)"/.exec(attrs)?.[1] ?? '';
      const style = Number(/\bs="(\d+)"/.exec(attrs)?.[1] ?? 0);
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? null;
      const text = /<t\b[^>]*>([\s\S]*?)<\/t>/.exec(c[2])?.[1] ?? /<v>([\s\S]*?)<\/v>/.exec(c[2])?.[1] ?? '';
      cells.push({ ref, style, type, text: unescapeXml(text) });
    }
    rows.push(cells);
  }
  return rows;
}

/** Every part of an .xlsx, as text, and its first sheet's rows. */
export function readXlsx(file: Buffer) {
  const parts = unzip(file);
  const text = (name: string) => {
    const part = parts.get(name);
    if (!part) throw new Error(`missing part ${name}`);
    return part.toString('utf8');
  };
  const sheetXml = text('xl/worksheets/sheet1.xml');
  return { parts, text, sheetXml, rows: sheetRows(sheetXml), styles: text('xl/styles.xml') };
}
