import type { Locale } from '@concord/shared';

/** Each language is named in itself so a reader of any of them can find theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};
