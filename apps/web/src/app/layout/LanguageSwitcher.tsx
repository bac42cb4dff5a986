import { TranslationOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@concord/shared';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../features/accounts/chooseLanguage.ts';
import { LANGUAGE_NAMES } from '../languageNames.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LOCALES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void chooseLanguage(key as Locale),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')}>
        {LANGUAGE_NAMES[i18n.language as Locale] ?? LANGUAGE_NAMES['en-US']}
      </Button>
    </Dropdown>
  );
}
