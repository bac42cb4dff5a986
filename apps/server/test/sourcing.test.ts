import { MEMBER_STATUS, PROSPECT_STATE, SUPPLIER_INVITE_STATE, USER_TYPE } from '@concord/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, memberships, potentialSuppliers, supplierAudits, suppliers } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import type { DemoWorld } from '../src/seed/world.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/potential-suppliers';

let t: TestContext;
let world: DemoWorld;
let buyer: Caller;
let clerk: Caller;
let outsider: Caller;
/** An enterprise on the network that Huaxin has no relation with yet. */
const newcomer = { id: newId(), compNo: '20269901' };

const one = async <T>(query: Promise<{ rows: T[] }>) => (await query).rows[0]!;
const tenantOf = async (compNo: string) =>
  (await one(t.database.db.execute<{ id: string }>(sql`select id::text from enterprises where comp_no = ${compNo}`)))
    .id;
const userId = async (username: string) =>
  (await one(t.database.db.execute<{ id: string }>(sql`select id::text from users where username = ${username}`))).id;

beforeAll(async () => {
  t = await createTestContext();
  world = {
    tenants: {
      huaxin: await tenantOf('20260001'),
      precision: await tenantOf('20260002'),
      plastics: await tenantOf('20260003'),
    },
    users: {
      buyer: await userId('buyer'),
      'buyer.clerk': await userId('buyer.clerk'),
      supplier: await userId('supplier'),
      supplier2: await userId('supplier2'),
    },
  };
  await inTenantTx(t.database.db, newcomer.id, async (tx) => {
    await tx.insert(enterprises).values({
      id: newcomer.id,
      compNo: newcomer.compNo,
      inviteCode: '990101',
      name: 'Newcomer Metals Co., Ltd.',
      shortName: 'Newcomer Metals',
      createdBy: world.users.supplier2,
    });
    await tx.insert(memberships).values({
      tenantId: newcomer.id,
      userId: world.users.supplier2,
      userType: USER_TYPE.ADMIN,
      status: MEMBER_STATUS.JOINED,
    });
  });
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  outsider = as(t.app, await login(t.app, 'supplier'));
});
afterAll(() => t.close());

const PROSPECT = {
  name: 'Foshan Die Casting Co., Ltd.',
  contactName: 'Liang Hao',
  mobileArea: '+86',
  mobile: '13912349999',
  email: 'liang@fsdiecast.example',
  productDescription: 'Aluminium die castings',
  requiredQualifications: ['ISO 9001 certificate'],
};

async function countProspects(): Promise<number> {
  return inTenantTx(t.database.db, world.tenants.huaxin, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(potentialSuppliers)
      .where(eq(potentialSuppliers.tenantId, world.tenants.huaxin));
    return row!.n;
  });
}

