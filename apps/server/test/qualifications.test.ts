import {
  addCalendarDays,
  addCalendarYears,
  type QualificationDetail,
  renderText,
  QUALIFICATION_STATUS as S,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSettings, messages, qualificationDocuments, users } from '../src/db/schema.ts';
import { registerQualificationJobs } from '../src/modules/qualifications/qualifications.expiry.ts';
import type { QualificationDeps } from '../src/modules/qualifications/qualifications.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { type Clock, createJobRunner, localDate } from '../src/platform/jobs.ts';
import type { OutgoingMessage } from '../src/platform/mail.ts';
import { seedQualifications } from '../src/seed/qualifications.ts';
import { type SeededSuppliers, seedSuppliers } from '../src/seed/suppliers.ts';
import type { DemoWorld } from '../src/seed/world.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/qualification-documents';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let supplier: Caller;
let supplier2: Caller;
let supplierToken: string;
let buyerToken: string;
let world: DemoWorld;
let seeded: SeededSuppliers;

const today = () => localDate(new Date());

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;
const userOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.sysUser.userId as string;

async function upload(token: string, name = 'certificate.pdf'): Promise<{ name: string; url: string }> {
  const boundary = '----concord-qualification';
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway/system/oss/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { name: data.name, url: data.url };
}

const item = (fileName: string, extra: Record<string, unknown> = {}) => ({
  fileName,
  description: `${fileName} of the production site`,
  validityType: '3',
  ...extra,
});

async function request(supplierId: string, fileName: string, extra: Record<string, unknown> = {}, send = true) {
  const res = await buyer.post(BASE, { supplierIds: [supplierId], items: [item(fileName, extra)], send });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.documentIds[0] as string;
}

