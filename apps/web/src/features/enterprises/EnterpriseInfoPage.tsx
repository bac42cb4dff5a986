import { EditOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import type { EnterpriseInfo } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session.ts';
import { CapabilitiesTable } from './CapabilitiesTable.tsx';
import { EnterpriseEditForm } from './EnterpriseEditForm.tsx';
import { enterpriseKeys, enterprisesApi } from './enterprises.api.ts';

function InviteCode({ info }: { info: EnterpriseInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rotate = useMutation({
    mutationFn: enterprisesApi.rotateInviteCode,
    onSuccess: ({ inviteCode }) => {
      queryClient.setQueryData<EnterpriseInfo>(enterpriseKeys.info, (old) => (old ? { ...old, inviteCode } : old));
      message.success(t('enterprise.inviteRotated'));
    },
  });
  return (
    <Space>
      <Typography.Text copyable strong>
        {info.inviteCode}
      </Typography.Text>
      <Popconfirm title={t('enterprise.rotateConfirm')} onConfirm={() => rotate.mutate()}>
        <Button size="small" icon={<SyncOutlined />} loading={rotate.isPending}>
          {t('enterprise.rotate')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

const list = (values: string[]) =>
  values.length > 0 ? (
    <Space wrap size={4}>
      {values.map((v) => (
        <Tag key={v}>{v}</Tag>
      ))}
    </Space>
  ) : (
    '—'
  );

function InfoView({ info, isAdmin, onEdit }: { info: EnterpriseInfo; isAdmin: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const or = (v: string) => v || '—';
  return (
    <>
      <Card
        className="page-card"
        title={info.name}
        extra={
          isAdmin && (
            <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
              {t('common.edit')}
            </Button>
          )
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'compNo',
              label: t('enterprise.compNo'),
              children: <Typography.Text copyable>{info.compNo}</Typography.Text>,
            },
            ...(isAdmin && info.inviteCode
              ? [{ key: 'invite', label: t('enterprise.inviteCode'), children: <InviteCode info={info} /> }]
              : []),
            { key: 'shortName', label: t('enterprise.shortName'), children: or(info.shortName) },
            { key: 'printName', label: t('enterprise.printName'), children: or(info.printName) },
            { key: 'credit', label: t('enterprise.socialCreditCode'), children: or(info.socialCreditCode) },
            { key: 'industry', label: t('enterprise.industry'), children: or(info.industry) },
            {
              key: 'scale',
              label: t('enterprise.scale'),
              children: info.scale ? t(`enterprise.scales.${info.scale}`) : '—',
            },
            { key: 'legal', label: t('enterprise.legalPerson'), children: or(info.legalPerson) },
            { key: 'bank', label: t('enterprise.bankName'), children: or(info.bankName) },
            { key: 'account', label: t('enterprise.bankAccount'), children: or(info.bankAccount) },
            { key: 'phone', label: t('enterprise.phone'), children: or(info.phone) },
            { key: 'address', label: t('enterprise.address'), children: or(info.address) },
            { key: 'timeZone', label: t('enterprise.timeZone'), children: info.timeZone },
            {
              key: 'dc',
              label: t('enterprise.isDataCentre'),
              children: info.isDataCentre ? t('common.yes') : t('common.no'),
            },
            {
              key: 'capWarning',
              label: t('enterprise.contractCapWarning'),
              children: info.contractCapWarning ? t('common.yes') : t('common.no'),
            },
            {
              key: 'ranks',
              label: t('enterprise.rankTypes'),
              children: list(info.rankTypes.map((r) => t(`enterprise.ranks.${r}`))),
            },
            { key: 'subs', label: t('enterprise.subsidiaries'), children: list(info.subsidiaries) },
            { key: 'divs', label: t('enterprise.divisions'), children: list(info.divisions) },
            {
              key: 'profile',
              label: t('enterprise.profile'),
              span: 'filled',
              children: (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {or(info.profile)}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'terms',
              label: t('enterprise.contractTerms'),
              span: 'filled',
              children: (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {or(info.contractTerms)}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <Card className="page-card" title={t('enterprise.capabilities')}>
        <CapabilitiesTable capabilities={info.capabilities} />
      </Card>
    </>
  );
}

/** /enterpriseinformation (COMP_INFO). Administrators edit it and see the invite code. */
export function EnterpriseInfoPage() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const [editing, setEditing] = useState(false);
  const query = useQuery({ queryKey: enterpriseKeys.info, queryFn: enterprisesApi.get, meta: { silent: true } });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={query.error.message}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return editing && isAdmin ? (
    <EnterpriseEditForm info={query.data} onDone={() => setEditing(false)} />
  ) : (
    <InfoView info={query.data} isAdmin={isAdmin} onEdit={() => setEditing(true)} />
  );
}
