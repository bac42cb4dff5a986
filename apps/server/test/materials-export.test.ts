import { MATERIAL_COLUMNS } from '@concord/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialExports, materialSearchTerms, materials } from '../src/db/schema.ts';
import { EXPORT_BATCH, queueExport, registerExportJob } from '../src/modules/materials/materials.export.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { asMember, seedAdmin } from '../src/seed/context.ts';
import { as, type Caller, cell, createTestContext, login, sheetOf, sheetRows, type TestContext } from './helpers.ts';

/** Issue 5: a long export runs as a job with progress, and only its own tenant can read it. */

const BASE = '/gateway/srm/materials';
const EN = { 'accept-language': 'en-US' };
/** Enough rows for more than one page of the job. */
const MATCHING = EXPORT_BATCH + 150;

let t: TestContext;
let buyer: Caller;
let supplier: Caller;
let huaxin: string;

const code = (i: number) => `EXPQ${String(i).padStart(5, '0')}`;

/** The export's fixture: matching rows, disabled ones and others the filter leaves out. */
async function insertMaterials() {
  const rows: (typeof materials.$inferInsert)[] = [];
  const add = (prdtNo: string, status: number, prdtName = `导出件 ${prdtNo}`) =>
    rows.push({
      tenantId: huaxin,
      id: newId(),
      prdtNo,
      prdtName,
      poUnitNo: 'PCS',
      poUnitName: '个',
      valuationUnitNo: 'PCS',
      valuationUnitName: '个',
      minOrderQty: '1050.5',
      status,
    });
  for (let i = 0; i < MATCHING; i++) add(code(i), 1, i === 7 ? '=SUM(A1:A9)' : undefined);
  for (let i = MATCHING; i < MATCHING + 40; i++) add(code(i), 0);
  for (let i = 0; i < 30; i++) add(`OTHER${i}`, 1);
  await inTenantTx(t.database.db, huaxin, async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(materials).values(rows.slice(i, i + 1000));
    const terms = rows.map((r) => ({ tenantId: huaxin, materialId: r.id!, term: r.prdtNo.toLowerCase() }));
    for (let i = 0; i < terms.length; i += 5000) await tx.insert(materialSearchTerms).values(terms.slice(i, i + 5000));
  });
}

