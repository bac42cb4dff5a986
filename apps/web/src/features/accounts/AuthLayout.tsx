import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLanguageLinks } from './AuthLanguageLinks.tsx';
import { OutboxLink } from './OutboxLink.tsx';

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
          <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
        </div>
        <Card title={title}>{children}</Card>
        <Flex justify="center" wrap style={{ marginTop: 8 }}>
          <AuthLanguageLinks />
          {outbox && <OutboxLink />}
        </Flex>
      </div>
    </main>
  );
}
