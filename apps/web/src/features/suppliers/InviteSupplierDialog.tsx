import {
  compNoSchema,
  isValidMobile,
  MOBILE_AREAS,
  type SupplierInviteInput,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormRule } from 'antd';
import { Alert, App, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { accountsApi } from '../accounts/accounts.api.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

const COMP_NO_LENGTH = 8;

interface Values {
  by: 'compNo' | 'contact';
  compNo?: string;
  enterpriseName?: string;
  receiverName: string;
  mobileArea: string;
  mobile?: string;
  email?: string;
  supCode?: string;
  supplierClassId?: string | null;
}

/**
 * Invite a supplier (spec §5: invited enterprise and receiver required; mobile or e-mail at least one):
 * an enterprise on Concord by its 8-digit number, looked up as soon as 8 digits are typed, or a company
 * not on Concord yet, which gets a registration link. `archive` invites an existing archive row.
 */
export function InviteSupplierDialog({
  open,
  onClose,
  classOptions,
  archive,
}: {
  open: boolean;
  onClose: () => void;
  classOptions: { value: string; label: string }[];
  archive?: { id: string; supName: string; supplierClassId: string | null } | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const by = Form.useWatch('by', form) ?? 'compNo';
  const [found, setFound] = useState<{ no: string; name: string } | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const lookup = async (value: string) => {
    setFound(null);
    setLookupError(null);
    if (!compNoSchema.safeParse(value).success) return;
    try {
      const company = await accountsApi.companyForInvite(value);
      setFound({ no: value, name: company.name });
    } catch (error) {
      setLookupError((error as Error).message);
    }
  };

  const close = () => {
    form.resetFields();
    setFound(null);
    setLookupError(null);
    onClose();
  };

  const invite = useMutation({
    mutationFn: (input: SupplierInviteInput) => suppliersApi.invite(input),
    meta: { form },
    onSuccess: (result) => {
      message.success(result.linkSent ? t('partners.invite.linkSent') : t('partners.invite.sent'));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      close();
    },
  });

  const submit = (v: Values) => {
    const common = {
      supplierId: archive?.id,
      receiverName: v.receiverName.trim(),
      supCode: v.supCode?.trim() ?? '',
      supplierClassId: v.supplierClassId ?? null,
    };
    invite.mutate(
      v.by === 'compNo'
        ? { by: 'compNo', compNo: v.compNo!.trim(), ...common }
        : {
            by: 'contact',
            enterpriseName: v.enterpriseName!.trim(),
            mobileArea: v.mobileArea as (typeof MOBILE_AREAS)[number],
            mobile: v.mobile?.trim() ?? '',
            email: v.email?.trim() ?? '',
            ...common,
          },
    );
  };

  const contactRule: FormRule = ({ getFieldValue }) => ({
    validator: async () => {
      if (!getFieldValue('mobile')?.trim() && !getFieldValue('email')?.trim()) {
        throw new Error(t('partners.invite.contactRequired'));
      }
    },
  });
  const mobileRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      if (value && !isValidMobile(String(value), getFieldValue('mobileArea') as string)) {
        throw new Error(validationMessage('mobile', locale));
      }
    },
  });

  return (
    <Modal
      title={archive ? `${t('partners.invite.title')} · ${archive.supName}` : t('partners.invite.title')}
      open={open}
      width={560}
      mask={{ closable: false }}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={invite.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          by: 'compNo',
          mobileArea: '+86',
          enterpriseName: archive?.supName,
          supplierClassId: archive?.supplierClassId ?? undefined,
        }}
        onFinish={submit}
      >
        <Form.Item name="by">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'compNo', label: t('partners.invite.byCompNo') },
              { value: 'contact', label: t('partners.invite.byContact') },
            ]}
          />
        </Form.Item>
        {by === 'compNo' ? (
          <>
            <Form.Item
              name="compNo"
              label={t('partners.invite.compNo')}
              required
              rules={[zodRule(compNoSchema, locale)]}
            >
              <Input
                maxLength={COMP_NO_LENGTH}
                inputMode="numeric"
                placeholder={t('partners.invite.compNoPlaceholder')}
                onChange={(e) => {
                  const value = e.target.value.trim();
                  if (value.length === COMP_NO_LENGTH) void lookup(value);
                  else {
                    setFound(null);
                    setLookupError(null);
                  }
                }}
              />
            </Form.Item>
            {found && (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('partners.invite.found', { name: found.name })}
              />
            )}
            {lookupError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={lookupError} />}
          </>
        ) : (
          <Form.Item name="enterpriseName" label={t('partners.invite.enterpriseName')} rules={[requiredRule(locale)]}>
            <Input maxLength={128} />
          </Form.Item>
        )}
        <Form.Item name="receiverName" label={t('partners.invite.receiverName')} rules={[requiredRule(locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        {by === 'contact' && (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('partners.invite.contactHint')} />
            <Form.Item label={t('partners.invite.mobile')}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="mobileArea" noStyle>
                  <Select
                    style={{ width: 90 }}
                    options={MOBILE_AREAS.map((a) => ({ value: a, label: a }))}
                    aria-label={t('auth.mobileArea')}
                  />
                </Form.Item>
                <Form.Item
                  name="mobile"
                  noStyle
                  dependencies={['mobileArea', 'email']}
                  rules={[contactRule, mobileRule]}
                >
                  <Input maxLength={11} inputMode="numeric" aria-label={t('partners.invite.mobile')} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="email"
              label={t('partners.invite.email')}
              dependencies={['mobile']}
              rules={[{ type: 'email', message: validationMessage('email', locale) }, contactRule]}
            >
              <Input maxLength={254} />
            </Form.Item>
          </>
        )}
        <Form.Item name="supplierClassId" label={t('partners.invite.supplierClass')}>
          <Select allowClear options={classOptions} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {!archive && (
          <Form.Item name="supCode" label={t('partners.invite.supCode')}>
            <Input maxLength={32} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
