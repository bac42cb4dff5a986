import {
  codeSchema,
  emailSchema,
  passwordSchema,
  type RegisterInput,
  usernameSchema,
  validationMessage,
} from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { withLoginNotice } from '../../app/guards.tsx';
import { errorText, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { sameAsRule, zodRule } from '../../lib/formRules.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi } from './accounts.api.ts';
import { CodeButton } from './CodeButton.tsx';
import { MobileField } from './MobileField.tsx';
import { useLocale } from './useLocale.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterInput>();

  const register = useMutation({
    mutationFn: accountsApi.register,
    meta: { form },
    onSuccess: (reply) => {
      navigate('/login', {
        replace: true,
        ...withLoginNotice({ kind: 'success', text: t('register.done', { username: reply.username }) }),
      });
    },
  });

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    const { mobileArea, mobile } = form.getFieldsValue();
    try {
      await accountsApi.registerCode(mobileArea, mobile.trim());
      message.success(t('auth.codeSent'));
      return true;
    } catch (error) {
      message.error(errorText(error, placeFieldErrors(form, error)));
      return false;
    }
  };

  return (
    <AuthLayout title={t('register.title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mobileArea: '+86', agreement: false }}
        onFinish={(v) => register.mutate({ ...v, agreement: true })}
      >
        <Form.Item name="username" label={t('register.username')} required rules={[zodRule(usernameSchema, locale)]}>
          <Input autoComplete="username" />
        </Form.Item>
        <MobileField />
        <Form.Item name="email" label={t('register.email')} required rules={[zodRule(emailSchema, locale)]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={t('auth.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[zodRule(codeSchema, locale)]}>
              <Input aria-label={t('auth.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <CodeButton send={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} required rules={[zodRule(passwordSchema, locale)]}>
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
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (value !== true) throw new Error(validationMessage('agreement', locale));
              },
            },
          ]}
        >
          <Checkbox>{t('auth.agreement')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to="/login">{t('register.haveAccount')}</Link>
      </div>
    </AuthLayout>
  );
}