const act = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${BASE}/${id}/actions/${action}`, body);

async function reply(id: string, extra: Record<string, unknown> = {}) {
  const res = await act(supplier, id, 'reply', {
    attachments: [await upload(supplierToken)],
    documentCode: 'CN-QMS-2026-001',
    buildDate: addCalendarDays(today(), -30),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as QualificationDetail;
}

/** The user's qualification messages, titles as read in English. */
async function messagesOf(tenantId: string, userId: string) {
  const rows = await inTenantTx(t.database.db, tenantId, (tx) =>
    tx
      .select({ title: messages.title, link: messages.link })
      .from(messages)
      .where(and(eq(messages.tenantId, tenantId), eq(messages.userId, userId), eq(messages.kind, 'qualification'))),
  );
  return rows.map((m) => ({ title: renderText(m.title, 'en-US'), link: m.link }));
}

let buyerId: string;
let supplierId: string;

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  supplierToken = await login(t.app, 'supplier');
  supplier = as(t.app, supplierToken);
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  buyerId = await userOf(buyer);
  supplierId = await userOf(supplier);
  world = {
    tenants: {
      huaxin: await tenantOf(buyer),
      precision: await tenantOf(supplier),
      plastics: await tenantOf(supplier2),
    },
    users: {
      buyer: buyerId,
      'buyer.clerk': await userOf(clerk),
      supplier: supplierId,
      supplier2: await userOf(supplier2),
    },
  };
  seeded = await seedSuppliers(t.database.db, world);
});
afterAll(() => t.close());

describe('qualification request → reply → confirmation', () => {
  it('runs end to end with a file and tells each side', async () => {
    const id = await request(seeded.precision, 'ISO 9001 certificate');
    const requested = await messagesOf(world.tenants.precision, supplierId);
    expect(requested.some((m) => m.title.includes('requests 1 qualification document'))).toBe(true);

    const mine = (await supplier.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
    const row = mine.dataList.find((d: { id: string }) => d.id === id);
    expect(row).toMatchObject({ status: S.TO_BE_REPLIED, customerTenantId: world.tenants.huaxin });

    const build = addCalendarDays(today(), -30);
    const replied = await reply(id, { buildDate: build, fileName: 'renamed by the supplier', status: S.COMPLETED });
    expect(replied).toMatchObject({
      side: 'supplier',
      status: S.TO_BE_CONFIRMED,
      documentCode: 'CN-QMS-2026-001',
      buildDate: build,
      fileDqDate: addCalendarYears(build, 3),
      fileName: 'ISO 9001 certificate',
    });
    expect(replied.attachments).toHaveLength(1);
    expect((await messagesOf(world.tenants.huaxin, buyerId)).some((m) => m.link?.includes(id))).toBe(true);

    const passed = await act(buyer, id, 'pass');
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json().data).toMatchObject({ side: 'buyer', status: S.COMPLETED, result: 'pass' });

    const detail: QualificationDetail = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(detail.history.map((h) => h.side)).toEqual(['buyer', 'supplier', 'buyer']);
    expect(detail.history[1]!.summary).toMatch(/replied to .*CN-QMS-2026-001/);
    expect(detail.history.map((h) => [h.own, h.party])).toEqual([
      [true, '华信电子 Huaxin Electronics'],
      [false, '深圳精密零件 Shenzhen Precision Parts'],
      [true, '华信电子 Huaxin Electronics'],
    ]);

    // The supplier reads the same history in Chinese, from its own side.
    const theirs: QualificationDetail = (await supplier.get(`${BASE}/${id}`, { 'accept-language': 'zh-CN' })).json()
      .data;
    expect(theirs.history.map((h) => h.own)).toEqual([false, true, false]);
    const [sent, answered, confirmed] = theirs.history.map((h) => h.summary);
    expect(sent).toMatch(/^向供应商 .+ 请求了资质文件 QF\d+“ISO 9001 certificate”$/);
    expect(answered).toMatch(/^回复了资质文件 QF\d+“ISO 9001 certificate”：文件编号 CN-QMS-2026-001，出具日期 /);
    expect(confirmed).toMatch(/^审核通过了资质文件 QF\d+“ISO 9001 certificate”$/);
    // No English beyond the names and codes the sentences quote.
    const quoted = /ISO 9001 certificate|Shenzhen Precision Parts Co\., Ltd\.|CN-QMS-2026-001|QF\d+/g;
    expect(theirs.history.map((h) => h.summary.replace(quoted, '').match(/[A-Za-z]+/g))).toEqual([null, null, null]);
    const told = await messagesOf(world.tenants.precision, supplierId);
    expect(told.some((m) => m.title.includes('passed') && m.link?.includes(id))).toBe(true);
  });

  it('checks the reply against the document: files, their count, the dates', async () => {
    const id = await request(seeded.precision, 'Business licence', { validQuantity: 2 });
    const file = await upload(supplierToken);
    const base = { documentCode: 'BL-1', buildDate: addCalendarDays(today(), -1) };
    const none = await act(supplier, id, 'reply', { ...base, attachments: [] });
    expect(none.statusCode).toBe(400);
    const tooFew = await act(supplier, id, 'reply', { ...base, attachments: [file] });
    expect(tooFew.json()).toMatchObject({ errorCode: 'QUALIFICATION_ATTACHMENTS_REQUIRED' });
    const forged = { name: 'x.pdf', url: '/gateway/system/oss/file/0123456789abcdef0123456789abcdef.pdf' };
    const missing = await act(supplier, id, 'reply', { ...base, attachments: [file, forged] });
    expect(missing.json()).toMatchObject({ errorCode: 'QUALIFICATION_ATTACHMENT_MISSING' });
    const outside = await act(supplier, id, 'reply', {
      ...base,
      attachments: [file, { name: 'evil', url: 'javascript:alert(1)' }],
    });
    expect(outside.statusCode).toBe(400);
    const second = await upload(supplierToken, 'page2.pdf');
    const future = await act(supplier, id, 'reply', {
      ...base,
      buildDate: addCalendarDays(today(), 1),
      attachments: [file, second],
    });
    expect(future.json()).toMatchObject({ errorCode: 'QUALIFICATION_BUILD_DATE_INVALID' });
    const stale = await act(supplier, id, 'reply', {
      ...base,
      buildDate: addCalendarYears(today(), -4),
      attachments: [file, second],
    });
    expect(stale.json()).toMatchObject({ errorCode: 'QUALIFICATION_DUE_DATE_INVALID' });
    const fine = await act(supplier, id, 'reply', { ...base, attachments: [file, second] });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('takes the specified expiry date of a "date" document, and a long-term one has none', async () => {
    const due = addCalendarDays(today(), 200);
    const dated = await request(seeded.precision, 'Licence', { validityType: 'date', validDate: due });
    expect((await reply(dated)).fileDqDate).toBe(due);
    const own = await request(seeded.precision, 'Licence 2', { validityType: 'date', validDate: due });
    expect((await reply(own, { fileDqDate: addCalendarDays(today(), 99) })).fileDqDate).toBe(
      addCalendarDays(today(), 99),
    );
    const long = await request(seeded.precision, 'Patent', { validityType: 'long' });
    expect((await reply(long)).fileDqDate).toBeNull();
  });

  it('returns a failed document with its reason, and the supplier answers again', async () => {
    const id = await request(seeded.precision, 'RoHS report', { validityType: '1' });
    await reply(id);
    const bare = await act(buyer, id, 'fail', {});
    expect(bare.json()).toMatchObject({ errorCode: 'QUALIFICATION_COMMENT_REQUIRED' });
    const failed = await act(buyer, id, 'fail', { comment: 'Report older than 12 months' });
    expect(failed.json().data).toMatchObject({
      status: S.RETURNED,
      result: 'fail',
      resultComment: 'Report older than 12 months',
    });
    const again = await reply(id);
    expect(again).toMatchObject({ status: S.TO_BE_CONFIRMED, result: null, resultComment: '' });
    expect((await act(supplier, id, 'withdrawReply')).json().data.status).toBe(S.REPLY_WITHDRAWN);
    expect((await reply(id)).status).toBe(S.TO_BE_CONFIRMED);
  });

  it('keeps drafts from the supplier, edits them with a version, withdraws and resends', async () => {
    const id = await request(seeded.precision, 'Draft declaration', {}, false);
    expect((await supplier.get(`${BASE}/${id}`)).statusCode).toBe(404);
    const list = (await supplier.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(list.dataList.some((d: { id: string }) => d.id === id)).toBe(false);
    const draft: QualificationDetail = (await buyer.get(`${BASE}/${id}`)).json().data;
    const edit = { ...item('Environmental declaration'), validityType: '1', version: draft.version };
    const saved = await buyer.put(`${BASE}/${id}`, edit);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.fileName).toBe('Environmental declaration');
    expect((await buyer.put(`${BASE}/${id}`, edit)).statusCode).toBe(409);
    expect((await act(buyer, id, 'send')).json().data.status).toBe(S.TO_BE_REPLIED);
    const notEditable = await buyer.put(`${BASE}/${id}`, { ...edit, version: draft.version + 1 });
    expect(notEditable.json()).toMatchObject({ errorCode: 'QUALIFICATION_NOT_EDITABLE' });
    expect((await act(buyer, id, 'withdraw')).json().data.status).toBe(S.WITHDRAWN);
    expect((await supplier.get(`${BASE}/${id}`)).json().data.status).toBe(S.WITHDRAWN);
    expect((await act(supplier, id, 'reply', {})).statusCode).toBe(400);
    expect((await act(buyer, id, 'send')).json().data.status).toBe(S.TO_BE_REPLIED);
    expect((await act(buyer, id, 'invalidate')).json().data.status).toBe(S.INVALID);
    expect((await act(buyer, id, 'invalidate')).statusCode).toBe(409);
  });
});

describe('two-party rights, outsiders and blocked suppliers', () => {
  it('lets neither side take the other side’s steps (T-03)', async () => {
    const id = await request(seeded.precision, 'ISO 14001 certificate');
    const buyerReply = await act(buyer, id, 'reply', {
      attachments: [await upload(supplierToken)],
      documentCode: 'X',
      buildDate: today(),
    });
    expect(buyerReply.statusCode).toBe(403);
    expect(buyerReply.json().errorCode).toBe('QUALIFICATION_WRONG_SIDE');
    await reply(id);
    for (const action of ['pass', 'fail', 'invalidate', 'withdraw']) {
      const res = await act(supplier, id, action, { comment: 'self-approved' });
      expect(res.statusCode, action).toBe(403);
    }
    expect((await supplier.put(`${BASE}/${id}`, { ...item('hijack'), version: 1 })).statusCode).toBe(404);
    expect((await act(buyer, id, 'withdrawReply')).statusCode).toBe(403);
    const still: QualificationDetail = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(still).toMatchObject({ status: S.TO_BE_CONFIRMED, result: null, fileName: 'ISO 14001 certificate' });
  });

  it('gives one 200 and one 409 to two concurrent confirmations (R-03)', async () => {
    const id = await request(seeded.precision, 'Conflict minerals report');
    await reply(id);
    const results = await Promise.all([act(buyer, id, 'pass'), act(buyer, id, 'pass')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().errorCode).toBe('QUALIFICATION_STATE_CHANGED');
  });

  it('answers 404 to an outsider enterprise and hides documents out of a member’s data scope (T-01)', async () => {
    const id = await request(seeded.precision, 'Outsider probe');
    expect((await supplier2.get(`${BASE}/${id}`)).statusCode).toBe(404);
    for (const action of ['reply', 'withdrawReply', 'pass']) {
      expect((await act(supplier2, id, action, {})).statusCode, action).toBe(404);
    }
    const theirs = (await supplier2.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(theirs.dataList.some((d: { id: string }) => d.id === id)).toBe(false);
    const body = JSON.stringify(theirs);
    expect(body).not.toContain('Outsider probe');
    // The clerk sees only documents it owns and may not confirm (no PO_SUP_RZ).
    const clerkList = (await clerk.post(`${BASE}/list`, { filter: { side: 'buyer' } })).json().data;
    expect(clerkList.totalCount).toBe(0);
    expect((await clerk.get(`${BASE}/${id}`)).statusCode).toBe(404);
    expect((await act(clerk, id, 'pass')).statusCode).toBe(403);
  });

  it('refuses a request to a blacklisted or stopped supplier, and skips them in a class', async () => {
    for (const blocked of [seeded.jiulian, seeded.zhengtai]) {
      const res = await buyer.post(BASE, { supplierIds: [blocked], items: [item('Any')] });
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('SUPPLIER_BLOCKED');
    }
    const offNetwork = await buyer.post(BASE, { supplierIds: [seeded.hengtong], items: [item('Any')] });
    expect(offNetwork.json().errorCode).toBe('QUALIFICATION_SUPPLIER_NOT_JOINED');
    const byClass = await buyer.post(BASE, {
      supplierClassIds: [seeded.classes.machined],
      items: [item('Class-wide')],
    });
    expect(byClass.statusCode, byClass.body).toBe(200);
    const { documentIds, skipped } = byClass.json().data;
    expect(documentIds.length).toBeGreaterThanOrEqual(1);
    expect(skipped.map((s: { supplierId: string }) => s.supplierId)).toContain(seeded.jiulian);
    const docs = await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
      tx
        .select({ supplierId: qualificationDocuments.supplierId })
        .from(qualificationDocuments)
        .where(eq(qualificationDocuments.fileName, 'Class-wide')),
    );
    expect(docs.map((d) => d.supplierId)).toContain(seeded.precision);
    expect(docs.map((d) => d.supplierId)).not.toContain(seeded.jiulian);
  });
});

describe('daily expiry job under a faked clock', () => {
  it('marks a completed document expiring, then expired, and tells both sides once per state', async () => {
    const id = await request(seeded.precision, 'Expiry probe', { validityType: '1' });
    const build = addCalendarDays(today(), -30);
    await reply(id, { buildDate: build });
    expect((await act(buyer, id, 'pass')).json().data.status).toBe(S.COMPLETED);
    const due = addCalendarYears(build, 1);

    // The supplier's administrator reads e-mails, in Traditional Chinese.
    await inTenantTx(t.database.db, world.tenants.precision, (tx) =>
      tx
        .insert(messageSettings)
        .values({ tenantId: world.tenants.precision, userId: supplierId, emailEnabled: true })
        .onConflictDoUpdate({
          target: [messageSettings.tenantId, messageSettings.userId],
          set: { emailEnabled: true },
        }),
    );
    await t.database.db
      .update(users)
      .set({ settings: sql`${users.settings} || '{"language":"zh-TW"}'::jsonb` })
      .where(eq(users.id, supplierId));
    const mailed: OutgoingMessage[] = [];

    // Two in the morning of the buyer's day (Asia/Shanghai), whatever TZ the test runs under.
    let now = new Date(`${addCalendarDays(due, -40)}T02:00:00+08:00`);
    const clock: Clock = { now: () => now };
    const runner = createJobRunner(t.database.db, Fastify({ logger: false }).log, { clock });
    const deps: QualificationDeps = {
      db: t.database.db,
      provider: {
        send: async (m) => {
          mailed.push(m);
        },
      },
      log: Fastify({ logger: false }).log,
      dataDir: t.config.dataDir,
      clock,
      jobs: runner,
      expiringDays: 30,
    };
    registerQualificationJobs(runner, deps);
    const day = async (date: string) => {
      now = new Date(`${date}T02:00:00+08:00`);
      await runner.scheduleDaily();
      await runner.runDue();
    };
    const status = async () => (await buyer.get(`${BASE}/${id}`)).json().data.status;
    const count = async (word: string) => {
      const match = (x: { title: string; link: string | null }) => x.title.includes(word) && !!x.link?.includes(id);
      return {
        buyer: (await messagesOf(world.tenants.huaxin, buyerId)).filter(match).length,
        supplier: (await messagesOf(world.tenants.precision, supplierId)).filter(match).length,
      };
    };

    await day(addCalendarDays(due, -40));
    expect(await status()).toBe(S.COMPLETED);
    await day(addCalendarDays(due, -30));
    expect(await status()).toBe(S.EXPIRING);
    expect(await count('expires within 30 days')).toEqual({ buyer: 1, supplier: 1 });
    const warning = mailed.find((m) => m.recipient === 'sales@szprecision.example' && m.body.includes('Expiry probe'));
    expect(warning?.subject).toMatch(/^.+：1 份資質文件將在 30 天內到期$/);
    expect(warning?.body).toMatch(/^QF\d+「Expiry probe」有效期至 \d{4}-\d{2}-\d{2}\n請回覆更新後的文件。$/);
    await day(addCalendarDays(due, -29));
    await runner.runDue();
    expect(await count('expires within 30 days')).toEqual({ buyer: 1, supplier: 1 });
    await day(due);
    expect(await status()).toBe(S.EXPIRING);
    await day(addCalendarDays(due, 1));
    expect(await status()).toBe(S.EXPIRED);
    expect(await count('expired')).toEqual({ buyer: 1, supplier: 1 });
    await day(addCalendarDays(due, 2));
    expect(await count('expired')).toEqual({ buyer: 1, supplier: 1 });

    const history: QualificationDetail = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(history.history.filter((h) => h.actor === 'system').map((h) => h.summary)).toEqual([
      `${history.fileCode} is expiring (valid until ${due}, checked ${addCalendarDays(due, -30)})`,
      `${history.fileCode} expired (valid until ${due}, checked ${addCalendarDays(due, 1)})`,
    ]);

    // The supplier renews: the buyer confirms again and the document is completed.
    const renewed = await act(supplier, id, 'renew', {
      attachments: [await upload(supplierToken)],
      documentCode: 'RENEWED-1',
      buildDate: today(),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.status).toBe(S.TO_BE_CONFIRMED);
    expect((await act(buyer, id, 'pass')).json().data.status).toBe(S.COMPLETED);
  });

  it('runs the check now for an administrator, as of a chosen day in a demo installation', async () => {
    const id = await request(seeded.precision, 'Run-now probe', { validityType: '1' });
    const build = addCalendarDays(today(), -10);
    await reply(id, { buildDate: build });
    await act(buyer, id, 'pass');
    expect((await clerk.post(`${BASE}/run-expiry`, {})).statusCode).toBe(403);
    expect((await supplier.post(`${BASE}/run-expiry`, {})).json().data).toMatchObject({ expired: 0 });
    const res = await buyer.post(`${BASE}/run-expiry`, { asOf: addCalendarDays(addCalendarYears(build, 1), 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.expired).toBeGreaterThanOrEqual(1);
    expect((await buyer.get(`${BASE}/${id}`)).json().data.status).toBe(S.EXPIRED);
    const told = await messagesOf(world.tenants.precision, supplierId);
    expect(told.some((m) => m.title.includes('expired') && m.link?.includes(id))).toBe(true);
  });

  it('marks a document passed after its warning date expiring at once, without a second message', async () => {
    const id = await request(seeded.precision, 'Late pass', {
      validityType: 'date',
      validDate: addCalendarDays(today(), 10),
    });
    await reply(id);
    const passed = await act(buyer, id, 'pass');
    expect(passed.json().data.status).toBe(S.EXPIRING);
    const [row] = await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
      tx
        .select({ notified: qualificationDocuments.notifiedStatus })
        .from(qualificationDocuments)
        .where(eq(qualificationDocuments.id, id)),
    );
    expect(row!.notified).toBe(S.EXPIRING);
  });
});

describe('requirements', () => {
  it('are kept per class or supplier and offered for a supplier', async () => {
    const created = await buyer.post(`${BASE}/requirements`, {
      scopeType: 'class',
      scopeId: seeded.classes.machined,
      fileName: 'ISO/TS 16949 certificate',
      validityType: '3',
      validQuantity: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const req = created.json().data;
    expect(req.scopeName).toMatch(/MACH/);
    const own = await buyer.post(`${BASE}/requirements`, {
      scopeType: 'supplier',
      scopeId: seeded.precision,
      fileName: 'Capability study',
      validityType: 'long',
    });
    expect(own.json().data.supName).not.toBe('');
    const applicable = (await buyer.get(`${BASE}/requirements/applicable?supplierId=${seeded.precision}`)).json().data;
    expect(applicable.map((r: { fileName: string }) => r.fileName)).toEqual(
      expect.arrayContaining(['ISO/TS 16949 certificate', 'Capability study']),
    );
    const bad = await buyer.post(`${BASE}/requirements`, { scopeType: 'class', scopeId: '123', fileName: 'x' });
    expect(bad.json().errorCode).toBe('QUALIFICATION_SCOPE_NOT_FOUND');
    const noDate = await buyer.post(`${BASE}/requirements`, {
      scopeType: 'material',
      scopeId: 'AL-6061',
      fileName: 'MTC',
      validityType: 'date',
    });
    expect(noDate.statusCode).toBe(400);

    const update = {
      scopeType: 'class',
      scopeId: seeded.classes.machined,
      fileName: 'IATF 16949 certificate',
      version: 1,
    };
    expect((await buyer.put(`${BASE}/requirements/${req.id}`, update)).json().data.version).toBe(2);
    expect((await buyer.put(`${BASE}/requirements/${req.id}`, update)).statusCode).toBe(409);
    expect((await supplier.put(`${BASE}/requirements/${req.id}`, { ...update, version: 2 })).statusCode).toBe(404);
    const list = (await buyer.post(`${BASE}/requirements/list`, { filter: { fileName: 'IATF' } })).json().data;
    expect(list.totalCount).toBe(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/requirements/${req.id}`,
      headers: { authorization: `Bearer ${buyerToken}` },
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await buyer.post(`${BASE}/requirements/list`, { filter: { fileName: 'IATF' } })).json().data.totalCount,
    ).toBe(0);
  });
});

