import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MATERIAL_COLUMNS, MATERIAL_IMPORT_STATUS } from '@concord/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueImport, registerImportJob } from '../src/modules/materials/materials.excel.ts';
import { queueExport, registerExportJob } from '../src/modules/materials/materials.export.ts';
import { inTenantTx, type MemberAuth } from '../src/platform/context.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { asMember, seedAdmin } from '../src/seed/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/**
 * QUALITY R-11 on the embedded database: an import or export whose server died mid-run is failed with
 * a reason the user reads once its job's lease lapses, and the next one starts at once. The PostgreSQL
 * suite kills a real server process (jobs-kill.test.ts); here the kill is the state it leaves behind.
 */

const BASE = '/gateway/srm/materials';
const ZH = { 'accept-language': 'zh-CN' };
const EN = { 'accept-language': 'en-US' };

let t: TestContext;
let buyer: Caller;
let buyerToken: string;
let auth: MemberAuth;

const header = Object.values(MATERIAL_COLUMNS).map((l) => l['en-US']);
const workbook = (prefix: string) =>
  writeXlsx({
    name: 'materials',
    header,
    rows: [1, 2, 3].map((i) => [`${prefix}-${i}`, `Job test part ${i}`, '', '', '', '', 'PCS']),
  });

function upload(file: Buffer) {
  const boundary = `----concord${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="parts.xlsx"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/import?target=materials`,
    payload,
    headers: { authorization: `Bearer ${buyerToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function awaitImport(id: string) {
  for (let i = 0; i < 200; i++) {
    const data = (await buyer.get(`${BASE}/imports/${id}`, EN)).json().data;
    if (data.status >= MATERIAL_IMPORT_STATUS.SUCCEEDED) return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

async function awaitExport(id: string) {
  for (let i = 0; i < 200; i++) {
    const data = (await buyer.get(`${BASE}/exports/${id}`, EN)).json().data;
    if (data.status === 'done' || data.status === 'failed') return data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('export did not finish');
}

/** What a server killed mid-job leaves: the job claimed once, its lease held until `seconds` from now. */
const claimedUntil = (jobId: string, seconds: number) =>
  t.database.db.execute(sql`update jobs set attempts = 1,
    locked_until = now() + make_interval(secs => ${seconds}) where id = ${jobId}`);

/** A runner of another process, which settles what the killed one left. */
function survivingRunner() {
  const runner = createJobRunner(t.database.db, Fastify({ logger: false }).log);
  registerImportJob(runner, t.database.db, t.config.dataDir);
  registerExportJob(runner, t.database.db, t.config.dataDir);
  return runner;
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  const info = (await buyer.get('/gateway/admin/user/info')).json().data;
  auth = seedAdmin(info.sysUser.userId, 'buyer', info.tenant.id);
});
afterAll(() => t.close());

describe('an import whose server died (QUALITY R-11)', () => {
  it('blocks the next import only while its lease holds, then fails with a reason and the next one runs', async () => {
    const key = `${randomBytes(16).toString('hex')}.zip`;
    mkdirSync(path.join(t.config.dataDir, 'files'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'files', key), await workbook('KILLED'));
    const killed = await asMember(t.database.db, auth, (ctx) =>
      queueImport(ctx, 'materials', { key, name: 'killed.xlsx' }),
    );
    await inTenantTx(t.database.db, auth.tenantId, (tx) =>
      tx.execute(sql`update material_imports set status = ${MATERIAL_IMPORT_STATUS.RUNNING}
                      where id = ${killed.importId}`),
    );
    await claimedUntil(killed.jobId!, 30);

    // Within the lease the first import may still be running in another process.
    const early = await upload(await workbook('EARLY'));
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('IMPORT_IN_PROGRESS');

    await claimedUntil(killed.jobId!, -1);
    expect(await survivingRunner().runDue({ ids: [killed.jobId!] })).toBe(1);
    const failed = (await buyer.get(`${BASE}/imports/${killed.importId}`, ZH)).json().data;
    expect(failed).toMatchObject({
      status: MATERIAL_IMPORT_STATUS.FAILED,
      errorCount: 0,
      failure: '处理过程中服务器停止，未保存任何结果，请重新开始',
    });
    expect(failed.finishedAt).not.toBeNull();

    const next = await upload(await workbook('NEXT'));
    expect(next.statusCode, next.body).toBe(200);
    expect(await awaitImport(next.json().data.id)).toMatchObject({
      status: MATERIAL_IMPORT_STATUS.SUCCEEDED,
      importedRows: 3,
    });
    // Not repeated behind the user's back: the killed import stays failed and imported nothing.
    const { rows } = await inTenantTx(t.database.db, auth.tenantId, (tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from materials where prdt_no like 'KILLED-%'`),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('lets the next import start as soon as the lease lapsed, before any runner settled the dead one', async () => {
    const key = `${randomBytes(16).toString('hex')}.zip`;
    writeFileSync(path.join(t.config.dataDir, 'files', key), await workbook('LAPSED'));
    const killed = await asMember(t.database.db, auth, (ctx) =>
      queueImport(ctx, 'materials', { key, name: 'lapsed.xlsx' }),
    );
    await claimedUntil(killed.jobId!, -1);
    const next = await upload(await workbook('AFTER'));
    expect(next.statusCode, next.body).toBe(200);
    expect((await awaitImport(next.json().data.id)).status).toBe(MATERIAL_IMPORT_STATUS.SUCCEEDED);
  });
});

describe('an export whose server died (QUALITY R-11)', () => {
  it('is failed with a reason, its file answers that reason, and a new export runs at once', async () => {
    const killed = await asMember(t.database.db, auth, (ctx) => queueExport(ctx, 'materials', {}));
    await inTenantTx(t.database.db, auth.tenantId, (tx) =>
      tx.execute(sql`update material_exports set status = 'running', processed_rows = 2, total_rows = 9
                      where id = ${killed.exportId}`),
    );
    await claimedUntil(killed.jobId!, -1);
    expect(await survivingRunner().runDue({ ids: [killed.jobId!] })).toBe(1);
    expect((await buyer.get(`${BASE}/exports/${killed.exportId}`, EN)).json().data).toMatchObject({
      status: 'failed',
      failure: 'The server stopped while this was running and nothing was saved; please start it again',
    });
    const file = await buyer.get(`${BASE}/exports/${killed.exportId}/file`, EN);
    expect(file.statusCode).toBe(409);
    expect(file.json().errorCode).toBe('JOB_INTERRUPTED');

    const started = await buyer.post(`${BASE}/exports`, { target: 'materials' }, EN);
    expect(started.statusCode, started.body).toBe(200);
    expect((await awaitExport(started.json().data.id)).status).toBe('done');
  });
});
