import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type Account, Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, type TestContext } from './helpers.ts';

/**
 * Third-party login end to end: a real OpenID Connect provider (`oidc-provider`, with its development
 * login and consent pages) on loopback, driven with plain fetch; the app under test is reached through
 * inject, exactly as a browser would follow the redirects between the two.
 */

const PUBLIC_URL = 'http://127.0.0.1:8080';
const CALLBACK = `${PUBLIC_URL}/gateway/auth/oidc/callback`;
const CLIENT_ID = 'concord-srm';
const CLIENT_SECRET = 'a-long-client-secret-for-the-test-provider';

interface Person {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

/** The provider's user directory: login name (= subject) → claims. */
const people = new Map<string, Person>([
  ['idp-alice', { email: 'alice@idp.example', email_verified: true, name: 'Alice Idp', preferred_username: 'alice' }],
  ['idp-bob', { name: 'Bob NoMail', preferred_username: '42bob' }],
  // The same address as the seeded account "buyer", proven by the provider.
  ['idp-buyer', { email: 'Buyer@Huaxin.Example', email_verified: true, name: 'Buyer at IdP' }],
  // Claims the seeded supplier's address without the provider having verified it.
  ['idp-mallory', { email: 'sales@szprecision.example', email_verified: false, name: 'Mallory' }],
  ['idp-carol', { email: 'carol@idp.example', email_verified: true, name: 'Carol' }],
  ['idp-dave', { email: 'dave@idp.example', email_verified: true, name: 'Dave' }],
  ['idp-erin', { email: 'erin@idp.example', email_verified: true, name: 'Erin' }],
  ['idp-frank', { name: 'Frank' }],
]);

let t: TestContext;
let server: http.Server;
let issuer: string;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: ['oidc-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    async findAccount(_ctx: unknown, id: string): Promise<Account | undefined> {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...person }) };
    },
  });
  server.on('request', provider.callback());
  t = await createTestContext({
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'Test IdP',
      PUBLIC_URL,
    },
  });
});

afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's cookie jar for the provider (one host, paths ignored). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const decodeHtml = (s: string) =>
  s.replace(/&#x([0-9a-f]+);|&#(\d+);|&amp;|&quot;|&#39;|&lt;|&gt;/gi, (m, hex, dec) => {
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    if (dec) return String.fromCodePoint(Number(dec));
    return { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' }[m.toLowerCase()] ?? m;
  });

/**
 * Plays the user at the provider: follows redirects by hand and submits the development login and
 * consent forms, until the provider sends the browser back to our callback. Returns that callback URL.
 */
async function signInAtProvider(authorizationUrl: string, loginName: string, options: { abort?: boolean } = {}) {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (`${url.origin}${url.pathname}` === CALLBACK) return url;
    expect(url.origin, 'the browser stays on the provider until it returns to the callback').toBe(issuer);
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form?.toString(),
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    jar.store(res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url);
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    if (options.abort) {
      url = new URL(`${url.pathname.replace(/\/$/, '')}/abort`, url);
      continue;
    }
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!prompt || !action) throw new Error(`unexpected provider page: ${html.slice(0, 500)}`);
    url = new URL(decodeHtml(action), url);
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login: loginName, password: 'whatever-the-dev-login-ignores' } : { prompt },
    );
  }
  throw new Error('too many redirects at the provider');
}

