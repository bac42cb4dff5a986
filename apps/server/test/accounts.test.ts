import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../src/app.ts';
import { PER_ACCOUNT, PER_CLIENT } from '../src/modules/accounts/accounts.service.ts';
import { as, createTestContext, DEMO_PASSWORD, lastCode, login, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const TOKEN_URL = '/gateway/auth/oauth/token?grant_type=password&scope=server';

function tokenRequest(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: TOKEN_URL, payload: { username, password, isPhone: 'false' } });
}

/** Same request as a browser form post, so the password travels exactly as typed. */
function formTokenRequest(username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, isPhone: 'false' }).toString(),
  });
}

async function userRow(username: string) {
  const res = await t.database.db.execute<{ id: string; status: number }>(
    sql`select id::text, status from users where username = ${username}`,
  );
  return res.rows[0];
}

/** Stops the clock the server reads (only Date: timers and I/O run on), so delays are exact to the second. */
function freezeTime(): number {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return now;
}

async function countUsers() {
  const res = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return res.rows[0].n;
}

let mobileSeq = 0;
function nextMobile() {
  mobileSeq += 1;
  return `1390000${String(mobileSeq).padStart(4, '0')}`;
}

function registration(username: string, mobile: string, password: string) {
  return {
    username,
    mobileArea: '+86',
    mobile,
    email: `${username}@example.com`,
    code: '',
    password,
    password2: password,
    agreement: true,
  };
}

/** Registers a fresh account through the public flow and returns its username. */
async function registerAccount(username: string, password = 'Fresh#Pass2026') {
  const mobile = nextMobile();
  const sent = await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
  expect(sent.statusCode).toBe(200);
  const body = { ...registration(username, mobile, password), code: lastCode(t.sent, `+86${mobile}`) };
  const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body);
  expect(res.statusCode, res.body).toBe(200);
  return { username, mobile, password, email: body.email };
}

describe('registration', () => {
  it('sends a code, registers, and the new account logs in', async () => {
    const before = await countUsers();
    const mobile = nextMobile();
    const sent = await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    expect(sent.json()).toMatchObject({ code: 0, msg: 'The verification code has been sent' });
    expect(t.sent.at(-1)).toMatchObject({ channel: 'sms', recipient: `+86${mobile}` });
    const body = { ...registration('newcomer', mobile, 'Newcomer#2026'), code: lastCode(t.sent, `+86${mobile}`) };
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ username: 'newcomer' });
    expect(typeof res.json().data.userId).toBe('string');
    expect(await countUsers()).toBe(before + 1);
    const token = await login(t.app, 'newcomer', 'Newcomer#2026');
    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(info.sysUser).toMatchObject({ username: 'newcomer', phone: mobile, email: 'newcomer@example.com' });
    expect(info.isJoin).toBe(false);
  });

  it.each<[string, { username?: string; mobile?: string; email?: string }, string]>([
    ['username', { username: 'buyer' }, 'Username'],
    ['mobile', { mobile: '13800000001' }, 'Mobile'],
    ['email', { email: 'buyer@huaxin.example' }, 'E-mail'],
  ])('refuses a duplicate %s with 409 DUPLICATE and creates nothing', async (path, override, field) => {
    const mobile = override.mobile ?? nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const before = await countUsers();
    const body = {
      ...registration(`dup${mobileSeq}`, mobile, 'Unique#Pass2026'),
      ...override,
      code: lastCode(t.sent, `+86${mobile}`),
    };
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body);
    expect(res.statusCode).toBe(409);
    const msg = `${field} is already in use`;
    expect(res.json()).toMatchObject({ code: 1, errorCode: 'DUPLICATE', msg, data: [{ path, message: msg }] });
    expect(await countUsers()).toBe(before);
  });

  it('names the taken field in the reader’s language', async () => {
    const mobile = nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const body = { ...registration('buyer', mobile, 'Unique#Pass2026'), code: lastCode(t.sent, `+86${mobile}`) };
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body, { 'accept-language': 'zh-TW' });
    expect(res.json()).toMatchObject({ errorCode: 'DUPLICATE', msg: '使用者名稱已被使用' });
  });

  it('treats a username differing only in case as a duplicate', async () => {
    const mobile = nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const body = { ...registration('BUYER', mobile, 'Unique#Pass2026'), code: lastCode(t.sent, `+86${mobile}`) };
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body);
    expect(res.json().errorCode).toBe('DUPLICATE');
  });

  it('refuses a password without an uppercase letter with a localized validation message', async () => {
    const body = { ...registration('lowercase', nextMobile(), 'onlylower123'), code: '123456' };
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', body, {
      cookie: 'pro__language=zh-CN',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    expect(res.json().data).toContainEqual({ path: 'password', message: '至少 8 位，包含小写字母、大写字母和数字' });
  });

  it('refuses a very common password with PASSWORD_WEAK and keeps the code usable', async () => {
    const mobile = nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const code = lastCode(t.sent, `+86${mobile}`);
    const weak = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...registration('commonpw', mobile, 'Password123'),
      code,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errorCode).toBe('PASSWORD_WEAK');
    const strong = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...registration('commonpw', mobile, 'Uncommon#Pass2026'),
      code,
    });
    expect(strong.statusCode).toBe(200);
  });

  it('requires the agreement and two equal passwords', async () => {
    const base = { ...registration('agreeless', nextMobile(), 'Agree#Pass2026'), code: '123456' };
    const noAgreement = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', { ...base, agreement: false });
    expect(noAgreement.statusCode).toBe(400);
    expect(noAgreement.json().data).toContainEqual({
      path: 'agreement',
      message: 'Please read and accept the agreement',
    });
    const mismatch = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...base,
      password2: 'Agree#Pass2027',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().data).toContainEqual({ path: 'password2', message: 'The two passwords do not match' });
  });

  it('refuses a wrong registration code and creates nothing', async () => {
    const mobile = nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const right = lastCode(t.sent, `+86${mobile}`);
    const wrong = right === '000000' ? '111111' : '000000';
    const before = await countUsers();
    const res = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...registration('wrongcode', mobile, 'Wrong#Code2026'),
      code: wrong,
    });
    expect(res.statusCode).toBe(428);
    expect(res.json().errorCode).toBe('BAD_CODE');
    expect(await countUsers()).toBe(before);
  });
});

