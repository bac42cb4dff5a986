import { compNoSchema, inviteCodeSchema } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/formRules.ts';
import { accountsApi } from './accounts.api.ts';
import { useLocale } from './useLocale.ts';

const COMP_NO_LENGTH = 8;

interface Values {
  sysCompNo: string;
  empInviteCode: string;
}

/**
 * Join with the 8-digit enterprise number (looked up as soon as 8 digits are typed, spec §5) and the
 * 6-digit invite code.
 */
export function JoinEnterpriseForm({
  onJoined,
  submitText,
}: {
  onJoined: (tenantId: string) => void | Promise<void>;
  submitText?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [company, setCompany] = useState<{ no: string; name: string } | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const lookup = async (value: string) => {
    setCompany(null);
    setLookupError(null);
    if (!compNoSchema.safeParse(value).success) return;
    try {
      const found = await accountsApi.companyForInvite(value);
      setCompany({ no: value, name: found.name });
    } catch (error) {
      setLookupError((error as Error).message);
    }
  };

  const join = useMutation({
    mutationFn: (v: Values) => accountsApi.acceptInvite(v.sysCompNo.trim(), v.empInviteCode.trim()),
    meta: { form },
    onSuccess: async (result) => {
      message.success(t('profile.joined'));
      form.resetFields();
      setCompany(null);
      await onJoined(result.tenantId);
    },
  });

  return (
    <Form form={form} layout="vertical" onFinish={(v) => join.mutate(v)}>
      <Form.Item
        name="sysCompNo"
        label={t('profile.enterpriseNumber')}
        required
        rules={[zodRule(compNoSchema, locale)]}
      >
        <Input
          maxLength={COMP_NO_LENGTH}
          inputMode="numeric"
          placeholder={t('profile.enterpriseNumberPlaceholder')}
          onChange={(e) => {
            const value = e.target.value.trim();
            if (value.length === COMP_NO_LENGTH) void lookup(value);
            else {
              setCompany(null);
              setLookupError(null);
            }
          }}
        />
      </Form.Item>
      {company && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('profile.foundCompany', { name: company.name })}
        />
      )}
      {lookupError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={lookupError} />}
      <Form.Item
        name="empInviteCode"
        label={t('profile.inviteCode')}
        required
        validateTrigger="onBlur"
        rules={[zodRule(inviteCodeSchema, locale)]}
      >
        <Input maxLength={6} inputMode="numeric" placeholder={t('profile.inviteCodePlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={join.isPending}>
        {submitText ?? t('profile.join')}
      </Button>
    </Form>
  );
}
