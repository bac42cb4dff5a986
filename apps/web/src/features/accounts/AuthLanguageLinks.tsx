import { LOCALES, type Locale } from '@concord/shared';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../app/languageNames.ts';
import { chooseLanguage } from './chooseLanguage.ts';

/** Plain links rather than the shell's dropdown: the sign-in pages stay light. */
export function AuthLanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <Space size={0} role="group" aria-label={t('layout.language')}>
      {LOCALES.map((l: Locale) => (
        <Button
          key={l}
          type="link"
          size="small"
          disabled={i18n.language === l}
          onClick={() => void chooseLanguage(l)}
          lang={l}
        >
          {LANGUAGE_NAMES[l]}
        </Button>
      ))}
    </Space>
  );
}
