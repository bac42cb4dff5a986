/** Only same-site paths are followed after sign-in, so a crafted ?redirect= cannot send users away. */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (raw.startsWith('/login')) return fallback;
  return raw;
}
