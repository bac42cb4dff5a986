import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * Issue 5: the material export opens in LibreOffice with the same rows as the archive. Needs Debian's
 * `libreoffice-calc-nogui` (.ci/run installs it); skipped where it is missing.
 */
const SOFFICE = '/usr/bin/soffice';

/** RFC 4180 fields of LibreOffice's CSV: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field.replace(/\r$/, '')]);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

describe.skipIf(!existsSync(SOFFICE))('material export in LibreOffice', () => {
  let t: TestContext;
  let buyer: Caller;
  let dir: string;

  beforeAll(async () => {
    t = await createTestContext();
    buyer = as(t.app, await login(t.app, 'buyer'));
    dir = mkdtempSync(path.join(tmpdir(), 'concord-lo-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('converts to CSV with a header and one row per material, codes and names intact', async () => {
    const created = await buyer.post('/gateway/srm/materials', {
      prdtNo: '=SUM(A1:A2)',
      prdtName: '铝合金外壳, "quoted"',
      prdtSpc: '120×80',
      poUnitNo: 'PCS',
      taxRateCode: 'VAT13',
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = await buyer.post('/gateway/srm/materials/list', { pageParam: { pageNum: 1, pageSize: 100 } });
    const { dataList, totalCount } = list.json().data as { dataList: { prdtNo: string }[]; totalCount: number };
    expect(totalCount).toBeLessThanOrEqual(100);

    const exported = await buyer.get('/gateway/srm/materials/export');
    expect(exported.statusCode).toBe(200);
    const xlsx = path.join(dir, 'materials.xlsx');
    writeFileSync(xlsx, exported.rawPayload);
    // Its own profile directory, so a LibreOffice already running for the user does not take the job.
    execFileSync(
      SOFFICE,
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        dir,
        xlsx,
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    const [header, ...rows] = parseCsv(readFileSync(path.join(dir, 'materials.csv'), 'utf8')).filter((r) =>
      r.some(Boolean),
    );
    expect(header.length).toBeGreaterThan(5);
    expect(rows).toHaveLength(totalCount);
    const codes = new Set(rows.map((r) => r[0]));
    expect(codes).toEqual(new Set(dataList.map((m) => m.prdtNo)));
    // The formula-like code stays text and the name keeps its comma and quotes.
    const formula = rows.find((r) => r[0] === '=SUM(A1:A2)');
    expect(formula?.[1]).toBe('铝合金外壳, "quoted"');
  }, 180_000);
});
