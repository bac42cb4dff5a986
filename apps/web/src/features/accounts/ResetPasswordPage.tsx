import { codeSchema, passwordSchema } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Result, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { requiredRule, sameAsRule, zodRule } from '../../lib/formRules.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi } from './accounts.api.ts';
import { CodeButton } from './CodeButton.tsx';
import { useLocale } from './useLocale.ts';

/** /resetpsw: account → code (turned into a one-time ticket) → new password twice. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState('');
  const [ticket, setTicket] = useState('');
  const [accountForm] = Form.useForm<{ account: string; code: string }>();
  const [passwordForm] = Form.useForm<{ password: string; password2: string }>();

  const verify = useMutation({
    mutationFn: (v: { account: string; code: string }) =>
      accountsApi.validateForgetCode(v.account.trim(), v.code.trim()),
    meta: { form: accountForm },
    onSuccess: (reply, v) => {
      setAccount(v.account.trim());
      setTicket(reply.ticket);
      setStep(1);
    },
  });
  const reset = useMutation({
    mutationFn: (v: { password: string; password2: string }) => accountsApi.resetPassword({ account, ticket, ...v }),
    meta: { form: passwordForm },
    onSuccess: () => setStep(2),
  });

  const sendCode = async () => {
    try {
      await accountForm.validateFields(['account']);
    } catch {
      return false;
    }
    try {
      await accountsApi.forgetCode(accountForm.getFieldValue('account').trim());
      message.success(t('auth.codeSent'));
      return true;
    } catch (error) {
      message.error(errorText(error, placeFieldErrors(accountForm, error)));
      return false;
    }
  };

  return (
    <AuthLayout title={t('reset.title')}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: t('reset.stepAccount') }, { title: t('reset.stepPassword') }, { title: t('reset.stepDone') }]}
      />
      {step === 0 && (
        <Form form={accountForm} layout="vertical" onFinish={(v) => verify.mutate(v)}>
          <Form.Item name="account" label={t('reset.account')} rules={[requiredRule(locale)]}>
            <Input placeholder={t('reset.accountPlaceholder')} autoComplete="username" />
          </Form.Item>
          <Form.Item label={t('auth.code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[zodRule(codeSchema, locale)]}>
                <Input aria-label={t('auth.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
              </Form.Item>
              <CodeButton send={sendCode} />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={verify.isPending}>
            {t('common.next')}
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form form={passwordForm} layout="vertical" onFinish={(v) => reset.mutate(v)}>
          <Form.Item
            name="password"
            label={t('account.newPassword')}
            required
            rules={[zodRule(passwordSchema, locale)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password2"
            label={t('account.confirmPassword')}
            required
            dependencies={['password']}
            rules={[sameAsRule('password', locale)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('common.confirm')}
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('reset.done')}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              {t('auth.login')}
            </Button>
          }
        />
      )}
      {step < 2 && (
        <div style={{ marginTop: 12, textAlign: 'center' }}>
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </div>
      )}
    </AuthLayout>
  );
}
