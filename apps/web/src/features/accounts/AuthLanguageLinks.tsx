import { LOCALES, type Locale } from '@concord/shared';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../app/languageNames.ts';
import { chooseLanguage } from './chooseLanguage.ts';

/** Plain links rather than the shell's dropdown: the sign-in pages stay light. */
export function AuthLanguageLinks() {
  const { t, i18n } = useTranslation();
  return (
    <nav className="auth-languages" aria-label={t('layout.language')}>
      {LOCALES.map((l: Locale) => (
        <button
          key={l}
          type="button"
          className="plain-link"
          disabled={i18n.language === l}
          onClick={() => void chooseLanguage(l)}
          lang={l}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </nav>
  );
}
