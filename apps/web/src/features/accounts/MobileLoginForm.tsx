import { codeSchema, type TokenReply } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { zodRule } from '../../lib/formRules.ts';
import { accountsApi } from './accounts.api.ts';
import { CodeButton } from './CodeButton.tsx';
import { MobileField } from './MobileField.tsx';
import { useLocale } from './useLocale.ts';

interface MobileValues {
  mobileArea: string;
  mobile: string;
  code: string;
}

/** Mobile number + SMS code sign-in; `guard` enforces the agreement tick owned by the login page. */
export function MobileLoginForm({ guard, onToken }: { guard: () => boolean; onToken: (reply: TokenReply) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<MobileValues>();
  const login = useMutation({
    mutationFn: (v: MobileValues) => accountsApi.smsLogin(v.mobileArea, v.mobile.trim(), v.code.trim()),
    meta: { form },
    onSuccess: onToken,
  });

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    const { mobileArea, mobile } = form.getFieldsValue();
    try {
      await accountsApi.loginCode(mobileArea, mobile.trim());
      message.success(t('auth.codeSent'));
      return true;
    } catch (error) {
      message.error(errorText(error, placeFieldErrors(form, error)));
      return false;
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ mobileArea: '+86' }}
      onFinish={(v) => guard() && login.mutate(v)}
      onFinishFailed={guard}
    >
      <MobileField />
      <Form.Item label={t('auth.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[zodRule(codeSchema, locale)]}>
            <Input aria-label={t('auth.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
          </Form.Item>
          <CodeButton send={sendCode} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('auth.login')}
      </Button>
    </Form>
  );
}
