import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATION_TYPE, TEXTS, type TextRef, text, verbatim } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../src/modules/operation-logs/operation-logs.export.ts';
import {
  EXPORT_MAX_ROWS,
  recordOperation,
  renderSummary,
  summarizeChanges,
} from '../src/modules/operation-logs/operation-logs.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { columnName, escapeXml, needsQuotePrefix, writeXlsx, zip } from '../src/platform/xlsx.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';
import { readXlsx, unzip } from './security/xlsx-reader.ts';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let huaxin: string;
let buyerId: string;

const LIST = '/gateway/srm/operation-logs/list';
const EXPORT = '/gateway/srm/operation-logs/export';

/** Inserts a log entry at a chosen time, so the time filter has something to cut. */
async function plant(entry: { at: string; username: string; type: number; module: string; summary: TextRef }) {
  await inTenantTx(t.database.db, huaxin, (tx) =>
    tx.execute(sql`insert into operation_logs (tenant_id, id, user_id, username, operation_type, module, target_id, summary, ip, created_at)
      values (${huaxin}, (select coalesce(max(id), 0) + 1 from operation_logs), ${buyerId}, ${entry.username}, ${entry.type},
              ${entry.module}, null, ${JSON.stringify(entry.summary)}::jsonb, '10.0.0.9', ${entry.at})`),
  );
}

const exported = (count: number) => text('operationLogs.exported', { count });

const exportFile = async (caller: Caller, body: unknown, headers?: Record<string, string>) => {
  const res = await caller.post(EXPORT, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, book: readXlsx(res.rawPayload) };
};

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  const info = (await buyer.get('/gateway/admin/user/info')).json().data;
  huaxin = info.tenant.id;
  buyerId = info.sysUser.userId;
  const x = { username: 'auditor-x' };
  await plant({ ...x, at: '2026-01-05T08:00:00Z', type: 15, module: 'departments', summary: exported(1) });
  await plant({ ...x, at: '2026-01-06T08:00:00Z', type: 20, module: 'positions', summary: exported(2) });
  // Sentences stored before texts had keys, as the migration kept them: one may start like a formula.
  const y = { username: 'auditor-y' };
  await plant({
    ...y,
    at: '2026-01-07T08:00:00Z',
    type: 15,
    module: 'positions',
    summary: verbatim('=HYPERLINK("x")'),
  });
  await plant({ ...y, at: '2026-01-08T08:00:00Z', type: 10, module: 'staff', summary: verbatim('@SUM(A1)') });
});
afterAll(() => t.close());

describe('operation log list filters', () => {
  const filterOf = async (filter: Record<string, unknown>) =>
    (await buyer.post(LIST, { filter, pageParam: { pageNum: 1, pageSize: 100 } })).json().data;

  it('filters by user, type, module and time range, alone and together', async () => {
    expect((await filterOf({ username: 'AUDITOR' })).totalCount).toBe(4);
    expect((await filterOf({ username: 'auditor-x' })).dataList.map((r: { summary: string }) => r.summary)).toEqual([
      'Exported 2 operation logs',
      'Exported 1 operation log',
    ]);
    expect((await filterOf({ username: 'auditor', operationType: 15 })).totalCount).toBe(2);
    expect((await filterOf({ username: 'auditor', module: 'positions' })).totalCount).toBe(2);
    const ranged = await filterOf({ from: '2026-01-06T00:00:00Z', to: '2026-01-07T23:59:59Z' });
    expect(ranged.dataList.map((r: { summary: string }) => r.summary)).toEqual([
      '=HYPERLINK("x")',
      'Exported 2 operation logs',
    ]);
    const all = await filterOf({
      username: 'auditor-y',
      operationType: 15,
      module: 'positions',
      from: '2026-01-07T00:00:00+08:00',
      to: '2026-01-08T00:00:00+08:00',
    });
    expect(all.totalCount).toBe(1);
  });

  it('treats % and _ in the user filter as plain characters', async () => {
    expect((await filterOf({ username: 'auditor%' })).totalCount).toBe(0);
    expect((await filterOf({ username: 'auditor_x' })).totalCount).toBe(0);
  });

  it('refuses an operation type outside the spec enumeration', async () => {
    const res = await buyer.post(LIST, { filter: { operationType: 7 } });
    expect(res.statusCode).toBe(400);
  });

  it('lists the modules that have logged something', async () => {
    const modules = (await buyer.get('/gateway/srm/operation-logs/modules')).json().data;
    expect(modules).toEqual(expect.arrayContaining(['departments', 'positions', 'staff', 'enterprises']));
    expect([...modules].sort()).toEqual(modules);
  });
});