describe('demo seed', () => {
  it('seeds completed, expiring, expired, to be replied and to be confirmed documents once', async () => {
    const fresh = await createTestContext();
    try {
      const b = as(fresh.app, await login(fresh.app, 'buyer'));
      const s = as(fresh.app, await login(fresh.app, 'supplier'));
      const s2 = as(fresh.app, await login(fresh.app, 'supplier2'));
      const c = as(fresh.app, await login(fresh.app, 'buyer.clerk'));
      const w: DemoWorld = {
        tenants: { huaxin: await tenantOf(b), precision: await tenantOf(s), plastics: await tenantOf(s2) },
        users: {
          buyer: await userOf(b),
          'buyer.clerk': await userOf(c),
          supplier: await userOf(s),
          supplier2: await userOf(s2),
        },
      };
      const ids = await seedSuppliers(fresh.database.db, w);
      await seedQualifications(fresh.database.db, w, ids);
      await seedQualifications(fresh.database.db, w, ids);
      const list = (await b.post(`${BASE}/list`, { filter: { side: 'buyer' } })).json().data;
      expect(list.dataList.map((d: { status: number }) => d.status).sort()).toEqual(
        [S.TO_BE_REPLIED, S.TO_BE_CONFIRMED, S.COMPLETED, S.EXPIRED, S.EXPIRING].sort(),
      );
      const mine = (await s.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
      expect(mine.totalCount).toBe(5);
      const pending = list.dataList.find((d: { status: number }) => d.status === S.TO_BE_CONFIRMED);
      const detail: QualificationDetail = (await b.get(`${BASE}/${pending.id}`)).json().data;
      const file = await b.get(detail.attachments[0]!.url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const reqs = (await b.post(`${BASE}/requirements/list`, {})).json().data;
      expect(reqs.totalCount).toBe(5);
      // The expiring and expired documents were announced already: the job says nothing new today.
      const run = (await b.post(`${BASE}/run-expiry`, {})).json().data;
      expect(run).toMatchObject({ expiring: 0, expired: 0, notified: 0 });
    } finally {
      await fresh.close();
    }
  });
});
