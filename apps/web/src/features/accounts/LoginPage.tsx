import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { validationMessage } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Flex, Form, Input, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { useSession } from '../../stores/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi, OIDC_START_PATH } from './accounts.api.ts';
import { useLocale } from './useLocale.ts';

// The other tabs load on demand so the first screen downloads only the account form.
const MobileLoginForm = lazy(() => import('./MobileLoginForm.tsx').then((m) => ({ default: m.MobileLoginForm })));
const QrLoginPanel = lazy(() => import('./QrLoginPanel.tsx').then((m) => ({ default: m.QrLoginPanel })));

type LoginTab = 'account' | 'mobile' | 'qr';

interface AccountValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<LoginTab>('account');
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState(false);
  const [accountForm] = Form.useForm<AccountValues>();
  const redirect = safeRedirect(params.get('redirect'));
  const oidc = useQuery({ queryKey: ['oidcConfig'], queryFn: accountsApi.oidcConfig, meta: { silent: true } });

  // Storing the token is enough: the guest guard then follows ?redirect= and the login guard loads the user.
  const signIn = (reply: { access_token: string; expires_in: number }) =>
    useSession.getState().signIn(reply.access_token, reply.expires_in);

  const accountLogin = useMutation({
    mutationFn: (v: AccountValues) => accountsApi.passwordLogin(v.username.trim(), v.password),
    meta: { form: accountForm },
    onSuccess: signIn,
  });

  const requireAgreement = (): boolean => {
    setAgreementError(!agreed);
    return agreed;
  };

  const accountPane = (
    <Form
      form={accountForm}
      layout="vertical"
      onFinish={(v) => requireAgreement() && accountLogin.mutate(v)}
      onFinishFailed={requireAgreement}
    >
      <Form.Item name="username" label={t('auth.account')} rules={[requiredRule(locale)]}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.accountPlaceholder')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[requiredRule(locale)]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={accountLogin.isPending}>
        {t('auth.login')}
      </Button>
    </Form>
  );

  return (
    <AuthLayout title={t('auth.loginTitle')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as LoginTab)}
        destroyOnHidden
        items={[
          { key: 'account', label: t('auth.tabAccount'), children: accountPane },
          {
            key: 'mobile',
            label: t('auth.tabMobile'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <MobileLoginForm guard={requireAgreement} onToken={signIn} />
              </Suspense>
            ),
          },
          {
            key: 'qr',
            label: t('auth.tabQr'),
            children: (
              <Suspense fallback={<PageLoading />}>
                <QrLoginPanel />
              </Suspense>
            ),
          },
        ]}
      />
      {tab !== 'qr' && (
        <div style={{ marginTop: 12 }}>
          <Checkbox
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (e.target.checked) setAgreementError(false);
            }}
          >
            {t('auth.agreement')}
          </Checkbox>
          {agreementError && (
            <div role="alert">
              <Typography.Text type="danger">{validationMessage('agreement', locale)}</Typography.Text>
            </div>
          )}
        </div>
      )}
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Link to="/resetpsw">{t('auth.forgotPassword')}</Link>
        <Link to="/register">{t('auth.freeRegistration')}</Link>
      </Flex>
      {oidc.data?.enabled && (
        <>
          <Divider plain>{t('auth.otherMethods')}</Divider>
          <Button block href={`${OIDC_START_PATH}?redirect=${encodeURIComponent(redirect)}`}>
            {t('auth.thirdParty', { name: oidc.data.name || 'OpenID Connect' })}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
