import i18n from 'i18next';
import { parseJson } from '../lib/json.ts';
import { beginOverlay, endOverlay } from '../stores/loading.ts';
import { currentToken, useSession } from '../stores/session.ts';

export const API_BASE = '/gateway';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Spec §8: after a 424 the page reloads to the login screen this long after the warning. */
export const RELOGIN_DELAY_MS = 1500;
const DEVICE_TYPE = '4';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode?: string,
    readonly data?: unknown,
    /** Already shown to the user by the client (login expiry), so screens should not repeat it. */
    readonly handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type FailureAction = 'none' | 'relogin' | 'toLogin';

export interface Failure {
  message: string;
  status: number;
  errorCode?: string;
  data?: unknown;
  action: FailureAction;
}

const STATUS_KEYS = {
  0: 'errors.status.0',
  401: 'errors.status.401',
  403: 'errors.status.403',
  404: 'errors.status.404',
  417: 'errors.status.417',
  423: 'errors.status.423',
  424: 'errors.status.424',
  426: 'errors.status.426',
  428: 'errors.status.428',
  429: 'errors.status.429',
  479: 'errors.status.479',
  500: 'errors.status.500',
  503: 'errors.status.503',
} as const;

type Translate = (key: (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS] | 'errors.unknown' | 'errors.noData') => string;

interface Envelope {
  code?: number;
  msg?: string;
  errorCode?: string;
  data?: unknown;
}

function asEnvelope(body: unknown): Envelope | null {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Envelope) : null;
}

/**
 * Turns a failed reply into the message to show and what the client must do (spec §8): the server's
 * msg wins; without one the status map speaks; no body at all reads "failed to get data".
 */
export function normalizeFailure(status: number, body: unknown, t: Translate): Failure {
  const envelope = asEnvelope(body);
  const serverMsg = envelope?.msg?.trim() || undefined;
  const errorCode = envelope?.errorCode;
  const data = envelope?.data;
  const action: FailureAction = status === 424 ? 'relogin' : status === 401 ? 'toLogin' : 'none';
  let message: string;
  if (status === 424) {
    message = serverMsg ?? t('errors.status.424');
  } else if (serverMsg) {
    message = serverMsg;
  } else if (body === undefined || body === null || body === '') {
    message = status >= 200 && status < 300 ? t('errors.noData') : statusText(status, t);
  } else {
    message = statusText(status, t);
  }
  return { message, status, errorCode, data, action };
}

function statusText(status: number, t: Translate): string {
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS];
  return key ? t(key) : t('errors.unknown');
}

interface HttpHooks {
  /** Client-side navigation (the router's), used for 401. */
  navigate: (to: string) => void;
  /** Full page load, used after a 424 so every cached view is dropped. */
  reload: (to: string) => void;
  warn: (text: string) => void;
}

const hooks: HttpHooks = {
  navigate: (to) => window.location.assign(to),
  reload: (to) => window.location.assign(to),
  warn: () => {},
};

export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

let currentMenuId: string | null = null;
/** The menu the user is on travels as MenuId so the server can log and scope by screen. */
export function setCurrentMenuId(menuId: string | null): void {
  currentMenuId = menuId;
}

let reloginScheduled = false;

export function loginRedirectPath(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return here.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
}

function applyAction(failure: Failure): boolean {
  if (failure.action === 'relogin') {
    if (!reloginScheduled) {
      reloginScheduled = true;
      hooks.warn(failure.message);
      useSession.getState().clear();
      setTimeout(() => {
        reloginScheduled = false;
        hooks.reload('/login');
      }, RELOGIN_DELAY_MS);
    }
    return true;
  }
  if (failure.action === 'toLogin') {
    useSession.getState().clear();
    hooks.navigate(loginRedirectPath());
    return true;
  }
  return false;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  /** The OAuth token endpoint answers bare JSON, everything else the { code, msg, data } envelope. */
  enveloped?: boolean;
  /** Show the global loading overlay; on by default for POST. */
  overlay?: boolean;
  /** Do not send the session's TENANT_ID (e.g. while signing in). */
  skipTenant?: boolean;
  /**
   * Sent as `Idempotency-Key` on creates: a form keeps one key for as long as it shows the same
   * document, so a retried or double-sent submission creates it once (QUALITY R-02).
   */
  idempotencyKey?: string;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  const sep = path.includes('?') ? '&' : '?';
  return `${API_BASE}${path}${qs ? sep + qs : ''}`;
}

