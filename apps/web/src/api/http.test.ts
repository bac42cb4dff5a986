import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUS } from '../locales/en-US.ts';
import { useSession } from '../stores/session.ts';
import { ApiError, configureHttp, http, normalizeFailure, RELOGIN_DELAY_MS, request } from './http.ts';

const t = (key: string) => key;

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

describe('normalizeFailure', () => {
  it('prefers the server message', () => {
    expect(normalizeFailure(400, { code: 1, msg: 'The invite code is wrong' }, t).message).toBe(
      'The invite code is wrong',
    );
  });

  it('falls back to the status map of the error catalogue', () => {
    expect(normalizeFailure(426, {}, t).message).toBe('errors.status.426');
    expect(normalizeFailure(428, { code: 1 }, t).message).toBe('errors.status.428');
    expect(normalizeFailure(503, {}, t).message).toBe('errors.status.503');
    expect(normalizeFailure(418, {}, t).message).toBe('errors.unknown');
  });

  it('reads "failed to get data" when a success carries no body', () => {
    expect(normalizeFailure(200, undefined, t).message).toBe('errors.noData');
  });

  it('asks for a fresh login on 424 and for the login page on 401', () => {
    expect(normalizeFailure(424, {}, t)).toMatchObject({ action: 'relogin', message: 'errors.status.424' });
    expect(normalizeFailure(401, { code: 1, msg: 'Please log in first' }, t)).toMatchObject({
      action: 'toLogin',
      message: 'Please log in first',
    });
  });
});

describe('request', () => {
  const reload = vi.fn();
  const navigate = vi.fn();
  const warn = vi.fn();

  beforeEach(() => {
    configureHttp({ reload, navigate, warn });
    useSession.getState().signIn('token-1', 3600);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    reload.mockReset();
    navigate.mockReset();
    warn.mockReset();
  });

  it('unwraps the envelope and sends the session headers', async () => {
    useSession.setState({ tenantId: '42' });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { code: 0, msg: '', data: { a: 1 } }));
    await expect(http.get('/admin/user/info')).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/gateway/admin/user/info');
    const headers = init!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('TENANT_ID')).toBe('42');
    expect(headers.get('deviceType')).toBe('4');
  });

  it('sends the Idempotency-Key a create asks for, and none otherwise', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => reply(200, { code: 0, msg: '', data: null }));
    await http.post('/srm/purchase-orders', {}, { idempotencyKey: 'k-1' });
    await http.post('/srm/purchase-orders/list', {});
    expect((fetchMock.mock.calls[0]![1]!.headers as Headers).get('Idempotency-Key')).toBe('k-1');
    expect((fetchMock.mock.calls[1]![1]!.headers as Headers).has('Idempotency-Key')).toBe(false);
  });

  it('rejects a 200 reply with envelope code 1 with its message', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { code: 1, msg: 'Operation failed' }));
    await expect(http.post('/x')).rejects.toMatchObject({ message: 'Operation failed', status: 200 });
  });

  it('maps a failure without a message through the status map', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(429, undefined));
    await expect(http.get('/x')).rejects.toMatchObject({ message: enUS.errors.status['429'] });
  });

  it('keeps big integers as strings', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('{"code":0,"msg":"","data":{"id":383126539169918976,"n":12}}', { status: 200 }),
    );
    await expect(http.get('/x')).resolves.toEqual({ id: '383126539169918976', n: 12 });
  });

  it('stores a refreshed token', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      reply(200, { code: 0, msg: '', data: null }, { 'X-Refreshed-Token': 'token-2' }),
    );
    await http.get('/x');
    expect(useSession.getState().token).toBe('token-2');
  });

  it('on 424 warns, clears the session and reloads to /login after 1.5 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      reply(424, { code: 1, msg: 'Login is invalid, please log in again', errorCode: 'LOGIN_EXPIRED' }),
    );
    const error = await request('/admin/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(warn).toHaveBeenCalledWith('Login is invalid, please log in again');
    expect(useSession.getState().token).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RELOGIN_DELAY_MS);
    expect(reload).toHaveBeenCalledWith('/login');
  });

  it('on 401 goes to the login page with the current path as redirect', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(401, { code: 1, msg: 'Please log in first' }));
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
  });

  it('returns the bare OAuth reply of the token endpoint', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { access_token: 'a', expires_in: 10 }));
    await expect(request('/auth/oauth/token', { method: 'POST', enveloped: false })).resolves.toEqual({
      access_token: 'a',
      expires_in: 10,
    });
  });
});
