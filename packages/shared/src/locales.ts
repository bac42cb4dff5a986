export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Cookie carrying the chosen interface language (spec §9: cookie prefix pro__). */
export const LANGUAGE_COOKIE = 'pro__language';

/** Maps any language tag to one of ours: zh-HK/zh-MO/zh-Hant → zh-TW, other zh → zh-CN. */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase();
  if (t.startsWith('zh')) {
    return /^zh-(tw|hk|mo|hant)/.test(t) ? 'zh-TW' : 'zh-CN';
  }
  if (t.startsWith('en')) return 'en-US';
  return undefined;
}

/** Cookie first, then the browser's Accept-Language list in order, then English. */
export function resolveLocale(cookieValue?: string | null, acceptLanguage?: string | null): Locale {
  const fromCookie = matchLocale(cookieValue);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const found = matchLocale(part.split(';')[0]);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

export type Localized = Record<Locale, string>;