async function createProspect(body: Record<string, unknown> = {}) {
  const res = await buyer.post(BASE, { ...PROSPECT, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; code: string; version: number; auditState: number };
}

async function approved(body: Record<string, unknown> = {}) {
  const p = await createProspect(body);
  expect((await buyer.post(`${BASE}/${p.id}/actions/submit`)).statusCode).toBe(200);
  const audit = await buyer.post(`${BASE}/${p.id}/audits`, { result: 'pass', score: 90 });
  expect(audit.statusCode, audit.body).toBe(200);
  return p;
}

describe('the seeded pool', () => {
  it('shows a new, an approved (with its audit), a rejected and an awaiting prospect', async () => {
    const list = (await buyer.post(`${BASE}/list`, { pageParam: { pageNum: 1, pageSize: 50 } })).json().data;
    const states = list.dataList.map((p: { auditState: number }) => p.auditState).sort();
    expect(states).toEqual([
      PROSPECT_STATE.NEW,
      PROSPECT_STATE.UNDER_AUDIT,
      PROSPECT_STATE.APPROVED,
      PROSPECT_STATE.REJECTED,
    ]);
    const approvedRow = list.dataList.find((p: { auditState: number }) => p.auditState === PROSPECT_STATE.APPROVED);
    expect(approvedRow.lastScore).toBe(86);
    const detail = (await buyer.get(`${BASE}/${approvedRow.id}`)).json().data;
    expect(detail.audits).toHaveLength(1);
    expect(detail.audits[0]).toMatchObject({ result: 'pass', score: 86 });

    const queue = (
      await buyer.post(`${BASE}/audit-queue/list`, { filter: { auditState: PROSPECT_STATE.UNDER_AUDIT } })
    ).json().data;
    expect(queue.totalCount).toBe(1);
  });
});

describe('prospect → audit → invited supplier', () => {
  it('creates, submits, audits (pass) and converts into an invited supplier by e-mail and mobile', async () => {
    const p = await createProspect();
    expect(p.code).toMatch(/^PS\d{5}$/);
    expect(p.auditState).toBe(PROSPECT_STATE.NEW);

    const submitted = await buyer.post(`${BASE}/${p.id}/actions/submit`);
    expect(submitted.json().data.auditState).toBe(PROSPECT_STATE.UNDER_AUDIT);
    // Under audit the data is what the auditor looks at: no edits.
    const edit = await buyer.put(`${BASE}/${p.id}`, {
      ...PROSPECT,
      name: 'Changed',
      version: submitted.json().data.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errorCode).toBe('PROSPECT_NOT_EDITABLE');

    const audit = await buyer.post(`${BASE}/${p.id}/audits`, {
      result: 'pass',
      score: 88,
      comment: 'Good process control',
      attachments: [{ name: 'audit.pdf', url: '/gateway/system/oss/file/a1.pdf' }],
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toMatchObject({ auditState: PROSPECT_STATE.APPROVED, lastScore: 88 });
    expect(audit.json().data.audits[0]).toMatchObject({ result: 'pass', score: 88, comment: 'Good process control' });

    const sentBefore = t.sent.length;
    const converted = await buyer.post(`${BASE}/${p.id}/convert`, undefined, { 'accept-language': 'zh-CN' });
    expect(converted.statusCode, converted.body).toBe(200);
    const { prospect, supplierId } = converted.json().data;
    expect(prospect).toMatchObject({ auditState: PROSPECT_STATE.CONVERTED, convertedSupplierId: supplierId });

    const supplier = await inTenantTx(t.database.db, world.tenants.huaxin, async (tx) => {
      const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId));
      return row!;
    });
    expect(supplier).toMatchObject({
      supName: PROSPECT.name,
      receiverName: PROSPECT.contactName,
      contactEmail: PROSPECT.email,
      supplierTenantId: null,
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
    });
    const delivered = t.sent.slice(sentBefore);
    expect(delivered.map((m) => m.recipient)).toEqual(
      expect.arrayContaining([PROSPECT.email, `+86${PROSPECT.mobile}`]),
    );
    // The company has no account yet: it reads the invitation in the inviting user's language.
    for (const m of delivered) {
      expect(m.subject).toBe('华信电子 Huaxin Electronics 邀请贵公司成为其供应商');
      expect(m.body).toMatch(
        /^Liang Hao，您好：华信电子 Huaxin Electronics 邀请贵公司在 Concord SRM 上成为其供应商。请在 \d+ 天内打开 /,
      );
    }

    const again = await buyer.post(`${BASE}/${p.id}/convert`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('PROSPECT_STATE_CHANGED');
  });

  it('converts a prospect on the network by its enterprise number, and a second one goes back to approved', async () => {
    const first = await approved({ compNo: newcomer.compNo, name: 'Newcomer Metals' });
    const res = await buyer.post(`${BASE}/${first.id}/convert`);
    expect(res.statusCode, res.body).toBe(200);
    const supplierId = res.json().data.supplierId;
    const row = await inTenantTx(t.database.db, world.tenants.huaxin, async (tx) => {
      const [s] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId));
      return s!;
    });
    expect(row.supplierTenantId).toBe(newcomer.id);

    // The invited enterprise sees Huaxin among its potential customers; nobody else does.
    const invitee = as(t.app, await login(t.app, 'supplier2'), newcomer.id);
    const mine = (await invitee.post('/gateway/srm/potential-customers/list', {})).json().data;
    expect(mine.dataList).toHaveLength(1);
    expect(mine.dataList[0]).toMatchObject({
      id: supplierId,
      customerTenantId: world.tenants.huaxin,
      compNo: '20260001',
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
    });
    const detail = await invitee.get(`/gateway/srm/potential-customers/${supplierId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.fullName).toContain('Huaxin');
    expect((await outsider.get(`/gateway/srm/potential-customers/${supplierId}`)).statusCode).toBe(404);
    expect((await outsider.post('/gateway/srm/potential-customers/list', {})).json().data.dataList).not.toContainEqual(
      expect.objectContaining({ id: supplierId }),
    );

    const second = await approved({ compNo: newcomer.compNo, name: 'Newcomer Metals again' });
    const refused = await buyer.post(`${BASE}/${second.id}/convert`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('SUPPLIER_ALREADY_RELATED');
    const back = (await buyer.get(`${BASE}/${second.id}`)).json().data;
    expect(back).toMatchObject({ auditState: PROSPECT_STATE.APPROVED, convertedSupplierId: null });

    // The refusal outlives the rolled-back request in the log, read in the reader's language.
    const logged = async (language: string) => {
      const res = await buyer.post(
        '/gateway/srm/operation-logs/list',
        { filter: { module: 'potential-suppliers' }, pageParam: { pageNum: 1, pageSize: 10 } },
        { 'accept-language': language },
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.dataList as { targetId: string; summary: string }[])
        .filter((l) => l.targetId === second.id)
        .map((l) => l.summary);
    };
    expect((await logged('en-US'))[0]).toBe(
      `inviting prospect ${second.code} failed (SUPPLIER_ALREADY_RELATED); it is approved again`,
    );
    const chinese = await logged('zh-CN');
    expect(chinese[0]).toBe(`邀请潜在供应商 ${second.code} 失败（SUPPLIER_ALREADY_RELATED），已恢复为审核通过`);
    expect(chinese.slice(1)).toEqual([
      `审核通过了潜在供应商 ${second.code} Newcomer Metals again`,
      `将潜在供应商 ${second.code} Newcomer Metals again 提交审核`,
      `创建了潜在供应商 ${second.code} Newcomer Metals again`,
    ]);
  });

  it('a failed audit rejects the prospect, which may be improved and submitted again', async () => {
    const p = await createProspect();
    await buyer.post(`${BASE}/${p.id}/actions/submit`);
    const noComment = await buyer.post(`${BASE}/${p.id}/audits`, { result: 'fail', score: 40 });
    expect(noComment.statusCode).toBe(400);
    const failed = await buyer.post(`${BASE}/${p.id}/audits`, { result: 'fail', score: 40, comment: 'No test lab' });
    expect(failed.json().data.auditState).toBe(PROSPECT_STATE.REJECTED);
    const edited = await buyer.put(`${BASE}/${p.id}`, {
      ...PROSPECT,
      productDescription: 'Die castings; test lab since May',
      version: failed.json().data.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await buyer.post(`${BASE}/${p.id}/actions/submit`)).json().data.auditState).toBe(
      PROSPECT_STATE.UNDER_AUDIT,
    );
    expect((await buyer.post(`${BASE}/${p.id}/actions/recall`)).json().data.auditState).toBe(PROSPECT_STATE.NEW);
  });

  it('refuses steps out of order', async () => {
    const p = await createProspect();
    const audit = await buyer.post(`${BASE}/${p.id}/audits`, { result: 'pass', score: 90 });
    expect(audit.statusCode).toBe(409);
    expect(audit.json().errorCode).toBe('PROSPECT_STATE_CHANGED');
    expect((await buyer.post(`${BASE}/${p.id}/convert`)).statusCode).toBe(409);
    expect((await buyer.post(`${BASE}/${p.id}/actions/recall`)).statusCode).toBe(409);
    expect((await buyer.post(`${BASE}/${p.id}/actions/approve`)).statusCode).toBe(400);
  });

  it('two concurrent audits: one 200, one 409, one audit row', async () => {
    const p = await createProspect();
    await buyer.post(`${BASE}/${p.id}/actions/submit`);
    const results = await Promise.all([
      buyer.post(`${BASE}/${p.id}/audits`, { result: 'pass', score: 80 }),
      buyer.post(`${BASE}/${p.id}/audits`, { result: 'fail', score: 20, comment: 'no' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audits = await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
      tx
        .select({ n: count() })
        .from(supplierAudits)
        .where(and(eq(supplierAudits.tenantId, world.tenants.huaxin), eq(supplierAudits.potentialSupplierId, p.id))),
    );
    expect(audits[0]!.n).toBe(1);
  });

  it('two concurrent conversions make one invitation', async () => {
    const p = await approved({ email: 'twice@once.example', mobile: '' });
    const results = await Promise.all([buyer.post(`${BASE}/${p.id}/convert`), buyer.post(`${BASE}/${p.id}/convert`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const made = await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
      tx
        .select({ n: count() })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, world.tenants.huaxin), eq(suppliers.contactEmail, 'twice@once.example'))),
    );
    expect(made[0]!.n).toBe(1);
  });
});

describe('validation, versions and access', () => {
  it('rejects invalid prospects and audits and changes nothing', async () => {
    const before = await countProspects();
    for (const body of [
      { ...PROSPECT, name: '' },
      { ...PROSPECT, contactName: '' },
      { ...PROSPECT, mobile: '', email: '' },
      { ...PROSPECT, mobile: '12345' },
      { ...PROSPECT, email: 'not-an-email' },
      { ...PROSPECT, compNo: '123' },
      { ...PROSPECT, supplierClassId: 'abc' },
      { ...PROSPECT, attachments: [{ name: 'x', url: 'javascript:alert(1)' }] },
    ]) {
      const res = await buyer.post(BASE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknownEnterprise = await buyer.post(BASE, { ...PROSPECT, compNo: '29999999' });
    expect(unknownEnterprise.json().errorCode).toBe('PARTNER_ENTERPRISE_NOT_FOUND');
    const unknownClass = await buyer.post(BASE, { ...PROSPECT, supplierClassId: newId() });
    expect(unknownClass.json().errorCode).toBe('PROSPECT_CLASS_NOT_FOUND');
    expect(await countProspects()).toBe(before);

    const p = await createProspect();
    await buyer.post(`${BASE}/${p.id}/actions/submit`);
    for (const body of [{ result: 'pass', score: 101 }, { result: 'maybe', score: 50 }, { result: 'pass' }]) {
      expect((await buyer.post(`${BASE}/${p.id}/audits`, body)).statusCode).toBe(400);
    }
    expect((await buyer.get(`${BASE}/${p.id}`)).json().data).toMatchObject({
      auditState: PROSPECT_STATE.UNDER_AUDIT,
      audits: [],
    });
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const p = await createProspect();
    expect((await buyer.put(`${BASE}/${p.id}`, { ...PROSPECT, name: 'First', version: p.version })).statusCode).toBe(
      200,
    );
    const stale = await buyer.put(`${BASE}/${p.id}`, { ...PROSPECT, name: 'Second', version: p.version });
    expect(stale.statusCode).toBe(409);
    expect((await buyer.get(`${BASE}/${p.id}`)).json().data.name).toBe('First');
  });

  it('another enterprise gets 404, a member without the codes 403', async () => {
    const p = await createProspect();
    const got = await outsider.get(`${BASE}/${p.id}`);
    expect(got.statusCode).toBe(404);
    expect(got.body).not.toContain(PROSPECT.name);
    expect((await outsider.post(`${BASE}/${p.id}/audits`, { result: 'pass', score: 90 })).statusCode).toBe(404);
    const list = (await outsider.post(`${BASE}/list`, {})).json().data;
    expect(list.totalCount).toBe(0);
    expect((await clerk.post(`${BASE}/list`, {})).statusCode).toBe(403);
    expect((await clerk.post(`${BASE}/${p.id}/audits`, { result: 'pass', score: 90 })).statusCode).toBe(403);
    expect((await as(t.app).get(`${BASE}/${p.id}`)).statusCode).toBe(401);
  });
});