function buildHeaders(options: RequestOptions, accept = 'application/json'): Headers {
  const headers = new Headers({ deviceType: DEVICE_TYPE, Accept: accept });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId && !options.skipTenant) headers.set('TENANT_ID', tenantId);
  if (currentMenuId) headers.set('MenuId', currentMenuId);
  if (options.json !== undefined) headers.set('Content-Type', 'application/json');
  if (options.form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  return headers;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

/** Sends one call with the session's headers; a connection that fails or is aborted becomes an ApiError. */
async function send(path: string, options: RequestOptions, headers: Headers, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.json !== undefined
          ? JSON.stringify(options.json)
          : options.form
            ? new URLSearchParams(options.form).toString()
            : options.multipart,
      credentials: 'include',
      signal,
    });
  } catch {
    throw new ApiError(signal?.aborted ? i18n.t('errors.timeout') : i18n.t('errors.network'), 0);
  }
  const refreshed = res.headers.get('X-Refreshed-Token');
  if (refreshed) useSession.getState().replaceToken(refreshed);
  return res;
}

/** A refused call: the message to show, and the login action the status asks for (spec §8). */
function refusal(status: number, body: unknown): ApiError {
  const failure = normalizeFailure(status, body, i18n.t.bind(i18n) as unknown as Translate);
  const handled = applyAction(failure);
  return new ApiError(failure.message, failure.status, failure.errorCode, failure.data, handled);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const overlay = options.overlay ?? method === 'POST';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  if (overlay) beginOverlay();
  try {
    const res = await send(path, { ...options, method }, buildHeaders(options), controller.signal);
    const body = await readBody(res);
    const envelope = asEnvelope(body);
    if (res.ok && options.enveloped === false) return body as T;
    if (res.ok && envelope && envelope.code === 0) return envelope.data as T;
    throw refusal(res.status, body);
  } finally {
    clearTimeout(timer);
    if (overlay) endOverlay();
  }
}

export const http = {
  get: <T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: 'PUT', json: json ?? {} }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>(path, { ...options, method: 'DELETE' }),
  upload: <T>(path: string, file: File | Blob, field = 'file') => {
    const form = new FormData();
    form.append(field, file);
    return request<T>(path, { method: 'POST', multipart: form });
  },
};

/** Address of a stored file for <img> or a download link, which cannot send the Authorization header. */
export function fileUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const token = currentToken();
  if (!token || !url.startsWith(`${API_BASE}/system/oss/file/`)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface FileRequest extends Pick<RequestOptions, 'method' | 'query' | 'json'> {
  /** The name to save under; the reply's Content-Disposition names the file instead unless `keepName`. */
  filename: string;
  /** The reply's name is a generic one (`labels.pdf`), so the screen's own name stays. */
  keepName?: boolean;
}

/** Latin-1 bytes of an RFC 5987 `iso-8859-1` value are each one character. */
const decodeLatin1 = (value: string) =>
  value.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The file name of a Content-Disposition: RFC 5987 `filename*` (non-ASCII names) before plain `filename`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;\s]+)/i.exec(disposition);
  if (extended) {
    const [, charset = '', value = ''] = extended;
    try {
      return charset.toLowerCase() === 'iso-8859-1' ? decodeLatin1(value) : decodeURIComponent(value);
    } catch {
      // A malformed escape falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(disposition);
  if (!plain) return undefined;
  return plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2];
}

/**
 * Files (exports, templates, PDFs) answer bytes, not the envelope, but a refusal still arrives as the
 * envelope and fails like any other call. No time limit: a large export may take longer than a read.
 */
export async function fetchFile(path: string, file: FileRequest): Promise<DownloadedFile> {
  const headers = buildHeaders(file, '*/*');
  // The server renders templates in the reader's language; the language cookie still wins.
  headers.set('Accept-Language', i18n.language);
  const res = await send(path, file, headers);
  if (!res.ok) throw refusal(res.status, await readBody(res));
  const named = file.keepName ? undefined : filenameOf(res.headers.get('Content-Disposition'));
  return { blob: await res.blob(), filename: named ?? file.filename };
}

/** Hands a fetched file to the browser's save dialog. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** How long a file opened in a new tab keeps its address, so the tab can still read it. */
const OPENED_FILE_LIFETIME_MS = 60_000;

/** Opens a fetched file (a PDF) in a new tab. */
export function openFile({ blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), OPENED_FILE_LIFETIME_MS);
}

/** Fetches a file and saves it. */
export async function downloadFile(path: string, file: FileRequest): Promise<void> {
  saveFile(await fetchFile(path, file));
}
