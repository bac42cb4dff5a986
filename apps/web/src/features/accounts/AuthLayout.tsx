import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLanguageLinks } from './AuthLanguageLinks.tsx';
import { OutboxLink } from './OutboxLink.tsx';

/** The frame of the sign-in pages, in plain elements: the login page loads no antd (P-07). */
export function AuthLayout({
  title,
  children,
  outbox = true,
}: {
  title: string;
  children: ReactNode;
  outbox?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <h1>Concord SRM</h1>
          <p className="auth-tagline">{t('auth.tagline')}</p>
        </div>
        <section className="auth-panel" aria-labelledby="auth-title">
          <h2 id="auth-title" className="auth-panel-title">
            {title}
          </h2>
          <div className="auth-panel-body">{children}</div>
        </section>
        <div className="auth-links">
          <AuthLanguageLinks />
          {outbox && <OutboxLink />}
        </div>
      </div>
    </main>
  );
}
