import {
  emailSchema,
  hasContact,
  type InviteEmployeeInput,
  inviteEmployeeSchema,
  isValidMobile,
  MOBILE_AREAS,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { useDepartmentTree } from '../departments/departments.api.ts';
import { departmentOptions } from '../departments/departmentTree.ts';
import { staffApi, staffKeys } from './staff.api.ts';

interface Values {
  name?: string;
  mobileArea: string;
  mobile?: string;
  email?: string;
  deptId?: string | null;
  erpCode?: string;
  erpName?: string;
  remarks?: string;
}

const fields = inviteEmployeeSchema.shape;

/** Invite by mobile (+86 / +852) or e-mail, at least one (spec §5), with department and ERP identity. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const tree = useDepartmentTree();

  const invite = useMutation({
    mutationFn: (v: Values) => staffApi.invite({ ...v, deptId: v.deptId ?? null } as InviteEmployeeInput),
    meta: { form },
    onSuccess: (_r, v) => {
      const contact = [v.mobile ? `${v.mobileArea} ${v.mobile}` : '', v.email ?? ''].filter(Boolean).join(' / ');
      message.success(t('organization.staff.invited', { contact }));
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });

  const contactRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async () => {
      const contact = { mobile: String(getFieldValue('mobile') ?? ''), email: String(getFieldValue('email') ?? '') };
      if (!hasContact(contact)) throw new Error(t('organization.staff.contactRequired'));
    },
  });

  return (
    <Modal
      open
      width={560}
      title={t('organization.staff.inviteTitle')}
      mask={{ closable: false }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('organization.staff.inviteHint')} />
      <Form form={form} layout="vertical" initialValues={{ mobileArea: '+86' }} onFinish={(v) => invite.mutate(v)}>
        <Form.Item name="name" label={t('organization.staff.name')} rules={[zodRule(fields.name, locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('organization.staff.mobile')}>
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
              rules={[
                contactRule,
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: unknown) => {
                    const mobile = String(value ?? '').trim();
                    if (mobile && !isValidMobile(mobile, String(getFieldValue('mobileArea')))) {
                      throw new Error(validationMessage('mobile', locale));
                    }
                  },
                }),
              ]}
            >
              <Input placeholder={t('auth.mobilePlaceholder')} inputMode="numeric" maxLength={11} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="email"
          label={t('organization.staff.email')}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const email = String(value ?? '').trim();
                if (email && !emailSchema.safeParse(email).success) throw new Error(validationMessage('email', locale));
              },
            },
          ]}
        >
          <Input maxLength={254} inputMode="email" />
        </Form.Item>
        <Form.Item name="deptId" label={t('organization.staff.dept')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={tree.isLoading}
            treeData={departmentOptions(tree.data ?? [])}
          />
        </Form.Item>
        <Form.Item name="erpCode" label={t('organization.staff.erpCode')} rules={[zodRule(fields.erpCode, locale)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="erpName" label={t('organization.staff.erpName')} rules={[zodRule(fields.erpName, locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="remarks" label={t('organization.staff.remarks')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