describe('registration without enumeration (issue 14 item 5)', () => {
  it('checks the code before telling whether a user name, mobile or e-mail is taken', async () => {
    for (const taken of [{ username: 'buyer' }, { email: 'buyer@huaxin.example' }, { mobile: '13800000001' }]) {
      const mobile = taken.mobile ?? nextMobile();
      const before = await countUsers();
      const guessed = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
        ...registration(`probe${mobileSeq}`, mobile, 'Probe#Pass2026'),
        ...taken,
        code: '123456',
      });
      expect(guessed.statusCode, JSON.stringify(taken)).toBe(428);
      expect(guessed.json().errorCode).toBe('BAD_CODE');
      expect(await countUsers()).toBe(before);
    }
  });

  it('spends the code on a taken name, so each answer costs a code sent to a number the caller holds', async () => {
    const mobile = nextMobile();
    await as(t.app).get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
    const code = lastCode(t.sent, `+86${mobile}`);
    const taken = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...registration('buyer', mobile, 'Probe#Pass2026'),
      code,
    });
    expect(taken.json().errorCode).toBe('DUPLICATE');
    const next = await as(t.app).post('/gateway/admin/sysuserinfo/userRegister', {
      ...registration('buyer.clerk', mobile, 'Probe#Pass2026'),
      code,
    });
    expect(next.json().errorCode).toBe('BAD_CODE');
  });
});

