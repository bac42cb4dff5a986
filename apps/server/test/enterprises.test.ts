import { ALL_PERMISSIONS, addCalendarYears } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../src/platform/time.ts';
import { as, createTestContext, lastCode, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const PASSWORD = 'Quartz#Lantern42';
let mobileSeq = 13900000100;

/** Registers a fresh personal account through the public flow and returns its token. */
async function newUser(username: string): Promise<string> {
  const mobile = String(mobileSeq++);
  const anon = as(t.app);
  expect(
    (await anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`)).statusCode,
  ).toBe(200);
  const res = await anon.post('/gateway/admin/sysuserinfo/userRegister', {
    username,
    mobileArea: '+86',
    mobile,
    email: `${username}@example.test`,
    code: lastCode(t.sent, `+86${mobile}`),
    password: PASSWORD,
    password2: PASSWORD,
    agreement: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return login(t.app, username, PASSWORD);
}

const company = (name: string) => ({ name: `${name} Co., Ltd.`, shortName: name });

async function tenantOf(compNo: string): Promise<string> {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id::text from enterprises where comp_no = ${compNo}`,
  );
  return rows.rows[0].id;
}

describe('creating an enterprise', () => {
  it('makes the creator its administrator with an 8-digit number and a 6-digit invite code', async () => {
    const token = await newUser('founder');
    const before = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(before.isJoin).toBe(false);

    const res = await as(t.app, token).post('/gateway/admin/syscompanyinfo/compRegister', company('Founder Works'));
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created.compNo).toMatch(/^\d{8}$/);
    expect(created.inviteCode).toMatch(/^\d{6}$/);

    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(info.roles).toEqual(['ADMIN']);
    expect(info.isAdmin).toBe(true);
    expect(new Set(info.permissions)).toEqual(new Set(ALL_PERMISSIONS));
    expect(info.tenant).toMatchObject({ id: created.tenantId, compNo: created.compNo });
  });

  it('creates one enterprise for one Idempotency-Key and replies the same, also concurrently', async () => {
    const token = await newUser('retrier');
    const caller = as(t.app, token);
    const post = (key: string) =>
      caller.post('/gateway/admin/syscompanyinfo/compRegister', company('Retry Parts'), { 'idempotency-key': key });

    const first = await post('retry-1');
    const second = await post('retry-1');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const [a, b] = await Promise.all([post('retry-2'), post('retry-2')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());

    const count = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from enterprises where short_name = 'Retry Parts'`,
    );
    expect(count.rows[0].n).toBe(2);
    const mine = (await caller.get('/gateway/admin/sysuserinfo/myCompPage')).json().data;
    expect(mine).toHaveLength(2);
  });
});

describe('joining with an invite code', () => {
  it('finds an enterprise by its 8-digit number only', async () => {
    const token = await login(t.app, 'supplier');
    const caller = as(t.app, token);
    const found = await caller.get('/gateway/admin/syscompanyinfo/getCompForEmpInvite?sysCompNo=20260001');
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({
      name: '华信电子有限公司 Huaxin Electronics Co., Ltd.',
      shortName: '华信电子 Huaxin Electronics',
    });
    const missing = await caller.get('/gateway/admin/syscompanyinfo/getCompForEmpInvite?sysCompNo=99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('ENTERPRISE_NOT_FOUND');
    const short = await caller.get('/gateway/admin/syscompanyinfo/getCompForEmpInvite?sysCompNo=2026000');
    expect(short.statusCode).toBe(400);
  });

  it('refuses a wrong code, joins as operator with the right one, refuses a second join and tells the admins', async () => {
    const token = await newUser('joiner');
    const caller = as(t.app, token);
    const wrong = await caller.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260002',
      empInviteCode: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('INVITE_CODE_INVALID');

    const joined = await caller.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260002',
      empInviteCode: '260002',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toEqual({ tenantId: await tenantOf('20260002'), username: 'joiner' });
    const info = (await caller.get('/gateway/admin/user/info')).json().data;
    expect(info.roles).toEqual(['OPERATOR']);
    expect(info.isAdmin).toBe(false);

    const again = await caller.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260002',
      empInviteCode: '260002',
    });
    expect(again.statusCode).toBe(409);

    const admin = as(t.app, await login(t.app, 'supplier'));
    type Message = { title: string; content: string };
    const inbox = (await admin.get('/gateway/admin/message/myMsg?pageSize=100')).json().data.dataList as Message[];
    expect(inbox.some((m) => m.title.startsWith('joiner joined'))).toBe(true);
    // Stored as a text, read in the reader's language; only the names stay as they were written.
    const zh = (await admin.get('/gateway/admin/message/myMsg?pageSize=100', { 'accept-language': 'zh-CN' })).json()
      .data.dataList as Message[];
    const joinedNote = zh.find((m) => m.title.startsWith('joiner 加入了 深圳精密零件'));
    expect(joinedNote?.content).toBe('joiner 通过邀请码加入了企业。');
  });

  it('gives one 200 and one 409 when the same user joins twice at once', async () => {
    const caller = as(t.app, await newUser('doubler'));
    const join = () =>
      caller.post('/gateway/admin/sysuserinfo/acceptInvite', { sysCompNo: '20260001', empInviteCode: '260001' });
    const statuses = (await Promise.all([join(), join()])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it('locks a number after five wrong guesses, even for the right code', async () => {
    const token = await newUser('guesser');
    const caller = as(t.app, token);
    for (let i = 0; i < 5; i++) {
      const res = await caller.post('/gateway/admin/sysuserinfo/acceptInvite', {
        sysCompNo: '20260003',
        empInviteCode: `11111${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await caller.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260003',
      empInviteCode: '260003',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('several enterprises per user', () => {
  it('lists them with the first joined as default and switches with TENANT_ID', async () => {
    const token = await newUser('multi');
    const caller = as(t.app, token);
    await caller.post('/gateway/admin/sysuserinfo/acceptInvite', { sysCompNo: '20260001', empInviteCode: '260001' });
    await new Promise((r) => setTimeout(r, 5));
    const own = (await caller.post('/gateway/admin/syscompanyinfo/compRegister', company('Multi Trade'))).json().data;

    const list = (await caller.get('/gateway/admin/sysuserinfo/myCompPage')).json().data;
    const huaxin = await tenantOf('20260001');
    expect(list.map((e: { value: string; isDefault: boolean }) => [e.value, e.isDefault])).toEqual([
      [huaxin, true],
      [own.tenantId, false],
    ]);

    expect((await caller.get('/gateway/admin/user/info')).json().data.tenant.id).toBe(huaxin);
    const switched = (await as(t.app, token, own.tenantId).get('/gateway/admin/user/info')).json().data;
    expect(switched.tenant.id).toBe(own.tenantId);
    expect(switched.roles).toEqual(['ADMIN']);

    const foreign = await as(t.app, token, await tenantOf('20260003')).get('/gateway/admin/user/info');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errorCode).toBe('TENANT_FORBIDDEN');
  });
});

describe('enterprise information', () => {
  it('edits every field and capability, computing expiry for 1/3/5-year validity', async () => {
    const admin = as(t.app, await login(t.app, 'buyer'));
    const current = (await admin.get('/gateway/srm/enterprise')).json().data;
    expect(current.inviteCode).toBe('260001');
    const update = {
      version: current.version,
      name: 'Huaxin Holdings',
      shortName: 'Huaxin',
      profile: 'New profile',
      printName: 'Huaxin Print',
      socialCreditCode: '91441900MA4W7K2X3Q',
      industry: 'EMS',
      scale: current.scale,
      legalPerson: 'Wang',
      bankName: 'ICBC',
      bankAccount: '1234',
      contractTerms: 'Net 30',
      address: '东莞市松山湖工业南路 6 号',
      phone: '0769-2289 1000',
      isDataCentre: true,
      subsidiaries: ['Huaxin HK'],
      divisions: ['Boards'],
      rankTypes: ['first', 'last'],
      capabilities: [
        { number: 'C1', title: 'One year', validityType: '1' },
        { number: 'C3', title: 'Three years', validityType: '3', remark: 'r' },
        { number: 'C5', title: 'Five years', validityType: '5' },
        {
          number: 'CD',
          title: 'Dated',
          validityType: 'date',
          expiryDate: '2030-01-31',
          attachments: [{ name: 'a.pdf', url: '/x' }],
        },
      ],
    };
    const res = await admin.put('/gateway/srm/enterprise', update);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    const { version: _v, capabilities: _c, ...fields } = update;
    expect(saved).toMatchObject(fields);
    expect(saved.version).toBe(current.version + 1);
    // From today in the enterprise's zone.
    const inYears = (n: number) => addCalendarYears(dayIn(new Date(), saved.timeZone), n);
    expect(saved.capabilities.map((c: { number: string; expiryDate: string }) => [c.number, c.expiryDate])).toEqual([
      ['C1', inYears(1)],
      ['C3', inYears(3)],
      ['C5', inYears(5)],
      ['CD', '2030-01-31'],
    ]);
    expect((await admin.get('/gateway/srm/enterprise')).json().data).toEqual(saved);

    const undated = await admin.put('/gateway/srm/enterprise', {
      ...update,
      version: saved.version,
      capabilities: [{ number: 'X', title: 'x', validityType: 'date' }],
    });
    expect(undated.statusCode).toBe(400);
  });

  it('keeps the address and telephone printed on documents, refusing one too long', async () => {
    const admin = as(t.app, await login(t.app, 'supplier2'));
    const current = (await admin.get('/gateway/srm/enterprise')).json().data;
    expect(current.address).toBe('江苏省苏州市吴中区木渎镇金枫南路 88 号');
    expect(current.phone).toBe('0512-6651 2300');
    const { id: _i, compNo: _n, inviteCode: _code, createdAt: _at, ...editable } = current;
    const long = await admin.put('/gateway/srm/enterprise', { ...editable, address: 'x'.repeat(256) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.map((e: { path: string }) => e.path)).toEqual(['address']);
    const saved = await admin.put('/gateway/srm/enterprise', {
      ...editable,
      address: ' 苏州市金枫南路 88 号 ',
      phone: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ address: '苏州市金枫南路 88 号', phone: '' });
  });

  it('keeps the expiry of an unchanged capability when it is saved again', async () => {
    const admin = as(t.app, await login(t.app, 'supplier'));
    const current = (await admin.get('/gateway/srm/enterprise')).json().data;
    const iso = current.capabilities.find((c: { number: string }) => c.number === 'ISO9001');
    expect(iso.expiryDate).toBe('2027-08-14');
    const res = await admin.put('/gateway/srm/enterprise', { ...current, profile: 'edited' });
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json().data.capabilities.find((c: { number: string }) => c.number === 'ISO9001');
    expect(again).toEqual(iso);
  });

  it('refuses a stale version and changes nothing', async () => {
    const admin = as(t.app, await login(t.app, 'buyer'));
    const current = (await admin.get('/gateway/srm/enterprise')).json().data;
    const { id: _i, compNo: _n, inviteCode: _code, createdAt: _at, ...editable } = current;
    expect((await admin.put('/gateway/srm/enterprise', { ...editable, profile: 'first writer' })).statusCode).toBe(200);
    const stale = await admin.put('/gateway/srm/enterprise', {
      ...editable,
      profile: 'second writer',
      capabilities: [],
    });
    expect(stale.statusCode).toBe(409);
    const after = (await admin.get('/gateway/srm/enterprise')).json().data;
    expect(after.profile).toBe('first writer');
    expect(after.capabilities).toEqual(current.capabilities);
  });

  it('lets members read but not edit, and hides the invite code from them', async () => {
    const clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    const read = await clerk.get('/gateway/srm/enterprise');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.inviteCode).toBeNull();
    const { id: _i, compNo: _n, inviteCode: _code, createdAt: _at, ...editable } = read.json().data;
    expect((await clerk.put('/gateway/srm/enterprise', { ...editable, profile: 'clerk' })).statusCode).toBe(403);
    expect((await clerk.post('/gateway/srm/enterprise/actions/rotate-invite-code')).statusCode).toBe(403);
  });

  it('rotates the invite code so the old one stops working', async () => {
    const founder = as(t.app, await newUser('rotator'));
    const created = (await founder.post('/gateway/admin/syscompanyinfo/compRegister', company('Rotor'))).json().data;
    const rotated = await founder.post('/gateway/srm/enterprise/actions/rotate-invite-code');
    expect(rotated.statusCode).toBe(200);
    const code = rotated.json().data.inviteCode;
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe(created.inviteCode);
    expect((await founder.get('/gateway/srm/enterprise')).json().data.inviteCode).toBe(code);

    const caller = as(t.app, await newUser('latecomer'));
    const join = (empInviteCode: string) =>
      caller.post('/gateway/admin/sysuserinfo/acceptInvite', { sysCompNo: created.compNo, empInviteCode });
    expect((await join(created.inviteCode)).statusCode).toBe(400);
    expect((await join(code)).statusCode).toBe(200);
  });
});

describe('operation logs', () => {
  it('records enterprise edits with a summary of the changed fields and filters them', async () => {
    const admin = as(t.app, await login(t.app, 'buyer'));
    const current = (await admin.get('/gateway/srm/enterprise')).json().data;
    const started = new Date(Date.now() - 1000).toISOString();
    const { id: _i, compNo: _n, inviteCode: _code, createdAt: _at, ...editable } = current;
    await admin.put('/gateway/srm/enterprise', { ...editable, industry: 'Audit trail' });

    const list = (body: object) => admin.post('/gateway/srm/operation-logs/list', body);
    const updates = await list({ filter: { username: 'buy', operationType: 15, from: started } });
    expect(updates.statusCode, updates.body).toBe(200);
    const [latest] = updates.json().data.dataList;
    expect(latest.summary).toMatch(/^Updated the enterprise information: /);
    expect(latest.summary).toContain('industry: ');
    expect(latest.summary).toContain('→ Audit trail');
    expect(latest.summary).not.toContain('profile');
    expect(latest.username).toBe('buyer');
    const zh = await admin.post(
      '/gateway/srm/operation-logs/list',
      { filter: { username: 'buy', operationType: 15, from: started } },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.json().data.dataList[0].summary).toMatch(/^修改了企业信息：.*→ Audit trail/);

    const nobody = (await list({ filter: { username: 'supplier' } })).json().data;
    expect(nobody).toEqual({ dataList: [], totalCount: 0 });
    const future = (await list({ filter: { from: new Date(Date.now() + 60_000).toISOString() } })).json().data;
    expect(future.totalCount).toBe(0);

    const injected = await list({ orderParam: [{ fieldName: 'id; drop table users', asc: true }] });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().data.totalCount).toBeGreaterThan(0);
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toMatchObject({ n: expect.any(Number) });

    // The clerk's position grants CF_LOG but not staff management (seed/positions.ts).
    const clerk = as(t.app, await login(t.app, 'buyer.clerk'));
    expect((await clerk.post('/gateway/srm/operation-logs/list', {})).statusCode).toBe(200);
    expect((await clerk.post('/gateway/srm/employees/list', {})).statusCode).toBe(403);
  });
});
