import { CLIENT_ERROR_FIELD_MAX, CLIENT_ERROR_MAX_BYTES, type ClientErrorReport } from '@concord/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { useSession } from '../stores/session.ts';
import {
  buildReport,
  CLIENT_ERRORS_PATH,
  createClientErrorReporter,
  DEDUP_MS,
  fitReport,
  isExpectedRejection,
  PAUSE_AFTER_FAILURE_MS,
  reportClientError,
} from './clientErrors.ts';

const PAGE = { url: 'https://srm.example/purchase-orders?page=2', userAgent: 'Mozilla/5.0 Test' };

function setup(delivered = true) {
  let clock = 1_000_000;
  const sent: ClientErrorReport[] = [];
  const send = vi.fn(async (report: ClientErrorReport) => {
    sent.push(report);
    return delivered;
  });
  const reporter = createClientErrorReporter({ send, now: () => clock, page: () => PAGE });
  const uninstall = reporter.install(window);
  cleanups.push(uninstall);
  return { reporter, send, sent, advance: (ms: number) => (clock += ms) };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

/** jsdom has no PromiseRejectionEvent: an event of that name with a reason is what the listener reads. */
function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.defineProperty(event, 'reason', { value: reason });
  window.dispatchEvent(event);
  return event;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('isExpectedRejection', () => {
  it('knows API refusals and form validation failures, and nothing else', () => {
    expect(isExpectedRejection(new ApiError('Wrong code', 428, 'CODE_WRONG'))).toBe(true);
    expect(
      isExpectedRejection({ values: {}, errorFields: [{ name: ['qty'], errors: ['Required'] }], outOfDate: false }),
    ).toBe(true);
    expect(isExpectedRejection(new TypeError('x is undefined'))).toBe(false);
    expect(isExpectedRejection({ errorFields: 'not a list' })).toBe(false);
    expect(isExpectedRejection(null)).toBe(false);
    expect(isExpectedRejection('text')).toBe(false);
  });
});

describe('the global handlers', () => {
  it('mark API and validation rejections handled without reporting them', () => {
    const { send } = setup();
    const api = rejection(new ApiError('No permission', 403, 'FORBIDDEN'));
    const form = rejection({ values: {}, errorFields: [{ name: ['name'], errors: ['Required'] }], outOfDate: false });
    expect(api.defaultPrevented).toBe(true);
    expect(form.defaultPrevented).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('reports any other rejection and uncaught error with message, stack, address and browser', () => {
    const { send, sent } = setup();
    const event = rejection(new TypeError('Cannot read properties of undefined'));
    expect(event.defaultPrevented).toBe(false);
    const error = new RangeError('Invalid array length');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message, cancelable: true }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent[0]).toMatchObject({
      message: 'TypeError: Cannot read properties of undefined',
      url: PAGE.url,
      userAgent: PAGE.userAgent,
    });
    expect(sent[0].stack).toContain('Cannot read properties of undefined');
    expect(sent[1].message).toBe('RangeError: Invalid array length');
  });

  it('ignores browser notices that carry no error', () => {
    const { send } = setup();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    expect(send).not.toHaveBeenCalled();
  });
});

describe('reporting', () => {
  it('sends the same report once within a few seconds, and again after', () => {
    const { reporter, send, advance } = setup();
    const error = new Error('render loop');
    reporter.report(error);
    reporter.report(error);
    advance(DEDUP_MS - 1);
    reporter.report(error);
    expect(send).toHaveBeenCalledTimes(1);
    reporter.report(new Error('another one'));
    expect(send).toHaveBeenCalledTimes(2);
    advance(DEDUP_MS);
    reporter.report(error);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('sends nothing for a while after a report could not be delivered', async () => {
    const { reporter, send, advance } = setup(false);
    reporter.report(new Error('first'));
    await settle();
    reporter.report(new Error('second'));
    advance(PAUSE_AFTER_FAILURE_MS - 1);
    reporter.report(new Error('third'));
    expect(send).toHaveBeenCalledTimes(1);
    advance(1);
    reporter.report(new Error('fourth'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not report an error raised while sending, nor let it escape', async () => {
    let clock = 0;
    const send = vi.fn(() => {
      throw new Error('fetch is broken');
    });
    const reporter = createClientErrorReporter({ send, now: () => clock, page: () => PAGE });
    expect(() => reporter.report(new Error('boom'))).not.toThrow();
    reporter.report(new Error('boom again'));
    expect(send).toHaveBeenCalledTimes(1);
    clock += PAUSE_AFTER_FAILURE_MS;
    reporter.report(new Error('later'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('redacts tokens and codes from the address, message and stacks', () => {
    const report = buildReport(new Error('GET /x?token=abc123 failed'), 'at Join (?code=654321)', {
      url: 'https://srm.example/auth-redirect#access_token=abc123&expires_in=43200',
      userAgent: 'UA',
    });
    expect(report.url).toBe('https://srm.example/auth-redirect#access_token=***&expires_in=43200');
    expect(report.message).toBe('Error: GET /x?token=*** failed');
    expect(report.info).toBe('at Join (?code=***');
    expect(JSON.stringify(report)).not.toMatch(/abc123|654321/);
  });

  it('keeps every field within the length the server takes, after redaction', () => {
    const report = buildReport(new Error(`${'x'.repeat(5000)} code=a`), undefined, {
      url: `https://srm.example/x?${'y'.repeat(1992)}&code=a`,
      userAgent: 'U'.repeat(900),
    });
    expect(report.message.length).toBeLessThanOrEqual(CLIENT_ERROR_FIELD_MAX.message);
    expect(report.url.length).toBeLessThanOrEqual(CLIENT_ERROR_FIELD_MAX.url);
    expect(report.userAgent!.length).toBe(CLIENT_ERROR_FIELD_MAX.userAgent);
    expect(new TextEncoder().encode(JSON.stringify(report)).length).toBeLessThanOrEqual(CLIENT_ERROR_MAX_BYTES);
  });

  it('describes rejections that are not errors', () => {
    expect(buildReport('plain text', undefined, PAGE).message).toBe('plain text');
    expect(buildReport({ reason: 'gone' }, undefined, PAGE).message).toBe('{"reason":"gone"}');
    expect(buildReport(undefined, undefined, PAGE).message).toBe('undefined');
  });

  it('trims the stacks to fit the server limit, never splitting a character', () => {
    const report = fitReport({
      message: '无法读取属性',
      stack: `${'栈'.repeat(3000)}😀`.repeat(2),
      info: '\n    at Page'.repeat(400),
      url: PAGE.url,
      userAgent: PAGE.userAgent,
    });
    expect(new TextEncoder().encode(JSON.stringify(report)).length).toBeLessThanOrEqual(CLIENT_ERROR_MAX_BYTES);
    expect(report.message).toBe('无法读取属性');
    expect(report.url).toBe(PAGE.url);
    expect(report.stack!.length).toBeGreaterThan(100);
    expect(report.info!.length).toBeGreaterThan(100);
    expect(/[\ud800-\udbff]$/.test(report.stack!)).toBe(false);
  });

  it("posts to the server with the session's token and enterprise", async () => {
    const fetch = vi.fn(async () => ({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    useSession.setState({ token: 'tok', expiresAt: null, tenantId: '42' });
    reportClientError(new Error('posted'), '\n    at Screen');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(CLIENT_ERRORS_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', TENANT_ID: '42' });
    expect(JSON.parse(init.body as string)).toMatchObject({ message: 'Error: posted', info: '\n    at Screen' });
  });
});