describe('operation log export', () => {
  it('writes a valid .xlsx with the filtered rows, in the list order and the caller language', async () => {
    const { res, book } = await exportFile(
      buyer,
      { filter: { username: 'auditor' }, timeZone: 'Asia/Shanghai' },
      { 'accept-language': 'zh-CN' },
    );
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="operation-logs-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect([...book.parts.keys()].sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    expect(book.text('xl/workbook.xml')).toContain('name="操作日志"');
    const [header, ...rows] = book.rows.map((r) => r.map((c) => c.text));
    expect(header).toEqual(['时间', '用户', '操作类型', '模块', '操作对象', '摘要', 'IP 地址']);
    expect(rows).toEqual([
      ['2026-01-08 16:00:00', 'auditor-y', '新增', 'staff', '@SUM(A1)', '10.0.0.9'],
      ['2026-01-07 16:00:00', 'auditor-y', '修改', 'positions', '=HYPERLINK("x")', '10.0.0.9'],
      ['2026-01-06 16:00:00', 'auditor-x', '删除', 'positions', '导出了 2 条操作日志', '10.0.0.9'],
      ['2026-01-05 16:00:00', 'auditor-x', '修改', 'departments', '导出了 1 条操作日志', '10.0.0.9'],
    ]);
    // The empty target column is left out of the row, not written as an empty string.
    expect(book.rows[1].map((c) => c.ref)).toEqual(['A2', 'B2', 'C2', 'D2', 'F2', 'G2']);
  });

  it('exports formula-like cells as text (QUALITY I-07)', async () => {
    const { book } = await exportFile(buyer, { filter: { username: 'auditor-y' } });
    expect(book.sheetXml).not.toContain('<f>');
    expect(book.sheetXml).not.toContain('<f ');
    const cells = book.rows.slice(1).flat();
    const risky = cells.filter((c) => /^[=+\-@]/.test(c.text));
    expect(risky.map((c) => c.text)).toEqual(['@SUM(A1)', '=HYPERLINK("x")']);
    const quoteStyle = [...book.styles.matchAll(/<xf [^>]*\/>/g)]
      .slice(1) // the first <xf> belongs to cellStyleXfs
      .findIndex((m) => m[0].includes('quotePrefix="1"'));
    expect(quoteStyle).toBeGreaterThan(0);
    for (const c of risky) expect(c).toMatchObject({ type: 'inlineStr', style: quoteStyle });
    for (const c of cells.filter((c) => !/^[=+\-@]/.test(c.text))) expect(c.style).not.toBe(quoteStyle);
  });

  it('records the export itself as an EXPORT operation with its filters', async () => {
    await exportFile(buyer, { filter: { module: 'staff' } });
    const logged = (await buyer.post(LIST, { filter: { operationType: OPERATION_TYPE.EXPORT } })).json().data.dataList;
    expect(logged[0]).toMatchObject({
      username: 'buyer',
      module: 'operation-logs',
      operationType: OPERATION_TYPE.EXPORT,
    });
    expect(logged[0].summary).toMatch(/^Exported \d+ operation logs? where module=staff$/);
  });

  it('refuses more rows than the cap with a clear error and writes nothing', async () => {
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.execute(sql`insert into operation_logs (tenant_id, id, username, operation_type, module, summary, created_at)
        select ${huaxin}, 9000000 + g, 'bulk', 35, 'bulk',
               jsonb_build_object('key', 'operationLogs.exported', 'params', jsonb_build_object('count', g)),
               '2025-06-01T00:00:00Z'
          from generate_series(1, ${EXPORT_MAX_ROWS + 1}) g`),
    );
    const before = (await buyer.post(LIST, { filter: { operationType: OPERATION_TYPE.EXPORT } })).json().data
      .totalCount;
    const res = await buyer.post(EXPORT, { filter: { module: 'bulk' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'EXPORT_TOO_LARGE' });
    expect(res.json().msg).toContain(String(EXPORT_MAX_ROWS));
    const after = (await buyer.post(LIST, { filter: { operationType: OPERATION_TYPE.EXPORT } })).json().data.totalCount;
    expect(after).toBe(before);
    // Exactly at the cap is still allowed.
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx.execute(sql`delete from operation_logs where tenant_id = ${huaxin} and module = 'bulk' and id = 9000001`),
    );
    const { book } = await exportFile(buyer, { filter: { module: 'bulk' } });
    expect(book.rows.length).toBe(EXPORT_MAX_ROWS + 1);
  });

  it('answers 403 to a member whose position lacks CF_LOG', async () => {
    await t.database.db.execute(
      sql`update positions set permissions = permissions - 'CF_LOG' where tenant_id = ${huaxin} and code = 'PUR-CLK'`,
    );
    try {
      const stripped = as(t.app, await login(t.app, 'buyer.clerk'));
      expect((await stripped.post(EXPORT, {})).statusCode).toBe(403);
      expect((await stripped.post(LIST, {})).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(
        sql`update positions set permissions = permissions || '["CF_LOG"]'::jsonb where tenant_id = ${huaxin} and code = 'PUR-CLK'`,
      );
    }
  });
});

