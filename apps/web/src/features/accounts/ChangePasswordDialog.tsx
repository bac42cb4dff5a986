import { passwordSchema } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { requiredRule, sameAsRule, zodRule } from '../../lib/formRules.ts';
import { accountsApi } from './accounts.api.ts';
import { clearLocalSession } from './session.ts';
import { useLocale } from './useLocale.ts';

/** Spec §9: after a password change the user is logged out and the page reloads after 1 s. */
export const PASSWORD_CHANGE_LOGOUT_DELAY_MS = 1000;

interface Values {
  password: string;
  newpassword1: string;
  newpassword2: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const mutation = useMutation({
    mutationFn: accountsApi.changePassword,
    // Spec §8: password change errors show as warnings.
    meta: { silent: true },
    onError: (error) => message.warning(errorText(error, placeFieldErrors(form, error))),
    onSuccess: () => {
      message.success(t('account.passwordChanged'));
      onClose();
      clearLocalSession();
      setTimeout(() => window.location.assign('/login'), PASSWORD_CHANGE_LOGOUT_DELAY_MS);
    },
  });

  return (
    <Modal
      title={t('account.changePassword')}
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => mutation.mutate(v))
          .catch(() => undefined)
      }
      confirmLoading={mutation.isPending}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label={t('account.currentPassword')} rules={[requiredRule(locale)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newpassword1"
          label={t('account.newPassword')}
          required
          rules={[zodRule(passwordSchema, locale)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="newpassword2"
          label={t('account.confirmPassword')}
          required
          dependencies={['newpassword1']}
          rules={[sameAsRule('newpassword1', locale)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