/** Polls an export until it has finished. */
async function awaitExport(id: string) {
  for (let i = 0; i < 400; i++) {
    const data = (await buyer.get(`${BASE}/exports/${id}`, EN)).json().data;
    if (data.status === 'done' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export did not finish');
}

beforeAll(async () => {
  t = await createTestContext();
  huaxin = (
    await t.database.db.execute<{ id: string }>(sql`select id::text from enterprises where comp_no = '20260001'`)
  ).rows[0]!.id;
  buyer = as(t.app, await login(t.app, 'buyer'));
  supplier = as(t.app, await login(t.app, 'supplier'));
  await insertMaterials();
});
afterAll(() => t.close());

describe('material export job', () => {
  it('exports exactly the filtered rows with progress up to the total', async () => {
    const started = await buyer.post(`${BASE}/exports`, { target: 'materials', keyword: 'expq', status: 1 }, EN);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().data.id as string;
    const done = await awaitExport(id);
    expect(done).toMatchObject({ status: 'done', processedRows: MATCHING, totalRows: MATCHING, failure: null });
    expect(done.fileName).toMatch(/^materials-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const file = await buyer.get(`${BASE}/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    const rows = await sheetRows(file.rawPayload);
    expect(rows[0]).toEqual(Object.values(MATERIAL_COLUMNS).map((l) => l['en-US']));
    const body = rows.slice(1);
    expect(body).toHaveLength(MATCHING);
    expect(body.map((r) => r[0])).toEqual(Array.from({ length: MATCHING }, (_, i) => code(i)));
    expect(body[0].slice(0, 4)).toEqual([code(0), `导出件 ${code(0)}`, undefined, undefined]);
    expect(body[0][15]).toBe('Enabled');
    // Quantities are number cells at the enterprise's 2 places, further digits only when there are any.
    expect(cell(await sheetOf(file.rawPayload), 'M2')).toEqual({ value: 1050.5, numFmt: '#,##0.00####' });
    expect(cell(await sheetOf(file.rawPayload), 'O2')).toEqual({ value: 0, numFmt: '#,##0.00' });
    // A formula-like name stays text in the job's file too (I-07).
    expect(body[7][1]).toBe('=SUM(A1:A9)');

    // The one-request export shares the sheet and gives the same rows.
    const sync = await buyer.get(`${BASE}/export?target=materials&keyword=expq&status=1`, EN);
    expect(sync.statusCode).toBe(200);
    expect(await sheetRows(sync.rawPayload)).toEqual(rows);
  });

  it('answers 404 to another tenant for the status and the file', async () => {
    const started = await buyer.post(`${BASE}/exports`, { target: 'suppliers' }, EN);
    const id = started.json().data.id as string;
    expect((await awaitExport(id)).status).toBe('done');
    // The supplier administrator has CF_BAS in its own enterprise only.
    expect((await supplier.get(`${BASE}/exports/${id}`)).statusCode).toBe(404);
    expect((await supplier.get(`${BASE}/exports/${id}/file`)).statusCode).toBe(404);
    expect((await buyer.get(`${BASE}/exports/${id}/file`)).statusCode).toBe(200);
  });

  it('refuses the file until the export is done, in the reader’s language', async () => {
    const auth = seedAdmin(newId(), 'buyer', huaxin);
    const queued = await asMember(t.database.db, auth, (ctx) => queueExport(ctx, 'materials', { keyword: 'expq' }));
    const early = await buyer.get(`${BASE}/exports/${queued.exportId}/file`, { 'accept-language': 'zh-CN' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'EXPORT_NOT_READY', msg: '导出文件仍在生成中，请在完成后下载' });
    expect((await buyer.get(`${BASE}/exports/${queued.exportId}`, EN)).json().data).toMatchObject({
      status: 'queued',
      processedRows: 0,
    });

    const runner = createJobRunner(t.database.db, Fastify({ logger: false }).log);
    registerExportJob(runner, t.database.db, t.config.dataDir);
    expect(await runner.runDue({ ids: [queued.jobId!] })).toBe(1);
    const done = (await buyer.get(`${BASE}/exports/${queued.exportId}`, EN)).json().data;
    expect(done).toMatchObject({ status: 'done', processedRows: MATCHING + 40, totalRows: MATCHING + 40 });
    expect((await buyer.get(`${BASE}/exports/${queued.exportId}/file`)).statusCode).toBe(200);
  });

  it('answers the failure of a failed export instead of a file', async () => {
    const auth = seedAdmin(newId(), 'buyer', huaxin);
    const queued = await asMember(t.database.db, auth, (ctx) => queueExport(ctx, 'materials', {}));
    await inTenantTx(t.database.db, huaxin, (tx) =>
      tx
        .update(materialExports)
        .set({ status: 'failed', errorCode: 'EXPORT_TOO_LARGE', errorParams: { count: 100001, max: 100000 } })
        .where(sql`${materialExports.id} = ${queued.exportId}`),
    );
    const status = (await buyer.get(`${BASE}/exports/${queued.exportId}`, EN)).json().data;
    expect(status.failure).toContain('at most 100000');
    const file = await buyer.get(`${BASE}/exports/${queued.exportId}/file`, EN);
    expect(file.statusCode).toBe(400);
    expect(file.json().errorCode).toBe('EXPORT_TOO_LARGE');
  });

  it('refuses bad input and members without CF_BAS', async () => {
    expect((await buyer.post(`${BASE}/exports`, { target: 'everything' })).statusCode).toBe(400);
    const clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    expect((await clerk.post(`${BASE}/exports`, { target: 'materials' })).statusCode).toBe(403);
  });
});