describe('summaries of price and supplier-name changes (T-06)', () => {
  it('masks marked values for a reader without view price, in the list and the export', async () => {
    const summary = summarizeChanges(
      { unitPrice: 1.5, supName: 'Old Co', showPrice: true, note: 'a' },
      { unitPrice: 7319.4271, supName: 'ZQX-SENTINEL', showPrice: false, note: 'b' },
    );
    await inTenantTx(t.database.db, huaxin, (tx) =>
      recordOperation(
        tx,
        { tenantId: huaxin, userId: buyerId, username: 'buyer', ip: null },
        {
          type: OPERATION_TYPE.UPDATE,
          module: 'pricing-fixture',
          summary: text('materials.updated', { prdtNo: 'PRC-1', changes: summary }),
        },
      ),
    );
    const filter = { module: 'pricing-fixture' };
    const seenByBuyer = (await buyer.post(LIST, { filter })).json().data.dataList[0].summary;
    expect(seenByBuyer).toBe(
      'Changed material PRC-1: unitPrice: 1.5 → 7319.4271; supName: Old Co → ZQX-SENTINEL; showPrice: true → false; note: a → b',
    );

    const clerkList = await clerk.post(LIST, { filter });
    expect(clerkList.statusCode).toBe(200);
    expect(clerkList.json().data.dataList[0].summary).toBe(
      'Changed material PRC-1: unitPrice: *** → ***; supName: Old Co → ZQX-SENTINEL; showPrice: true → false; note: a → b',
    );
    const { book } = await exportFile(clerk, { filter });
    expect(book.sheetXml).not.toContain('7319');
    expect(book.sheetXml).toContain('unitPrice: *** → ***');
  });

  it('masks a parameter named like a price for a reader without view price, in the reader language', async () => {
    // No domain logs a bare price yet: this entry stands for one (an order's price change), so the
    // test does not hang on another domain's wording.
    const key = 'test.unitPriceChanged';
    Object.assign(TEXTS, {
      [key]: {
        'en-US': 'Changed the unit price of {{prdtNo}} to {{unitPrice}}',
        'zh-CN': '将 {{prdtNo}} 的单价改为 {{unitPrice}}',
        'zh-TW': '將 {{prdtNo}} 的單價改為 {{unitPrice}}',
      },
    });
    try {
      await inTenantTx(t.database.db, huaxin, (tx) =>
        recordOperation(
          tx,
          { tenantId: huaxin, userId: buyerId, username: 'buyer', ip: null },
          {
            type: OPERATION_TYPE.UPDATE,
            module: 'price-param-fixture',
            summary: { key, params: { prdtNo: 'PRC-2', unitPrice: '7319.4271' } },
          },
        ),
      );
      const filter = { module: 'price-param-fixture' };
      const first = async (caller: Caller, language: string) =>
        (await caller.post(LIST, { filter }, { 'accept-language': language })).json().data.dataList[0].summary;
      expect(await first(buyer, 'en-US')).toBe('Changed the unit price of PRC-2 to 7319.4271');
      expect(await first(clerk, 'zh-CN')).toBe('将 PRC-2 的单价改为 ***');
      expect(await first(clerk, 'en-US')).toBe('Changed the unit price of PRC-2 to ***');
      const { book } = await exportFile(clerk, { filter }, { 'accept-language': 'zh-TW' });
      expect(book.sheetXml).not.toContain('7319');
      expect(book.sheetXml).toContain('將 PRC-2 的單價改為 ***');
    } finally {
      delete (TEXTS as Record<string, unknown>)[key];
    }
  });

  it('renders supplier names masked for a reader without show supplier', () => {
    const summary = summarizeChanges({ supplierName: 'A' }, { supplierName: 'B' });
    expect(renderSummary(summary, { showPrice: true, showSupplier: false })).toBe('supplierName: *** → ***');
    expect(renderSummary(summary, { showPrice: true, showSupplier: true })).toBe('supplierName: A → B');
  });
});

