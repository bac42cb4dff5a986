import type { PotentialSupplierDetail, ProspectAuditRecord } from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';

/** The prospect's facts, shared by the pool's detail and the auditor's screen. */
export function ProspectSummary({ prospect }: { prospect: PotentialSupplierDetail }) {
  const { t } = useTranslation();
  const mobile = prospect.mobile ? `${prospect.mobileArea} ${prospect.mobile}` : '';
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
      <Descriptions.Item label={t('sourcing.fields.name')} span={2}>
        {prospect.name}
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.compNo')}>{prospect.compNo || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.contactName')}>{prospect.contactName}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.mobile')}>{mobile || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.email')}>{prospect.email || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.socialCreditCode')}>
        {prospect.socialCreditCode || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.supplierClass')}>
        {prospect.supplierClassName ?? '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.owner')}>{prospect.ownerName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.productDescription')} span={3}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {prospect.productDescription || '—'}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.requiredQualifications')} span={3}>
        {prospect.requiredQualifications.length ? (
          <Space size={[4, 4]} wrap>
            {prospect.requiredQualifications.map((q) => (
              <Tag key={q}>{q}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.attachments')} span={3}>
        <AttachmentLinks files={prospect.attachments} />
      </Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.createdAt')}>{formatDateTime(prospect.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('sourcing.fields.updatedAt')}>{formatDateTime(prospect.updatedAt)}</Descriptions.Item>
    </Descriptions>
  );
}

export function AuditHistory({ audits }: { audits: ProspectAuditRecord[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<ProspectAuditRecord> = [
    {
      key: 'auditedAt',
      title: t('sourcing.audit.auditedAt'),
      dataIndex: 'auditedAt',
      width: 170,
      render: formatDateTime,
    },
    { key: 'auditor', title: t('sourcing.audit.auditor'), dataIndex: 'auditorName', width: 160 },
    {
      key: 'result',
      title: t('sourcing.audit.result'),
      dataIndex: 'result',
      width: 100,
      render: (r: 'pass' | 'fail') => (
        <Tag color={r === 'pass' ? 'success' : 'error'}>{t(`sourcing.audit.results.${r}`)}</Tag>
      ),
    },
    { key: 'score', title: t('sourcing.audit.score'), dataIndex: 'score', width: 80, align: 'right' },
    {
      key: 'comment',
      title: t('sourcing.audit.comment'),
      dataIndex: 'comment',
      render: (c: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{c}</span>,
    },
    {
      key: 'attachments',
      title: t('sourcing.fields.attachments'),
      dataIndex: 'attachments',
      width: 200,
      render: (files: ProspectAuditRecord['attachments']) => <AttachmentLinks files={files} />,
    },
  ];
  return (
    <Table<ProspectAuditRecord>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={audits}
      scroll={{ x: 900 }}
      locale={{ emptyText: <Empty description={t('sourcing.audit.none')} /> }}
    />
  );
}
