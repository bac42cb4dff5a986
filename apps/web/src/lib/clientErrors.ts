import { CLIENT_ERROR_FIELD_MAX, CLIENT_ERROR_MAX_BYTES, type ClientErrorReport, redactSecrets } from '@concord/shared';
import { API_BASE, ApiError } from '../api/http.ts';
import { currentToken, useSession } from '../stores/session.ts';

/**
 * Spec §8, issue 17 §4: unhandled errors of the app (the window's `error` and `unhandledrejection`, and
 * what the error boundary catches) are reported to the server, which keeps a member's in the operation
 * log of its enterprise. Failures the user has already been shown are not errors of the app.
 */

export const CLIENT_ERRORS_PATH = `${API_BASE}/system/client-errors`;
/** The same report again within this time is the same failure repeating (a render loop, a timer). */
export const DEDUP_MS = 5_000;
/** After a report could not be delivered (offline, 429, server down) nothing is sent for this long. */
export const PAUSE_AFTER_FAILURE_MS = 60_000;

/**
 * A refused API call (its message is already on screen) and a form's `validateFields` rejection (its
 * fields show their messages): expected outcomes a screen did not catch, not failures of the app.
 */
export function isExpectedRejection(reason: unknown): boolean {
  if (reason instanceof ApiError) return true;
  return (
    typeof reason === 'object' && reason !== null && Array.isArray((reason as { errorFields?: unknown }).errorFields)
  );
}

/**
 * Browser notices that are no failure of the app: a cross-origin script's error hides everything but
 * this text, and Chrome tells of a resize observer (antd's) that needed a second frame.
 */
const NOISE = [/^Script error\.?$/, /^ResizeObserver loop/];

const utf8 = new TextEncoder();
const bytesOf = (report: ClientErrorReport) => utf8.encode(JSON.stringify(report)).length;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Text the server stores as sent: no NUL, no lone surrogate (it would refuse the whole report). */
const storable = (text: string) => text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\ufffd');

/** The first `max` characters, never ending inside a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = Math.max(0, max);
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

type Field = keyof typeof CLIENT_ERROR_FIELD_MAX;
/** Cut first, longest first: the stacks' last frames matter least; the message and address matter most. */
const FIELDS: Field[] = ['stack', 'info', 'message', 'url', 'userAgent'];

/**
 * Shortens the longest field until the JSON body fits the server's limit. A character cut removes at
 * least one byte of JSON, so cutting the excess (at most half the field a round) ends in a few rounds.
 */
export function fitReport(report: ClientErrorReport): ClientErrorReport {
  const fitted = { ...report };
  for (let over = bytesOf(fitted) - CLIENT_ERROR_MAX_BYTES; over > 0; over = bytesOf(fitted) - CLIENT_ERROR_MAX_BYTES) {
    const longest = FIELDS.reduce((a, b) => ((fitted[b]?.length ?? 0) > (fitted[a]?.length ?? 0) ? b : a));
    const length = fitted[longest]?.length ?? 0;
    if (!length) break;
    fitted[longest] = clip(fitted[longest] ?? '', length - Math.min(over, Math.ceil(length / 2)));
  }
  return fitted;
}

function describeError(error: unknown): { message: string; stack?: string } {
  try {
    if (error instanceof Error) return { message: String(error) || error.name, stack: error.stack };
    if (typeof error === 'string') return { message: error };
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: Object.prototype.toString.call(error) };
  }
}

/** What the server receives: each field storable, within its length and redacted; the body within its limit. */
export function buildReport(error: unknown, info: string | undefined, page: { url: string; userAgent: string }) {
  const { message, stack } = describeError(error);
  // Cut again after the redaction, as `***` may be longer than the value it replaced; the first cut
  // only spares the redaction megabytes of text.
  const clean = (field: Field, text: string | undefined) => {
    const max = CLIENT_ERROR_FIELD_MAX[field];
    return text ? clip(redactSecrets(clip(storable(text), 2 * max)), max) : undefined;
  };
  return fitReport({
    message: clean('message', message)?.trim() || 'Error',
    stack: clean('stack', stack),
    info: clean('info', info),
    url: clean('url', page.url) || 'about:blank',
    userAgent: clean('userAgent', page.userAgent),
  });
}

/** Sends one report; true when the server took it. The session's token and enterprise say whose it is. */
async function post(report: ClientErrorReport): Promise<boolean> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.TENANT_ID = tenantId;
  // keepalive: an error on the way out of the page (a navigation, a reload) still arrives.
  const res = await fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers,
    body: JSON.stringify(report),
    credentials: 'include',
    keepalive: true,
  });
  return res.ok;
}

export interface ReporterOptions {
  send?: (report: ClientErrorReport) => Promise<boolean>;
  now?: () => number;
  page?: () => { url: string; userAgent: string };
}

export function createClientErrorReporter({
  send = post,
  now = Date.now,
  page = () => ({ url: window.location.href, userAgent: navigator.userAgent }),
}: ReporterOptions = {}) {
  const recent = new Map<string, number>();
  let pausedUntil = 0;
  let reporting = false;

  const pause = () => {
    pausedUntil = now() + PAUSE_AFTER_FAILURE_MS;
  };

  /** Reports one error unless it repeats one just sent or reporting is paused; never throws. */
  function report(error: unknown, info?: string): void {
    // An error raised while a report is being built or handed over must not report itself again.
    if (reporting || now() < pausedUntil) return;
    reporting = true;
    try {
      const body = buildReport(error, info, page());
      const key = `${body.message}\n${body.stack ?? ''}\n${body.info ?? ''}\n${body.url}`;
      const at = now();
      for (const [k, sentAt] of recent) if (at - sentAt >= DEDUP_MS) recent.delete(k);
      if (recent.has(key)) return;
      recent.set(key, at);
      send(body).then((delivered) => {
        if (!delivered) pause();
      }, pause);
    } catch {
      pause();
    } finally {
      reporting = false;
    }
  }

  function onError(event: ErrorEvent) {
    if (isExpectedRejection(event.error)) {
      event.preventDefault();
      return;
    }
    if (!event.error && NOISE.some((pattern) => pattern.test(event.message ?? ''))) return;
    report(event.error ?? event.message);
  }

  function onRejection(event: PromiseRejectionEvent) {
    // Marked handled, so the browser does not log it as an uncaught rejection either.
    if (isExpectedRejection(event.reason)) {
      event.preventDefault();
      return;
    }
    report(event.reason);
  }

  /** Listens on the window; the returned function stops listening. */
  function install(target: Window): () => void {
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  }

  return { report, install };
}

const reporter = createClientErrorReporter();

/** Reports an error caught by the app itself (the error boundary, with its component stack). */
export const reportClientError = reporter.report;

let installed = false;

/** Installs the window listeners once, however often it is called (hot reloads of main.tsx included). */
export function installClientErrorReporting(): void {
  if (installed) return;
  installed = true;
  reporter.install(window);
}
