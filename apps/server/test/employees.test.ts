import type { AddressInfo } from 'node:net';
import { type EmployeeDetail, type EmployeeItem, MEMBER_STATUS, renderText, type TextRef } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '../src/platform/tokens.ts';
import { as, type Caller, createTestContext, lastCode, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let huaxin: string;
const PASSWORD = 'Quartz#Lantern42';
let mobileSeq = 13900000200;

async function tenantOf(compNo: string): Promise<string> {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id::text from enterprises where comp_no = ${compNo}`,
  );
  return rows.rows[0].id;
}

/** Registers a personal account through the public flow; returns its token. */
async function newUser(username: string, email: string, mobile = String(mobileSeq++)): Promise<string> {
  const anon = as(t.app);
  expect(
    (await anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`)).statusCode,
  ).toBe(200);
  const res = await anon.post('/gateway/admin/sysuserinfo/userRegister', {
    username,
    mobileArea: '+86',
    mobile,
    email,
    code: lastCode(t.sent, `+86${mobile}`),
    password: PASSWORD,
    password2: PASSWORD,
    agreement: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return login(t.app, username, PASSWORD);
}

/** The invitation token in the last message sent to a recipient. */
function invitationToken(recipient: string): string {
  const message = [...t.sent].reverse().find((m) => m.recipient === recipient);
  const token = message?.body.match(/[?&]invitation=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation sent to ${recipient}`);
  return token;
}

async function invite(body: Record<string, unknown>, headers?: Record<string, string>): Promise<EmployeeItem> {
  const res = await buyer.post('/gateway/srm/employees', body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function detail(id: string): Promise<EmployeeDetail> {
  const res = await buyer.get(`/gateway/srm/employees/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function listBy(filter: Record<string, unknown>): Promise<EmployeeItem[]> {
  const res = await buyer.post('/gateway/srm/employees/list', { filter, pageParam: { pageNum: 1, pageSize: 100 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dataList;
}

const action = (caller: Caller, id: string, name: string) =>
  caller.post(`/gateway/srm/employees/${id}/actions/${name}`, {});

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
}

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = as(t.app, await login(t.app, 'buyer'));
  huaxin = await tenantOf('20260001');
});
afterAll(() => t.close());

describe('the staff list', () => {
  it('shows the seeded staff in every status with departments and ERP codes', async () => {
    const all = await listBy({});
    const byName = (prefix: string) => all.find((e) => e.name.startsWith(prefix))!;
    expect(byName('王建华')).toMatchObject({
      status: MEMBER_STATUS.JOINED,
      isAdmin: true,
      deptName: '总经办 General Office',
    });
    expect(byName('李晓梅')).toMatchObject({
      status: MEMBER_STATUS.JOINED,
      erpCode: 'E0102',
      platformNo: 'buyer.clerk',
    });
    expect(byName('张伟')).toMatchObject({ status: MEMBER_STATUS.IN_PROGRESS, email: 'zhang.wei@huaxin.example' });
    expect(byName('刘洋').status).toBe(MEMBER_STATUS.NOT_JOINED);
    expect(byName('赵敏').status).toBe(MEMBER_STATUS.INVALID);
    expect(byName('孙磊').status).toBe(MEMBER_STATUS.RESIGNATION_UNBINDING);
    expect((await listBy({ status: MEMBER_STATUS.NOT_JOINED })).map((e) => e.name)).toEqual(['刘洋 Liu Yang']);
    expect((await listBy({ mobile: '13800000002' })).map((e) => e.platformNo)).toEqual(['buyer.clerk']);
  });

  it('filters by a department and its sub-departments', async () => {
    const tree = (await buyer.get('/gateway/srm/departments/tree')).json().data;
    const purchasing = tree[0].children.find((d: { deptCode: string }) => d.deptCode === 'PUR');
    const names = (await listBy({ deptId: purchasing.id })).map((e) => e.erpName).sort();
    expect(names).toEqual(['孙磊', '李晓梅']);
  });
});

describe('inviting and joining', () => {
  it('validates the contact: a mobile or an e-mail, each well formed (spec §5)', async () => {
    for (const body of [{ name: 'Nobody' }, { mobile: '12345' }, { email: 'not-an-email' }, { mobile: '1380000' }]) {
      const res = await buyer.post('/gateway/srm/employees', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses to invite someone already on the staff', async () => {
    const res = await buyer.post('/gateway/srm/employees', { mobileArea: '+86', mobile: '13800000002' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('EMPLOYEE_EXISTS');
  });

  it('invites by e-mail with a hashed single-use token; the invitee joins with the link and works there', async () => {
    const sentBefore = t.sent.length;
    const body = { name: '吴芳 Wu Fang', email: 'Wu.Fang@Example.test', erpCode: 'E0601' };
    const invited = await invite(body, { 'idempotency-key': 'invite-wu' });
    expect(invited).toMatchObject({ status: MEMBER_STATUS.IN_PROGRESS, email: 'wu.fang@example.test', userId: null });
    const replay = await invite(body, { 'idempotency-key': 'invite-wu' });
    expect(replay.id).toBe(invited.id);
    expect(t.sent.length).toBe(sentBefore + 1);

    const token = invitationToken('wu.fang@example.test');
    expect(t.sent.at(-1)!.body).toContain(`${t.config.publicUrl}/profile/index?invitation=${token}`);
    const stored = await t.database.db.execute<{ token_hash: string; days: number }>(
      sql`select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days
            from employee_invitations where employee_id = ${invited.id}`,
    );
    expect(stored.rows).toEqual([{ token_hash: hashToken(token), days: 7 }]);

    const wuToken = await newUser('wufang', 'wu.fang@example.test');
    const wu = as(t.app, wuToken);
    const mine = (await wu.get('/gateway/srm/employees/my-invitations')).json().data;
    expect(mine).toEqual([expect.objectContaining({ enterpriseId: huaxin, compNo: '20260001' })]);
    const preview = await wu.post('/gateway/srm/employees/invitations/preview', { token });
    expect(preview.json().data.enterpriseName).toContain('Huaxin');

    const accepted = await wu.post('/gateway/srm/employees/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({ tenantId: huaxin, username: 'wufang' });

    const member = as(t.app, wuToken, huaxin);
    expect((await member.get('/gateway/srm/departments/tree')).statusCode).toBe(200);
    expect((await member.get('/gateway/admin/user/info')).json().data.tenant.id).toBe(huaxin);
    expect(await detail(invited.id)).toMatchObject({
      status: MEMBER_STATUS.JOINED,
      platformNo: 'wufang',
      erpCode: 'E0601',
      name: '吴芳 Wu Fang',
      invitationExpiresAt: null,
    });
    expect((await wu.get('/gateway/srm/employees/my-invitations')).json().data).toEqual([]);

    // Single use: neither the invitee again nor anyone else holding the link gets in with it.
    const again = await wu.post('/gateway/srm/employees/invitations/accept', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorCode).toBe('INVITATION_INVALID');
    const otherToken = await newUser('linkholder', 'holder@example.test');
    const other = await as(t.app, otherToken).post('/gateway/srm/employees/invitations/accept', { token });
    expect(other.json().errorCode).toBe('INVITATION_INVALID');
  });

  it('accepts by invitation id only for the mobile or e-mail it was addressed to', async () => {
    const mobile = '13911112222';
    const invited = await invite({ name: 'Mobile invitee', mobileArea: '+86', mobile });
    expect(t.sent.at(-1)).toMatchObject({ channel: 'sms', recipient: `+86${mobile}` });
    const strangerToken = await newUser('stranger', 'stranger@example.test');
    const [row] = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text from employee_invitations where employee_id = ${invited.id}`,
      )
    ).rows;
    const stranger = await as(t.app, strangerToken).post('/gateway/srm/employees/invitations/accept', {
      invitationId: row.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errorCode).toBe('INVITATION_INVALID');
    expect((await as(t.app, strangerToken).get('/gateway/srm/employees/my-invitations')).json().data).toEqual([]);

    const inviteeToken = await newUser('mobileinvitee', 'mobileinvitee@example.test', mobile);
    const invitee = as(t.app, inviteeToken);
    const mine = (await invitee.get('/gateway/srm/employees/my-invitations')).json().data;
    expect(mine.map((i: { id: string }) => i.id)).toEqual([row.id]);
    const accepted = await invitee.post('/gateway/srm/employees/invitations/accept', { invitationId: row.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await detail(invited.id)).status).toBe(MEMBER_STATUS.JOINED);
  });

  it('revokes, expires and resends invitations; only the newest open link works', async () => {
    const invited = await invite({ email: 'later@example.test' });
    const first = invitationToken('later@example.test');
    const revoked = await action(buyer, invited.id, 'revoke');
    expect(revoked.json().data.status).toBe(MEMBER_STATUS.INVALID);
    expect((await action(buyer, invited.id, 'revoke')).json().errorCode).toBe('EMPLOYEE_STATUS_CHANGED');

    const laterToken = await newUser('later', 'later@example.test');
    const later = as(t.app, laterToken);
    expect((await later.post('/gateway/srm/employees/invitations/accept', { token: first })).statusCode).toBe(404);

    const resent = await action(buyer, invited.id, 'resend');
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.status).toBe(MEMBER_STATUS.IN_PROGRESS);
    const second = invitationToken('later@example.test');
    expect(second).not.toBe(first);

    await t.database.db.execute(
      sql`update employee_invitations set expires_at = now() - interval '1 day' where employee_id = ${invited.id}`,
    );
    expect((await detail(invited.id)).status).toBe(MEMBER_STATUS.NOT_JOINED);
    expect((await later.post('/gateway/srm/employees/invitations/accept', { token: second })).statusCode).toBe(404);

    await action(buyer, invited.id, 'resend');
    const third = invitationToken('later@example.test');
    expect((await later.post('/gateway/srm/employees/invitations/accept', { token: second })).statusCode).toBe(404);
    expect((await later.post('/gateway/srm/employees/invitations/accept', { token: third })).statusCode).toBe(200);
  });

  it('writes the invitation in the invitee’s chosen language, else in the inviter’s, and logs it as a text', async () => {
    await invite({ email: 'stranger.tw@example.test' }, { 'accept-language': 'zh-TW' });
    const toStranger = t.sent.at(-1)!;
    expect(toStranger.subject).toMatch(/^邀請您在 Concord SRM 上加入 \S/);
    expect(toStranger.body).toMatch(
      / 邀請您在 Concord SRM 上加入 .+。請在 7 天內開啟 http\S+，登入（或註冊）後接受邀請。$/,
    );

    const readerToken = await newUser('zhreader', 'zh.reader@example.test');
    const chosen = await as(t.app, readerToken).post('/gateway/admin/user/settings', { language: 'zh-CN' });
    expect(chosen.json().data.language).toBe('zh-CN');
    const invited = await invite({ email: 'zh.reader@example.test' }, { 'accept-language': 'en-US' });
    expect(t.sent.at(-1)!.subject).toMatch(/^邀请您在 Concord SRM 上加入 \S/);

    const logs = await buyer.post(
      '/gateway/srm/operation-logs/list',
      { filter: { module: 'staff' }, pageParam: { pageNum: 1, pageSize: 100 } },
      { 'accept-language': 'zh-CN' },
    );
    const rows = logs.json().data.dataList as { targetId: string; summary: string }[];
    expect(rows.find((r) => r.targetId === invited.id)?.summary).toBe('邀请了 zh.reader@example.test');
  });
});

describe('editing an employee', () => {
  let clerkId: string;
  let positionId: string;
  beforeAll(async () => {
    clerkId = (await listBy({ name: 'buyer.clerk' }))[0].id;
    positionId = '900000000000000001';
    await t.database.db.execute(
      sql`insert into positions (tenant_id, id, code, name) values (${huaxin}, ${positionId}, 'T-INSP', 'Test inspector')`,
    );
  });

  it('saves ERP code and name, department, remarks, positions and partner permissions, and logs them', async () => {
    const before = await detail(clerkId);
    const tree = (await buyer.get('/gateway/srm/departments/tree')).json().data;
    const quality = tree[0].children.find((d: { deptCode: string }) => d.deptCode === 'QC');
    const res = await buyer.put(`/gateway/srm/employees/${clerkId}`, {
      version: before.version,
      erpCode: 'E0199',
      erpName: '李晓梅 (QC)',
      deptId: quality.id,
      remarks: 'Moved to quality',
      positionIds: [...before.positions.map((p) => p.id), positionId],
      partners: [
        { compNo: '20260002', supplier: true, client: false },
        { compNo: '20260003', supplier: true, client: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: EmployeeDetail = res.json().data;
    expect(after).toMatchObject({ erpCode: 'E0199', deptName: '质量部 Quality', version: before.version + 1 });
    expect(after.positions.map((p) => p.id)).toContain(positionId);
    expect(after.partners).toEqual([
      expect.objectContaining({ compNo: '20260002', supplier: true, client: false }),
      expect.objectContaining({ compNo: '20260003', supplier: true, client: true }),
    ]);
    const logged = await t.database.db.execute<{ summary: TextRef }>(
      sql`select summary from operation_logs where module = 'staff' and target_id = ${clerkId} order by id desc limit 1`,
    );
    const summary = logged.rows[0]!.summary;
    expect(summary).toMatchObject({
      key: 'employees.updated',
      params: { name: after.name, changes: expect.stringContaining('erpCode: E0102 → E0199') },
    });
    expect(renderText(summary, 'zh-CN').startsWith(`修改了员工 ${after.name}：`)).toBe(true);

    const stale = await buyer.put(`/gateway/srm/employees/${clerkId}`, { ...before, positionIds: [], partners: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
  });

  it('R-04: a staff form read before the position screen changed the employee’s holders gets 409, losing nothing', async () => {
    const loaded = await detail(clerkId);
    const position = (await buyer.get(`/gateway/srm/positions/${positionId}`)).json().data;
    const holderIds = position.holders.map((h: { id: string }) => h.id);
    const next = holderIds.includes(clerkId)
      ? holderIds.filter((id: string) => id !== clerkId)
      : [...holderIds, clerkId];
    const fromPositions = await buyer.put(`/gateway/srm/positions/${positionId}/holders`, {
      employeeIds: next,
      version: position.version,
    });
    expect(fromPositions.statusCode, fromPositions.body).toBe(200);
    const heldNow = (await detail(clerkId)).positions.map((p) => p.id);
    expect(heldNow.includes(positionId)).toBe(next.includes(clerkId));

    const stale = await buyer.put(`/gateway/srm/employees/${clerkId}`, { ...loaded, remarks: 'stale form' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    const after = await detail(clerkId);
    expect(after.positions.map((p) => p.id)).toEqual(heldNow);
    expect(after.remarks).toBe(loaded.remarks);
    expect(after.version).toBe(loaded.version + 1);
  });

  it('refuses unknown or foreign positions, departments and partners', async () => {
    const current = await detail(clerkId);
    const base = { ...current, positionIds: [], partners: [] };
    const supplierTenant = await tenantOf('20260002');
    const foreignDept = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text from departments where tenant_id = ${supplierTenant} limit 1`,
      )
    ).rows[0].id;
    const cases: [Record<string, unknown>, string][] = [
      [{ positionIds: ['123456789'] }, 'EMPLOYEE_POSITION_NOT_FOUND'],
      [{ deptId: foreignDept }, 'DEPT_NOT_FOUND'],
      [{ partners: [{ compNo: '20260001', supplier: true, client: false }] }, 'PARTNER_IS_SELF'],
      [{ partners: [{ compNo: '99999999', supplier: true, client: false }] }, 'PARTNER_ENTERPRISE_NOT_FOUND'],
    ];
    for (const [patch, code] of cases) {
      const res = await buyer.put(`/gateway/srm/employees/${clerkId}`, { ...base, ...patch });
      expect(res.json().errorCode, code).toBe(code);
    }
    expect((await detail(clerkId)).version).toBe(current.version);
  });
});

describe('leaving the enterprise', () => {
  it('revokes access at once: the next request is refused and the open websocket closes with 4401', async () => {
    const invited = await invite({ email: 'leaver@example.test' });
    const leaverToken = await newUser('leaver', 'leaver@example.test');
    const token = invitationToken('leaver@example.test');
    expect((await as(t.app, leaverToken).post('/gateway/srm/employees/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    const member = as(t.app, leaverToken, huaxin);
    expect((await member.get('/gateway/srm/departments/tree')).statusCode).toBe(200);

    const { port } = t.app.server.address() as AddressInfo;
    const ws = await connect(
      `ws://127.0.0.1:${port}/gateway/admin/ws/info?access_token=${leaverToken}&TENANT_ID=${huaxin}`,
    );
    const closed = closeCode(ws);

    const left = await buyer.post(`/gateway/srm/employees/${invited.id}/leave`, {});
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.status).toBe(MEMBER_STATUS.QUIT);
    expect(await closed).toBe(4401);
    const refused = await member.get('/gateway/srm/departments/tree');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('TENANT_FORBIDDEN');
    await expect(
      connect(`ws://127.0.0.1:${port}/gateway/admin/ws/info?access_token=${leaverToken}&TENANT_ID=${huaxin}`),
    ).rejects.toThrow();

    // Unbinding later releases the account from the record; a new invitation brings the person back.
    const unbound = await buyer.post(`/gateway/srm/employees/${invited.id}/leave`, { unbind: true });
    expect(unbound.json().data).toMatchObject({ status: MEMBER_STATUS.RESIGNATION_UNBINDING, userId: null });
    await action(buyer, invited.id, 'resend');
    const back = await as(t.app, leaverToken).post('/gateway/srm/employees/invitations/accept', {
      token: invitationToken('leaver@example.test'),
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await member.get('/gateway/srm/departments/tree')).statusCode).toBe(200);
  });

  it('keeps the last administrator', async () => {
    const admin = (await listBy({ name: 'buyer' })).find((e) => e.isAdmin)!;
    const res = await buyer.post(`/gateway/srm/employees/${admin.id}/leave`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('LAST_ADMIN');
    expect((await detail(admin.id)).status).toBe(MEMBER_STATUS.JOINED);
  });
});

describe('tenancy and permissions', () => {
  it('answers another enterprise’s employee id exactly like a missing one (T-01, T-10)', async () => {
    const supplier = as(t.app, await login(t.app, 'supplier'));
    const clerk = (await listBy({ name: 'buyer.clerk' }))[0];
    for (const id of [clerk.id, '123456789012345']) {
      const answers = [
        await supplier.get(`/gateway/srm/employees/${id}`),
        await supplier.put(`/gateway/srm/employees/${id}`, { version: 1, remarks: 'x' }),
        await action(supplier, id, 'quit'),
        await supplier.post(`/gateway/srm/employees/${id}/leave`, {}),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ code: 1, msg: 'The resource does not exist', errorCode: 'NOT_FOUND' });
      }
    }
    expect((await detail(clerk.id)).status).toBe(MEMBER_STATUS.JOINED);
  });

  it('refuses a member without CF_EMP_MGT_01 on every staff-management route (T-04)', async () => {
    const clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    const someone = (await listBy({ name: '张伟' }))[0];
    const answers = [
      await clerk.post('/gateway/srm/employees/list', {}),
      await clerk.get(`/gateway/srm/employees/${someone.id}`),
      await clerk.post('/gateway/srm/employees', { email: 'x@example.test' }),
      await clerk.put(`/gateway/srm/employees/${someone.id}`, { version: 1 }),
      await action(clerk, someone.id, 'revoke'),
      await clerk.post(`/gateway/srm/employees/${someone.id}/leave`, {}),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().errorCode).toBe('FORBIDDEN');
    }
    expect((await clerk.get('/gateway/srm/employees/my-invitations')).statusCode).toBe(200);
    expect((await detail(someone.id)).status).toBe(MEMBER_STATUS.IN_PROGRESS);
  });
});