/** GET /gateway/auth/oidc/start and return the provider's authorization URL it redirects to. */
async function startLogin(redirect = '/workbench') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/gateway/auth/oidc/start?redirect=${encodeURIComponent(redirect)}`,
  });
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(res.headers.location as string);
  expect(location.origin).toBe(issuer);
  return location;
}

/** Sends the browser back to our callback; returns where the app redirects it next. */
async function callback(url: URL) {
  const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

function tokenFrom(location: string) {
  expect(location.startsWith('/auth-redirect#'), location).toBe(true);
  const hash = new URLSearchParams(location.slice(location.indexOf('#') + 1));
  return {
    token: hash.get('access_token') ?? '',
    expiresIn: Number(hash.get('expires_in')),
    redirect: hash.get('redirect'),
  };
}

/** The whole third-party login of one provider user; returns the app's access token. */
async function loginAs(loginName: string, redirect?: string) {
  const authorization = await startLogin(redirect);
  const back = await signInAtProvider(authorization.toString(), loginName);
  return tokenFrom(await callback(back));
}

async function userInfo(token: string) {
  const res = await as(t.app, token).get('/gateway/admin/user/info');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function count(table: 'users' | 'oidc_links' | 'sessions') {
  const res = await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return res.rows[0]?.n ?? 0;
}

async function linksOf(userId: string) {
  const res = await t.database.db.execute<{ issuer: string; subject: string }>(
    sql`select issuer, subject from oidc_links where user_id = ${userId}::bigint order by subject`,
  );
  return res.rows;
}

describe('OpenID Connect login against a real provider', () => {
  it('announces the configured provider', async () => {
    const res = await as(t.app).get('/gateway/auth/oidc/config');
    expect(res.json().data).toEqual({ enabled: true, name: 'Test IdP' });
  });

  it('sends the browser to the provider with state, nonce and PKCE', async () => {
    const url = await startLogin();
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toMatch(/^[\w-]{20,}$/);
  });

  it('creates an account for a new identity and logs it in', async () => {
    const usersBefore = await count('users');
    const { token, expiresIn, redirect } = await loginAs('idp-alice', '/purchase/orders?tab=open');
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(expiresIn).toBeGreaterThan(0);
    expect(redirect).toBe('/purchase/orders?tab=open');
    expect(await count('users')).toBe(usersBefore + 1);

    const info = await userInfo(token);
    expect(info.sysUser).toMatchObject({ name: 'Alice Idp', email: 'alice@idp.example' });
    expect(info.sysUser.username).toMatch(/^alice\.[0-9a-f]{6}$/);
    expect(info.isJoin).toBe(false);
    expect(await linksOf(info.sysUser.userId)).toEqual([{ issuer, subject: 'idp-alice' }]);
    // No password was set: the account cannot be entered with an empty or guessed password.
    const pw = await t.app.inject({
      method: 'POST',
      url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
      payload: { username: info.sysUser.username, password: '', isPhone: 'false' },
    });
    expect(pw.statusCode).toBe(400);
  });

  it('logs the same identity into the same account the second time', async () => {
    const first = await userInfo((await loginAs('idp-alice')).token);
    const usersBefore = await count('users');
    const linksBefore = await count('oidc_links');
    const second = await loginAs('idp-alice');
    const info = await userInfo(second.token);
    expect(info.sysUser.userId).toBe(first.sysUser.userId);
    expect(await count('users')).toBe(usersBefore);
    expect(await count('oidc_links')).toBe(linksBefore);
  });

  it('makes a valid username for an identity without e-mail and with an odd preferred name', async () => {
    const { token } = await loginAs('idp-bob');
    const info = await userInfo(token);
    expect(info.sysUser.username).toMatch(/^bob\.[0-9a-f]{6}$/);
    expect(info.sysUser.email).toBeNull();
    expect(info.sysUser.name).toBe('Bob NoMail');
  });

  it('links an identity whose e-mail the provider verified to the existing account with that e-mail', async () => {
    const usersBefore = await count('users');
    const { token } = await loginAs('idp-buyer');
    const info = await userInfo(token);
    expect(info.sysUser.username).toBe('buyer');
    expect(info.isJoin).toBe(true);
    expect(info.tenant).toMatchObject({ compNo: expect.stringMatching(/^\d{8}$/) });
    expect(await count('users')).toBe(usersBefore);
    expect(await linksOf(info.sysUser.userId)).toEqual([{ issuer, subject: 'idp-buyer' }]);
    // From now on the link decides, and the existing password still works as before.
    const again = await userInfo((await loginAs('idp-buyer')).token);
    expect(again.sysUser.userId).toBe(info.sysUser.userId);
    expect(await linksOf(info.sysUser.userId)).toHaveLength(1);
  });

  it('does not link on an e-mail the provider has not verified', async () => {
    const { token } = await loginAs('idp-mallory');
    const info = await userInfo(token);
    expect(info.sysUser.username).not.toBe('supplier');
    expect(info.sysUser.email).toBeNull();
    expect(info.isJoin).toBe(false);
    const supplier = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from oidc_links l join users u on u.id = l.user_id where u.username = 'supplier'`,
    );
    expect(supplier.rows[0]?.n).toBe(0);
  });

  it('tells identities apart by issuer: the same subject at another provider is someone else', async () => {
    // An earlier provider of this deployment used the subject "idp-frank" for the seeded supplier.
    await t.database.db.execute(sql`
      insert into oidc_links (id, user_id, issuer, subject)
      select 1, id, 'https://old-idp.example', 'idp-frank' from users where username = 'supplier'`);
    const first = await userInfo((await loginAs('idp-frank')).token);
    expect(first.sysUser.username).not.toBe('supplier');
    const second = await userInfo((await loginAs('idp-frank')).token);
    expect(second.sysUser.userId).toBe(first.sysUser.userId);
  });

  it('keeps only same-site paths as the place to return to', async () => {
    const { redirect } = await loginAs('idp-alice', '//evil.example/phish');
    expect(redirect).toBe('/');
  });
});