describe('token endpoint', () => {
  it.each([
    ['username', 'buyer'],
    ['mobile', '13800000001'],
    ['e-mail', 'buyer@huaxin.example'],
    ['e-mail in other case', 'Buyer@Huaxin.Example'],
  ])('logs in by %s', async (_kind, account) => {
    const res = await tokenRequest(account, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', scope: 'server' });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.expires_in).toBeGreaterThan(0);
    const info = (await as(t.app, body.access_token).get('/gateway/admin/user/info')).json().data;
    expect(info.sysUser.username).toBe('buyer');
  });

  it('answers user info with permissions, roles and the user', async () => {
    const token = await login(t.app, 'buyer');
    const res = await as(t.app, token).get('/gateway/admin/user/info');
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info.sysUser.username).toBe('buyer');
    expect(info.permissions.length).toBeGreaterThan(0);
    expect(info.roles).toEqual(['ADMIN']);
    expect(info.isAdmin).toBe(true);
    expect(info.isJoin).toBe(true);
    expect(info.tenant).toMatchObject({ compNo: expect.stringMatching(/^\d{8}$/) });
    const joined = await as(t.app, token).get('/gateway/admin/sysuserinfo/userIsJoinComp');
    expect(joined.json().data).toEqual({ isJoin: true });
  });

  it('refuses the token with 424 after logout', async () => {
    const token = await login(t.app, 'buyer');
    const other = await login(t.app, 'buyer');
    expect((await as(t.app, token).get('/gateway/auth/token/logout')).statusCode).toBe(200);
    const after = await as(t.app, token).get('/gateway/admin/user/info');
    expect(after.statusCode).toBe(424);
    expect(after.json().errorCode).toBe('LOGIN_EXPIRED');
    // Logout ends this session only.
    expect((await as(t.app, other).get('/gateway/admin/user/info')).statusCode).toBe(200);
  });

  it('answers 401 without a token and 424 for an unknown or altered token', async () => {
    expect((await as(t.app).get('/gateway/admin/user/info')).statusCode).toBe(401);
    const token = await login(t.app, 'buyer');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await as(t.app, altered).get('/gateway/admin/user/info')).statusCode).toBe(424);
  });

  it('S-01: stores scrypt hashes only, never the password', async () => {
    const rows = await t.database.db.execute<{ username: string; password_hash: string }>(
      sql`select username, password_hash from users where password_hash is not null`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows.rows) expect(row.password_hash, row.username).toMatch(/^scrypt\$/);
    const everything = await t.database.db.execute<{ row: string }>(sql`select u::text as row from users u`);
    for (const { row } of everything.rows) expect(row).not.toContain(DEMO_PASSWORD);
    const codes = await t.database.db.execute<{ row: string }>(sql`select v::text as row from verification_codes v`);
    for (const { row } of codes.rows) expect(row).not.toMatch(/"\d{6}"|,\d{6},/);
  });

  it('S-02: a long Unicode password round-trips byte-exact and its other normalization does not log in', async () => {
    const nfc = `Pässwörd9${'中文密码😀Ωé'.repeat(24)}Zz9`.normalize('NFC');
    expect(nfc.length).toBeGreaterThanOrEqual(200);
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    const account = await registerAccount('unicode.user', nfc);
    expect((await formTokenRequest(account.username, nfc)).statusCode).toBe(200);
    expect((await tokenRequest(account.username, nfc)).statusCode).toBe(200);
    const other = await formTokenRequest(account.username, nfd);
    expect(other.statusCode).toBe(426);
    expect((await tokenRequest(account.username, `${nfc} `)).statusCode).toBe(426);
  });

  it('S-04: unknown user and wrong password answer the same', async () => {
    const unknown = await tokenRequest('nobody.here', 'Wrong#Pass2026');
    const wrong = await tokenRequest('buyer.clerk', 'Wrong#Pass2026');
    expect(unknown.statusCode).toBe(426);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      code: 1,
      errorCode: 'BAD_CREDENTIALS',
      msg: 'User name does not exist or the password is wrong',
    });
    expect(wrong.headers['retry-after']).toBe(unknown.headers['retry-after']);
    // Reset the clerk's failure count for later tests.
    expect((await tokenRequest('buyer.clerk', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('S-04: an unknown name is delayed exactly like a real account, to the second', async () => {
    const account = await registerAccount('delay.twin');
    freezeTime();
    try {
      for (let i = 0; i < PER_CLIENT.free; i++) {
        expect((await tokenRequest(account.username, 'Wrong#Pass2026')).statusCode).toBe(426);
        expect((await tokenRequest('no.such.twin', 'Wrong#Pass2026')).statusCode).toBe(426);
      }
      const real = await tokenRequest(account.username, account.password);
      const phantom = await tokenRequest('no.such.twin', 'Wrong#Pass2026');
      expect(real.statusCode).toBe(429);
      expect(real.json()).toEqual({
        code: 1,
        errorCode: 'TOO_MANY_ATTEMPTS',
        msg: 'Too many failed attempts; try again in 30 seconds',
      });
      expect(real.headers['retry-after']).toBe('30');
      expect(phantom.statusCode).toBe(real.statusCode);
      expect(phantom.body).toBe(real.body);
      expect(phantom.headers['retry-after']).toBe(real.headers['retry-after']);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** Requests from one client address, carrying that client's cookies (a browser's cookie jar). */
function browser(remoteAddress: string) {
  let cookie = '';
  return {
    async login(username: string, password: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { username, password },
        remoteAddress,
        ...(cookie ? { headers: { cookie } } : {}),
      });
      const device = res.cookies.find((c) => c.name === 'pro__device');
      if (device) cookie = `pro__device=${device.value}`;
      return res;
    },
  };
}

async function throttleRow(key: string) {
  const res = await t.database.db.execute<{ failures: number; delayed_until: string | null }>(
    sql`select failures, delayed_until::text from auth_throttles where key = ${key}`,
  );
  return res.rows[0];
}

describe('sign-in throttle (S-03, S-11)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delays one client progressively and lets the owner in from another meanwhile', async () => {
    const account = await registerAccount('slow.me');
    const { id } = await userRow(account.username);
    const start = freezeTime();
    const guesser = browser('203.0.113.21');
    for (let i = 0; i < PER_CLIENT.free; i++) {
      expect((await guesser.login(account.username, `Wrong#Pass${i}`)).statusCode).toBe(426);
    }
    const first = await guesser.login(account.username, account.password);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('30');

    vi.setSystemTime(start + 31_000);
    expect((await guesser.login(account.username, 'Wrong#Pass6')).statusCode).toBe(426);
    // Each further failure doubles the wait.
    expect((await guesser.login(account.username, account.password)).headers['retry-after']).toBe('60');
    expect((await throttleRow(`password:u:${id}:ip:203.0.113.21`))?.failures).toBe(PER_CLIENT.free + 1);

    const owner = browser('198.51.100.21');
    expect((await owner.login(account.username, account.password)).statusCode).toBe(200);
    // The owner's success clears the owner's own count only.
    expect((await guesser.login(account.username, account.password)).statusCode).toBe(429);
    expect(await userRow(account.username)).toMatchObject({ status: 0 });
  });

  it('past the account-wide threshold only a browser that signed in before gets in; nothing is locked or ended', async () => {
    const account = await registerAccount('target.me');
    const ownerBrowser = browser('198.51.100.30');
    const signedIn = await ownerBrowser.login(account.username, account.password);
    expect(signedIn.statusCode).toBe(200);
    const device = signedIn.cookies.find((c) => c.name === 'pro__device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/gateway' });
    expect(device?.secure).toBeFalsy();
    const liveToken = signedIn.json().access_token as string;

    const start = freezeTime();
    // A thousand addresses, one guess each: no address reaches its own limit, the account does.
    for (let i = 0; i < PER_ACCOUNT.free; i++) {
      expect((await browser(`203.0.113.${100 + i}`).login(account.username, `Wrong#Guess${i}`)).statusCode).toBe(426);
    }
    const stranger = await browser('203.0.113.250').login(account.username, account.password);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

    // The owner's browser, even from a new address, is not held back; a forged cookie is worth nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { username: account.username, password: account.password },
      remoteAddress: '198.51.100.31',
      headers: { cookie: `pro__device=${device!.value.replace(/\.[^.]+$/, '.AAAA')}` },
    });
    expect(forged.statusCode).toBe(429);
    const ownerElsewhere = await t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { username: account.username, password: account.password },
      remoteAddress: '198.51.100.31',
      headers: { cookie: `pro__device=${device!.value}` },
    });
    expect(ownerElsewhere.statusCode, ownerElsewhere.body).toBe(200);
    // Another account's device cookie proves nothing for this one.
    const other = await registerAccount('other.owner');
    const otherBrowser = browser('198.51.100.32');
    expect((await otherBrowser.login(other.username, other.password)).statusCode).toBe(200);
    expect((await otherBrowser.login(account.username, account.password)).statusCode).toBe(429);

    expect(await userRow(account.username)).toMatchObject({ status: 0 });
    expect((await as(t.app, liveToken).get('/gateway/admin/user/info')).statusCode).toBe(200);

    // The delay is progressive, never a lock: after it, a stranger's browser with the password gets in.
    vi.setSystemTime(start + 16 * 60_000);
    expect((await browser('203.0.113.251').login(account.username, account.password)).statusCode).toBe(200);
  });

  it('marks the device cookie Secure when the site is served over https', async () => {
    const https = await createTestContext({ env: { PUBLIC_URL: 'https://srm.example.com' } });
    try {
      const res = await https.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { username: 'buyer', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'pro__device')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await https.close();
    }
  });

  it('counts parallel wrong passwords exactly: a burst cannot slip past the count', async () => {
    const account = await registerAccount('burst.me');
    const { id } = await userRow(account.username);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: TOKEN_URL,
          payload: { username: account.username, password: `Wrong#Burst${i}` },
          remoteAddress: '203.0.113.40',
        }),
      ),
    );
    const wrong = burst.filter((r) => r.statusCode === 426).length;
    for (const res of burst) expect([426, 429]).toContain(res.statusCode);
    expect((await throttleRow(`password:u:${id}:ip:203.0.113.40`))?.failures).toBe(wrong);
    expect((await throttleRow(`password:u:${id}`))?.failures).toBe(wrong);
    expect((await browser('203.0.113.40').login(account.username, account.password)).statusCode).toBe(429);
    expect(await userRow(account.username)).toMatchObject({ status: 0 });
  });

  it('throttles the signed-in password checks like a login, without ending the session', async () => {
    const account = await registerAccount('recheck.me');
    const token = await login(t.app, account.username, account.password);
    const caller = as(t.app, token);
    for (let i = 0; i < PER_CLIENT.free; i++) {
      const res = await caller.post('/gateway/admin/sysuserinfo/validatePassword', { password: `Wrong#Pass${i}` });
      expect(res.json().errorCode).toBe('WRONG_PASSWORD');
    }
    const change = await caller.post('/gateway/admin/user/editPassword', {
      password: account.password,
      newpassword1: 'Changed#Pass2026',
      newpassword2: 'Changed#Pass2026',
    });
    expect(change.statusCode).toBe(429);
    expect(change.json().errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect((await caller.get('/gateway/admin/user/info')).statusCode).toBe(200);
  });

  it('answers an account locked by its administrator only to whoever knows the password', async () => {
    const account = await registerAccount('admin.locked');
    await t.database.db.execute(sql`update users set status = 1 where username = ${account.username}`);
    const wrong = await tokenRequest(account.username, 'Wrong#Pass2026');
    expect(wrong.json().errorCode).toBe('BAD_CREDENTIALS');
    const right = await tokenRequest(account.username, account.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().errorCode).toBe('ACCOUNT_LOCKED');
  });
});