describe('xlsx writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('escapes XML and drops characters XML cannot carry', async () => {
    expect(escapeXml('a<b>&"c"\u0001\u0008\td')).toBe('a&lt;b&gt;&amp;&quot;c&quot;\td');
    const book = readXlsx(
      await writeXlsx({ name: 'S/h:e?e*t[1]', header: ['h'], rows: [['<x>&', 42, null, '\u0002ok']] }),
    );
    expect(book.rows[1].map((c) => [c.ref, c.type, c.text])).toEqual([
      ['A2', 'inlineStr', '<x>&'],
      ['B2', null, '42'],
      ['D2', 'inlineStr', 'ok'],
    ]);
    expect(book.text('xl/workbook.xml')).toContain('name="S h e e t 1 "');
  });

  it('flags every cell a spreadsheet would read as a formula', () => {
    for (const v of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx']) expect(needsQuotePrefix(v), v).toBe(true);
    for (const v of ['1', 'a=b', ' =x', '']) expect(needsQuotePrefix(v), v).toBe(false);
  });

  it('writes a zip other tools accept', async () => {
    const file = await zip([
      { name: 'a.txt', data: 'hello '.repeat(1000) },
      { name: 'dir/ü.xml', data: Buffer.from([0, 1, 2, 255]) },
    ]);
    const parts = unzip(file);
    expect(parts.get('a.txt')?.toString()).toBe('hello '.repeat(1000));
    expect([...(parts.get('dir/ü.xml') ?? [])]).toEqual([0, 1, 2, 255]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'xlsx-'));
    try {
      const target = path.join(dir, 'book.xlsx');
      writeFileSync(target, await writeXlsx({ name: 'S', header: ['a'], rows: [['b']] }));
      let tested: string;
      try {
        tested = execFileSync('unzip', ['-t', target], { encoding: 'utf8' });
      } catch (err) {
        // Without Info-ZIP on the machine the in-test reader above is the check.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      expect(tested).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('formats times as yyyy-MM-dd HH:mm:ss in the requested zone', () => {
    expect(formatTime('2026-01-05 23:30:00+00', 'Asia/Shanghai')).toBe('2026-01-06 07:30:00');
    expect(formatTime('2026-01-05T23:30:00Z', 'UTC')).toBe('2026-01-05 23:30:00');
  });
});
