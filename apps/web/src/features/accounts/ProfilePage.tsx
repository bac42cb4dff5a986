import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { type CompRegisterInput, compRegisterSchema, SCALES } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fileUrl } from '../../api/http.ts';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { useSession } from '../../stores/session.ts';
import { MyInvitations } from '../staff/MyInvitations.tsx';
import { accountsApi } from './accounts.api.ts';
import { enterEnterprise } from './enterpriseMembership.ts';
import { JoinEnterpriseForm } from './JoinEnterpriseForm.tsx';
import { reloadUserInfo } from './session.ts';
import { useLocale } from './useLocale.ts';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];
const MAX_UPLOAD_BYTES = 1024 * 1024;

function PersonalDataCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useSession((s) => s.userInfo)!;
  const [avatarUrl, setAvatarUrl] = useState<string | null>(user.sysUserInfo.photoUrl);
  const [form] = Form.useForm<{ name: string; introduction: string }>();

  const save = useMutation({
    mutationFn: (v: { name: string; introduction: string }) => accountsApi.updatePersonalData({ ...v, avatarUrl }),
    meta: { form },
    onSuccess: async () => {
      await reloadUserInfo();
      message.success(t('common.saved'));
    },
  });
  const upload = useMutation({ mutationFn: accountsApi.upload, onSuccess: (r) => setAvatarUrl(r.url) });

  return (
    <Card title={t('profile.personalData')} className="page-card">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'username', label: t('register.username'), children: user.sysUser.username },
          {
            key: 'mobile',
            label: t('auth.mobile'),
            children: `${user.sysUser.mobileArea} ${user.sysUser.phone ?? ''}`,
          },
          { key: 'email', label: t('register.email'), children: user.sysUser.email ?? '' },
          {
            key: 'enterprise',
            label: t('profile.currentEnterprise'),
            children: user.tenant?.name ?? t('profile.none'),
          },
        ]}
      />
      {/* Named forms prefix their field ids: both forms on this page have a "name" field. */}
      <Form
        name="personalData"
        form={form}
        layout="vertical"
        initialValues={{ name: user.sysUser.name, introduction: user.sysUserInfo.introduction ?? '' }}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 560 }}
      >
        <Form.Item label={t('profile.avatar')}>
          <Space>
            <Avatar size={64} src={fileUrl(avatarUrl)} icon={<UserOutlined />} />
            <Upload
              accept=".jpg,.jpeg,.png"
              showUploadList={false}
              beforeUpload={(file) => {
                // Spec §5: pictures are jpeg/jpg/png, at most 1 MB.
                if (!AVATAR_TYPES.includes(file.type)) message.error(t('upload.pictureFormat'));
                else if (file.size > MAX_UPLOAD_BYTES) message.error(t('upload.tooLarge'));
                else upload.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {t('profile.uploadAvatar')}
              </Button>
            </Upload>
          </Space>
        </Form.Item>
        <Form.Item name="name" label={t('profile.name')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.introduction')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

function CreateEnterpriseCard({ onDone }: { onDone: (tenantId: string) => Promise<void> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<CompRegisterInput>();
  const create = useMutation({
    mutationFn: (v: Partial<CompRegisterInput>) => accountsApi.compRegister(compRegisterSchema.parse(v)),
    meta: { form },
    onSuccess: async (reply) => {
      message.success(t('profile.created', { compNo: reply.compNo, inviteCode: reply.inviteCode }));
      await onDone(reply.tenantId);
    },
  });
  return (
    <Card title={t('profile.createEnterprise')} className="page-card" style={{ height: '100%' }}>
      <Form name="createEnterprise" form={form} layout="vertical" onFinish={(v) => create.mutate(v)}>
        <Form.Item name="name" label={t('enterprise.name')} rules={[requiredRule(locale)]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="shortName" label={t('enterprise.shortName')} rules={[requiredRule(locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="socialCreditCode"
          label={t('enterprise.socialCreditCode')}
          rules={[zodRule(compRegisterSchema.shape.socialCreditCode, locale)]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="industry" label={t('enterprise.industry')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="scale" label={t('enterprise.scale')}>
          <Select allowClear options={SCALES.map((s) => ({ value: s, label: t(`enterprise.scales.${s}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('profile.create')}
        </Button>
      </Form>
    </Card>
  );
}

/** /profile/index: personal data, and where a user without an enterprise creates or joins one. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isJoin = useSession((s) => s.userInfo?.isJoin ?? false);
  const enter = async (tenantId: string) => {
    await enterEnterprise(tenantId);
    navigate('/enterpriseinformation');
  };
  return (
    <>
      {!isJoin && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('profile.notJoined')} />}
      <MyInvitations />
      <PersonalDataCard />
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <CreateEnterpriseCard onDone={enter} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('profile.joinEnterprise')} style={{ height: '100%' }}>
            <JoinEnterpriseForm onJoined={enter} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
