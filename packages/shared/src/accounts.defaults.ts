import type { UserSettings } from './accounts.schema.ts';
import { DEFAULT_LOCALE } from './locales.ts';

// Free of zod: the session store that holds these loads with the login page (P-07).
export const DEFAULT_USER_SETTINGS: Required<UserSettings> = {
  theme: '#1890ff',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  language: DEFAULT_LOCALE,
};