describe('personal data and settings', () => {
  it('round-trips personal data and settings through user info', async () => {
    const account = await registerAccount('profile.user');
    const token = await login(t.app, account.username, account.password);
    const saved = await as(t.app, token).post('/gateway/admin/sysuserinfo/updatePersonalData', {
      name: '  王小明 ',
      introduction: 'Buyer for fasteners',
      avatarUrl: '/gateway/system/oss/file/avatar.png',
    });
    expect(saved.statusCode).toBe(200);
    const settings = await as(t.app, token).post('/gateway/admin/user/settings', {
      theme: '#13c2c2',
      tagsView: false,
    });
    expect(settings.json().data).toMatchObject({ theme: '#13c2c2', tagsView: false, fixedHeader: true });
    await as(t.app, token).post('/gateway/admin/user/settings', { sidebarLogo: false });

    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(info.sysUser.name).toBe('王小明');
    expect(info.sysUserInfo).toEqual({
      photoUrl: '/gateway/system/oss/file/avatar.png',
      introduction: 'Buyer for fasteners',
    });
    expect(info.sysUserSeeting).toEqual({
      theme: '#13c2c2',
      tagsView: false,
      fixedHeader: true,
      sidebarLogo: false,
      supportPinyinSearch: true,
      language: 'en-US',
    });
  });

  it('keeps the language a user chose, and takes the sign-in language of one who chose none', async () => {
    const account = await registerAccount('language.user');
    const stored = async () =>
      (
        await t.database.db.execute<{ language: string | null }>(
          sql`select settings->>'language' as language from users where username = ${account.username}`,
        )
      ).rows[0]?.language;
    // Registered from an English page.
    expect(await stored()).toBe('en-US');
    await t.database.db.execute(sql`update users set settings = '{}' where username = ${account.username}`);
    const signIn = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'accept-language': language },
        payload: { username: account.username, password: account.password, isPhone: 'false' },
      });
    const first = await signIn('zh-TW,zh;q=0.9');
    expect(first.statusCode, first.body).toBe(200);
    expect(await stored()).toBe('zh-TW');
    const token = (await signIn('en-US')).json().access_token as string;
    expect(await stored()).toBe('zh-TW');

    const caller = as(t.app, token);
    const chosen = await caller.post('/gateway/admin/user/settings', { language: 'zh-CN' });
    expect(chosen.json().data.language).toBe('zh-CN');
    expect(await stored()).toBe('zh-CN');
    const info = (await caller.get('/gateway/admin/user/info', { 'accept-language': 'en-US' })).json().data;
    expect(info.sysUserSeeting.language).toBe('zh-CN');
    const refused = await caller.post('/gateway/admin/user/settings', { language: 'fr-FR' });
    expect(refused.statusCode).toBe(400);
    expect(await stored()).toBe('zh-CN');
  });

  it('refuses an avatar URL that is not http(s) or a path of this site', async () => {
    const token = await login(t.app, 'buyer.clerk');
    for (const avatarUrl of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x']) {
      const res = await as(t.app, token).post('/gateway/admin/sysuserinfo/updatePersonalData', { avatarUrl });
      expect(res.statusCode, avatarUrl).toBe(400);
    }
    const info = (await as(t.app, token).get('/gateway/admin/user/info')).json().data;
    expect(info.sysUserInfo.photoUrl).toBeNull();
  });

  it('refuses a malformed theme colour', async () => {
    const token = await login(t.app, 'buyer.clerk');
    const res = await as(t.app, token).post('/gateway/admin/user/settings', { theme: 'red;background:url(x)' });
    expect(res.statusCode).toBe(400);
  });
});

