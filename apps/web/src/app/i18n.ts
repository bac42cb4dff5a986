import { LANGUAGE_COOKIE, type Locale, resolveLocale } from '@concord/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import type { enUS } from '../locales/en-US.ts';

type Messages = typeof enUS;

/** Only the language in use is downloaded; the others load when the user switches. */
const MESSAGES: Record<Locale, () => Promise<Messages>> = {
  'en-US': () => import('../locales/en-US.ts').then((m) => m.enUS),
  'zh-CN': () => import('../locales/zh-CN.ts').then((m) => m.zhCN as Messages),
  'zh-TW': () => import('../locales/zh-TW.ts').then((m) => m.zhTW as Messages),
};

async function loadMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await MESSAGES[locale]());
}

const DAYJS_LOCALES: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw' };

/** Cookie, then the browser's languages, then English (spec §1). */
export function initialLocale(): Locale {
  const browser = typeof navigator === 'undefined' ? '' : (navigator.languages ?? [navigator.language]).join(',');
  return resolveLocale(readCookie(LANGUAGE_COOKIE), browser);
}

export function currentLocale(): Locale {
  return (i18n.language as Locale | undefined) ?? initialLocale();
}

export async function changeLocale(locale: Locale): Promise<void> {
  // The server localizes its messages from the same cookie.
  writeCookie(LANGUAGE_COOKIE, locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  document.documentElement.lang = locale;
  await loadMessages(locale);
  await i18n.changeLanguage(locale);
}

/** Resolves once the starting language's messages are in place, before the first render. */
export async function setupI18n(): Promise<typeof i18n> {
  const locale = initialLocale();
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      // en-US is the fallback only for keys, which tsc already guarantees; no second download.
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await loadMessages(locale);
  await i18n.changeLanguage(locale);
  return i18n;
}
