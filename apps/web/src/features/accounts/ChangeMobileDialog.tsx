import { codeSchema } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { accountsApi } from './accounts.api.ts';
import { CodeButton } from './CodeButton.tsx';
import { MobileField } from './MobileField.tsx';
import { clearLocalSession } from './session.ts';
import { useLocale } from './useLocale.ts';

const LOGOUT_DELAY_MS = 1000;

interface MobileValues {
  mobileArea: string;
  newMobile: string;
  newMobileCode: string;
}

/** Spec §4: step 1 checks the password; only then step 2 takes the new number and its code. */
export function ChangeMobileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [passwordForm] = Form.useForm<{ password: string }>();
  const [mobileForm] = Form.useForm<MobileValues>();

  const close = () => {
    setStep(0);
    onClose();
  };

  const check = useMutation({
    mutationFn: accountsApi.validatePassword,
    meta: { form: passwordForm },
    onSuccess: () => setStep(1),
  });
  const modify = useMutation({
    mutationFn: accountsApi.modifyMobile,
    meta: { form: mobileForm },
    onSuccess: () => {
      message.success(t('account.mobileChanged'));
      close();
      clearLocalSession();
      setTimeout(() => window.location.assign('/login'), LOGOUT_DELAY_MS);
    },
  });

  const sendCode = async () => {
    try {
      await mobileForm.validateFields(['newMobile']);
    } catch {
      return false;
    }
    const { mobileArea, newMobile } = mobileForm.getFieldsValue();
    try {
      await accountsApi.modifyMobileCode(mobileArea, newMobile);
      message.success(t('auth.codeSent'));
      return true;
    } catch (error) {
      message.error(errorText(error, placeFieldErrors(mobileForm, error)));
      return false;
    }
  };

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={check.isPending}
          onClick={() =>
            void passwordForm
              .validateFields()
              .then((v) => check.mutate(v.password))
              .catch(() => undefined)
          }
        >
          {t('common.next')}
        </Button>
      </Space>
    ) : (
      <Space>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={modify.isPending}
          onClick={() =>
            void mobileForm
              .validateFields()
              .then((v) => modify.mutate(v))
              .catch(() => undefined)
          }
        >
          {t('common.confirm')}
        </Button>
      </Space>
    );

  return (
    <Modal
      title={t('account.changeMobile')}
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={close}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: t('account.verifyPassword') }, { title: t('account.newMobile') }]}
      />
      {step === 0 ? (
        <Form form={passwordForm} layout="vertical">
          <Form.Item name="password" label={t('account.currentPassword')} rules={[requiredRule(locale)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      ) : (
        <Form form={mobileForm} layout="vertical" initialValues={{ mobileArea: '+86' }}>
          <MobileField name="newMobile" label={t('account.newMobile')} />
          <Form.Item label={t('auth.code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="newMobileCode" noStyle rules={[zodRule(codeSchema, locale)]}>
                <Input aria-label={t('auth.code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
              </Form.Item>
              <CodeButton send={sendCode} />
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
