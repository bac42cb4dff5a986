import { TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@concord/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../features/accounts/chooseLanguage.ts';
import { LANGUAGE_NAMES } from '../languageNames.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const shown = LANGUAGE_NAMES[i18n.language as Locale] ?? LANGUAGE_NAMES['en-US'];
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void chooseLanguage(key as Locale),
      }}
    >
      {/* The name starts with the language shown (WCAG 2.5.3), then says what the button does. */}
      <Button type="text" icon={<TranslationOutlined />} aria-label={`${shown} (${t('layout.language')})`}>
        {shown}
      </Button>
    </Dropdown>
  );
}
