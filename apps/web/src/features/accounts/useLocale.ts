import type { Locale } from '@concord/shared';
import { useTranslation } from 'react-i18next';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return (['zh-CN', 'zh-TW', 'en-US'] as const).find((l) => l === i18n.language) ?? 'en-US';
}
