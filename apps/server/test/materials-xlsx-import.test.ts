import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors.ts';
import { writeXlsx, zip } from '../src/platform/xlsx.ts';
import { localizeRowErrors, readXlsxRows } from '../src/platform/xlsx-import.ts';

const columns = [
  { key: 'code', headers: ['Code', '编码'], required: true },
  { key: 'name', headers: ['Name', '名称'], required: true },
  { key: 'qty', headers: ['Qty'] },
] as const;

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? e.errorCode : String(e)),
  );

describe('xlsx import reader', () => {
  it('maps headers in any listed language and keeps sheet row numbers', async () => {
    const file = await writeXlsx({
      name: 'x',
      header: ['*编码', 'Qty', 'Other', 'NAME'],
      rows: [['A-1', 3, 'x', ' Res '], [], ['=cmd', null, null, 'Cap']],
    });
    const { rows, errors } = await readXlsxRows(file, columns);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 2, values: { code: 'A-1', name: 'Res', qty: 3 } },
      { row: 4, values: { code: '=cmd', name: 'Cap', qty: null } },
    ]);
  });

  it('reports a missing required column', async () => {
    const file = await writeXlsx({ name: 'x', header: ['Code'], rows: [['A']] });
    const { errors } = await readXlsxRows(file, columns);
    expect(localizeRowErrors(errors, 'en-US')).toEqual([
      { row: 1, column: 'Name', reason: 'The column is missing from the header row' },
    ]);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const huge = Buffer.alloc(200 * 1024 * 1024, 0x20);
    const bomb = await zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/worksheets/sheet1.xml', data: huge },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await codeOf(readXlsxRows(bomb, columns))).toBe('IMPORT_FILE_REFUSED');
  });

  it('refuses an entry that lies about its size', async () => {
    const real = Buffer.alloc(10 * 1024 * 1024, 0x20);
    const file = await zip([{ name: 'xl/worksheets/sheet1.xml', data: real }]);
    // Declare 1 KiB unpacked in both headers: the counting inflate must stop it.
    const packed = deflateRawSync(real).length;
    file.writeUInt32LE(1024, 22);
    const central = file.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    file.writeUInt32LE(1024, central + 24);
    expect(packed).toBeGreaterThan(0);
    expect(await codeOf(readXlsxRows(file, columns))).toBe('IMPORT_FILE_REFUSED');
  });

  it('refuses huge shared strings and too many rows', async () => {
    const strings = await zip([
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 * 1024 * 1024, 0x41) },
      { name: 'xl/worksheets/sheet1.xml', data: '<worksheet/>' },
    ]);
    expect(await codeOf(readXlsxRows(strings, columns, { limits: { maxSharedStringsBytes: 1024 * 1024 } }))).toBe(
      'IMPORT_FILE_REFUSED',
    );
    const many = await writeXlsx({
      name: 'x',
      header: ['Code', 'Name'],
      rows: Array.from({ length: 30 }, (_, i) => [`C${i}`, 'n']),
    });
    expect(await codeOf(readXlsxRows(many, columns, { limits: { maxRows: 20 } }))).toBe('IMPORT_TOO_MANY_ROWS');
  });

  it('refuses something that is not a workbook', async () => {
    expect(await codeOf(readXlsxRows(Buffer.from('hello world, not a zip at all'), columns))).toBe(
      'IMPORT_FILE_INVALID',
    );
    expect(await codeOf(readXlsxRows(await zip([{ name: 'a.txt', data: 'x' }]), columns))).toBe('IMPORT_FILE_INVALID');
  });
});