describe('errors', () => {
  it('never answers a stack trace or SQL text', async () => {
    const bodies = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: '{"username":',
        headers: { 'content-type': 'application/json' },
      }),
      t.app.inject({ method: 'POST', url: '/gateway/auth/oauth/token?grant_type=sms', payload: { mobile: 'x' } }),
      t.app.inject({ method: 'POST', url: '/gateway/auth/oauth/token?grant_type=magic', payload: {} }),
      as(t.app).post('/gateway/admin/sysuserinfo/resetPaswd', { account: 'x'.repeat(5000), ticket: 'x' }),
      as(t.app).post('/gateway/admin/sysuserinfo/validateForgetPswdCode', { account: '\u0000', code: '123456' }),
      t.app.inject({ method: 'POST', url: TOKEN_URL, payload: { username: 'a\u0000b', password: 'x' } }),
    ]);
    for (const res of bodies) {
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().code).toBe(1);
      expect(res.body).not.toMatch(/\bat .*\.(ts|js)|select |insert |\bstack\b/i);
    }
  });
});

describe('S-09 tokens in URLs', () => {
  it('redacts tokens, secrets and codes from logged URLs', () => {
    expect(redactUrl('/gateway/admin/ws/info?access_token=abc.def&TENANT_ID=12')).toBe(
      '/gateway/admin/ws/info?access_token=[REDACTED]&TENANT_ID=12',
    );
    expect(redactUrl('/gateway/system/oss/file/k1?download=1&access_token=xyz')).toBe(
      '/gateway/system/oss/file/k1?download=1&access_token=[REDACTED]',
    );
    expect(redactUrl('/gateway/auth/qr/5?secret=s3cr3t')).toBe('/gateway/auth/qr/5?secret=[REDACTED]');
    expect(redactUrl('/qr-login?id=5&s=s3cr3t')).toBe('/qr-login?id=5&s=[REDACTED]');
    expect(redactUrl('/gateway/auth/oidc/callback?code=c0de&state=st')).toBe(
      '/gateway/auth/oidc/callback?code=[REDACTED]&state=st',
    );
    expect(redactUrl('/gateway/x?ACCESS_TOKEN=abc')).toBe('/gateway/x?ACCESS_TOKEN=[REDACTED]');
    expect(redactUrl('/gateway/admin/user/info?page=2')).toBe('/gateway/admin/user/info?page=2');
  });
});
