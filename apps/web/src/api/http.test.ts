import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enUS } from '../locales/en-US.ts';
import { useSession } from '../stores/session.ts';
import {
  ApiError,
  configureHttp,
  downloadFile,
  fetchFile,
  filenameOf,
  http,
  normalizeFailure,
  RELOGIN_DELAY_MS,
  request,
  saveFile,
} from './http.ts';

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

describe('filenameOf', () => {
  it('prefers the RFC 5987 name, which carries non-ASCII names', () => {
    expect(filenameOf(`attachment; filename="report.xlsx"; filename*=UTF-8''%E5%88%B0%E8%B4%A7.xlsx`)).toBe(
      '到货.xlsx',
    );
    expect(filenameOf("attachment; filename*=iso-8859-1'en'caf%E9.pdf")).toBe('café.pdf');
  });

  it('reads quoted and bare plain names, and nothing from a reply without one', () => {
    expect(filenameOf('attachment; filename="a \\"b\\".xlsx"')).toBe('a "b".xlsx');
    expect(filenameOf('inline; filename=PO2611260001.pdf')).toBe('PO2611260001.pdf');
    expect(filenameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.xlsx"')).toBe('plain.xlsx');
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });
});

describe('file download', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    configureHttp({ navigate, reload: vi.fn(), warn: vi.fn() });
    useSession.getState().signIn('token-1', 3600);
    useSession.setState({ tenantId: '42' });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    navigate.mockReset();
  });

  const file = (disposition?: string) =>
    new Response('bytes', {
      status: 200,
      headers: disposition ? { 'content-disposition': disposition } : {},
    });

  it('sends the session headers and the query, and names the file from the reply', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(file(`attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx`));
    const got = await fetchFile('/srm/x/export', {
      query: { side: 'buyer', orderNo: '', status: undefined },
      filename: 'x.xlsx',
    });
    expect(got.filename).toBe('订单.xlsx');
    expect(await got.blob.text()).toBe('bytes');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/gateway/srm/x/export?side=buyer');
    const headers = init!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer token-1');
    expect(headers.get('TENANT_ID')).toBe('42');
    expect(headers.get('Accept-Language')).toBe('en-US');
  });

  it('posts a JSON body, and keeps the screen’s name when asked or when the reply names none', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(file('attachment; filename="labels.pdf"'))
      .mockResolvedValueOnce(file());
    const kept = await fetchFile('/srm/labels/pdf', {
      method: 'POST',
      json: { noteId: '7' },
      filename: 'labels-DN1.pdf',
      keepName: true,
    });
    expect(kept.filename).toBe('labels-DN1.pdf');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"noteId":"7"}');
    expect((init!.headers as Headers).get('Content-Type')).toBe('application/json');
    expect((await fetchFile('/srm/y', { filename: 'y.xlsx' })).filename).toBe('y.xlsx');
  });

  it('turns a refusal envelope into the usual ApiError, login action included', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(reply(403, { code: 1, msg: 'No permission for this operation', errorCode: 'FORBIDDEN' }))
      .mockResolvedValueOnce(reply(401, { code: 1, msg: 'Please log in first' }));
    await expect(fetchFile('/srm/x', { filename: 'x' })).rejects.toMatchObject({
      message: 'No permission for this operation',
      status: 403,
      errorCode: 'FORBIDDEN',
    });
    const expired = await fetchFile('/srm/x', { filename: 'x' }).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(ApiError);
    expect((expired as ApiError).handled).toBe(true);
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/));
  });

  it('saves through a link and revokes the object address after the click', async () => {
    const order: string[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:1'),
      revokeObjectURL: vi.fn(() => order.push('revoke')),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      order.push(`click ${this.download} ${this.href}`);
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(file('attachment; filename="a.xlsx"'));
    await downloadFile('/srm/a', { filename: 'fallback.xlsx' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['click a.xlsx blob:1', 'revoke']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:1');
    expect(document.querySelector('a[download]')).toBeNull();
    saveFile({ blob: new Blob(['b']), filename: 'b.xlsx' });
    expect(order.at(-2)).toBe('click b.xlsx blob:1');
  });
});
