// Free of zod: the browser's error reporter loads with the login page (P-07).

/** Spec §8: an unhandled error of the browser app, as its global handler or error boundary reports it. */

/** The largest report the server reads, in bytes of its JSON body: the client trims its stacks to fit. */
export const CLIENT_ERROR_MAX_BYTES = 4096;
/** Reports one client (address) may send a minute; the rest are answered 429. */
export const CLIENT_ERRORS_PER_MINUTE = 20;

/** The longest each field may be, in characters; the client clips to these before it fits the body. */
export const CLIENT_ERROR_FIELD_MAX = {
  message: 2000,
  stack: CLIENT_ERROR_MAX_BYTES,
  info: CLIENT_ERROR_MAX_BYTES,
  url: 2000,
  userAgent: 500,
} as const;

/** Query keys, form fields and JSON keys whose values are secrets: `access_token`, `empInviteCode`, `password`. */
const SECRET_KEY = String.raw`[\w.-]*?(?:token|code|password|passwd|pswd|secret|ticket)`;
/** Delimiters of a query or fragment, also percent-encoded (a redirect target inside another URL). */
const PARAM_START = String.raw`(?:[?&#;\s]|%3F|%26|%23)`;
const PARAM = new RegExp(String.raw`(^|${PARAM_START})(${SECRET_KEY})(=|%3D)((?:(?!%26|%23)[^&#\s"'<>])*)`, 'gi');
const JSON_FIELD = new RegExp(String.raw`("${SECRET_KEY}"\s*:\s*")(?:[^"\\]|\\.)*"`, 'gi');
const CREDENTIALS = /\b(bearer|basic)\s+[\w.~+/=-]+/gi;

export const REDACTED = '***';

/**
 * A page address, message or stack with the values of token-like parameters and credentials replaced
 * by `***` (issue 17 §4): the browser's address may hold a sign-in token (`/auth-redirect#access_token=…`)
 * or a code, and a message may quote a request. Keys are kept, so the reader still sees what was there.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(PARAM, (_m, start: string, key: string, equals: string, value: string) =>
      value ? `${start}${key}${equals}${REDACTED}` : `${start}${key}${equals}`,
    )
    .replace(JSON_FIELD, `$1${REDACTED}"`)
    .replace(CREDENTIALS, `$1 ${REDACTED}`);
}
