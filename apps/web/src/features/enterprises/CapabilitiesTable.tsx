import type { EnterpriseInfo } from '@concord/shared';
import { Empty, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/http.ts';

type Capability = EnterpriseInfo['capabilities'][number];

export function CapabilitiesTable({ capabilities }: { capabilities: Capability[] }) {
  const { t } = useTranslation();
  return (
    <Table<Capability>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={capabilities}
      scroll={{ x: 760 }}
      locale={{ emptyText: <Empty description={t('enterprise.noCapabilities')} /> }}
      columns={[
        { title: '#', width: 50, render: (_v, _r, i) => i + 1 },
        { title: t('enterprise.capabilityNumber'), dataIndex: 'number', width: 140 },
        { title: t('enterprise.capabilityTitle'), dataIndex: 'title' },
        { title: t('enterprise.capabilityRemark'), dataIndex: 'remark' },
        {
          title: t('enterprise.validity'),
          dataIndex: 'validityType',
          width: 120,
          render: (v: Capability['validityType']) => t(`enterprise.validityTypes.${v}`),
        },
        { title: t('enterprise.expiryDate'), dataIndex: 'expiryDate', width: 120 },
        {
          title: t('enterprise.attachments'),
          dataIndex: 'attachments',
          render: (files: Capability['attachments']) => (
            <Space orientation="vertical" size={0}>
              {files.map((f) => (
                <a key={f.url} href={fileUrl(f.url)} target="_blank" rel="noreferrer">
                  {f.name}
                </a>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