describe('OpenID Connect login refusals', () => {
  async function expectRefused(location: string, sessionsBefore: number) {
    expect(location).toBe('/login?error=OIDC_FAILED');
    expect(await count('sessions')).toBe(sessionsBefore);
  }

  it('refuses a tampered state and logs nobody in', async () => {
    const authorization = await startLogin();
    const back = await signInAtProvider(authorization.toString(), 'idp-carol');
    const sessions = await count('sessions');
    const users = await count('users');
    const tampered = new URL(back);
    const state = tampered.searchParams.get('state') ?? '';
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    await expectRefused(await callback(tampered), sessions);
    const missing = new URL(back);
    missing.searchParams.delete('state');
    await expectRefused(await callback(missing), sessions);
    expect(await count('users')).toBe(users);
  });

  it("refuses a code brought back with another login's state (login CSRF / code swap)", async () => {
    const victim = await startLogin();
    const attacker = await signInAtProvider((await startLogin()).toString(), 'idp-carol');
    const swapped = new URL(attacker);
    swapped.searchParams.set('state', victim.searchParams.get('state') ?? '');
    const sessions = await count('sessions');
    await expectRefused(await callback(swapped), sessions);
  });

  it('refuses an ID token carrying another nonce than the one this login made', async () => {
    const authorization = await startLogin();
    authorization.searchParams.set('nonce', 'a-nonce-the-app-never-issued-0123456789');
    const back = await signInAtProvider(authorization.toString(), 'idp-dave');
    const sessions = await count('sessions');
    const users = await count('users');
    await expectRefused(await callback(back), sessions);
    expect(await count('users')).toBe(users);
    const dave = await t.database.db.execute(sql`select 1 from oidc_links where subject = 'idp-dave'`);
    expect(dave.rows).toHaveLength(0);

    // Control: the very same kind of answer passes once the app's own record holds that nonce, so the
    // refusal above came from the nonce check and nothing else.
    const control = await startLogin();
    const nonce = 'a-nonce-the-app-stored-itself-0123456789';
    control.searchParams.set('nonce', nonce);
    const controlBack = await signInAtProvider(control.toString(), 'idp-dave');
    await t.database.db.execute(
      sql`update oidc_states set nonce = ${nonce} where state = ${controlBack.searchParams.get('state')}`,
    );
    expect(tokenFrom(await callback(controlBack)).token).not.toBe('');
  });

  it('accepts a callback once: replaying it is refused', async () => {
    const authorization = await startLogin();
    const back = await signInAtProvider(authorization.toString(), 'idp-erin');
    expect(tokenFrom(await callback(back)).token).not.toBe('');
    const sessions = await count('sessions');
    await expectRefused(await callback(back), sessions);
  });

  it('refuses a login whose state is older than ten minutes', async () => {
    const authorization = await startLogin();
    const back = await signInAtProvider(authorization.toString(), 'idp-erin');
    await t.database.db.execute(
      sql`update oidc_states set created_at = now() - interval '11 minutes' where state = ${back.searchParams.get('state')}`,
    );
    const sessions = await count('sessions');
    await expectRefused(await callback(back), sessions);
  });

  it('refuses when the user cancels at the provider', async () => {
    const authorization = await startLogin();
    const back = await signInAtProvider(authorization.toString(), 'idp-erin', { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const sessions = await count('sessions');
    await expectRefused(await callback(back), sessions);
  });
});

describe('OpenID Connect login when the provider cannot be used', () => {
  async function closedPort() {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return port;
  }

  it('sends the browser back to the login page with a reason, not to a JSON error', async () => {
    // The services read the same config object, so switching it here switches the running app.
    const saved = t.config.oidc;
    try {
      t.config.oidc = { ...saved!, issuer: `http://127.0.0.1:${await closedPort()}` };
      const down = await t.app.inject({ method: 'GET', url: '/gateway/auth/oidc/start' });
      expect(down.statusCode).toBe(302);
      expect(down.headers.location).toBe('/login?error=OIDC_FAILED');

      t.config.oidc = undefined;
      expect((await as(t.app).get('/gateway/auth/oidc/config')).json().data).toEqual({ enabled: false, name: '' });
      const off = await t.app.inject({ method: 'GET', url: '/gateway/auth/oidc/start' });
      expect(off.statusCode).toBe(302);
      expect(off.headers.location).toBe('/login?error=OIDC_NOT_CONFIGURED');
    } finally {
      t.config.oidc = saved;
    }
    // Back to the working provider: logins go through again.
    expect((await loginAs('idp-alice')).token).not.toBe('');
  });
});
