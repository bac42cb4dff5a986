import { DownOutlined } from '@ant-design/icons';
import type { QualificationListItem } from '@concord/shared';
import { qualificationMachine } from '@concord/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Dropdown, Empty, Result, Space, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { PAGE_SIZES } from '../../components/list/useListParams.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { DueDate, ValidityText } from './QualificationParts.tsx';
import { type QualificationFilter, qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import { detailPathFrom, type Side } from './qualifications.rules.ts';
import { useQualificationActions } from './useQualificationActions.tsx';

/**
 * The documents table of both sides (UI.md two-sided documents): the buyer sees the supplier and who
 * asked, the supplier sees the customer. The row buttons come from the shared transition table; the
 * first one is a link, the rest sit under "more".
 */
export function DocumentList({
  side,
  filter,
  page,
  size,
  onPageChange,
  filtered,
  toolbarLeft,
  searchVisible,
  onToggleSearch,
  emptyAction,
  initialHidden = [],
}: {
  side: Side;
  filter: QualificationFilter;
  page: number;
  size: number;
  onPageChange: (page: number, size: number) => void;
  filtered: boolean;
  toolbarLeft?: ReactNode;
  searchVisible?: boolean;
  onToggleSearch?: () => void;
  emptyAction?: ReactNode;
  /** Columns hidden until the user shows them (the supplier column inside a supplier's own page). */
  initialHidden?: string[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [hidden, setHidden] = useState<string[]>(initialHidden);
  const detailPath = (id: string) => detailPathFrom(pathname, id, filter.supplierId);
  const actions = useQualificationActions(side, (row) => navigate(detailPath(row.id)));
  const list = useQuery({
    queryKey: qualificationKeys.list(side, filter, page, size),
    queryFn: () => qualificationsApi.list(side, filter, page, size),
    placeholderData: keepPreviousData,
  });

  const partner: TableColumnsType<QualificationListItem> =
    side === 'buyer'
      ? [
          {
            key: 'supplier',
            title: t('qualifications.fields.supplier'),
            width: 220,
            ellipsis: { showTitle: true },
            render: (_v, r) => `${r.supCode} ${r.supName}`,
          },
        ]
      : [
          {
            key: 'customer',
            title: t('qualifications.fields.customer'),
            dataIndex: 'customerName',
            width: 200,
            ellipsis: { showTitle: true },
          },
        ];

  const allColumns: TableColumnsType<QualificationListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'fileCode',
      title: t('qualifications.fields.fileCode'),
      dataIndex: 'fileCode',
      width: 100,
      render: (code: string, row) => <Link to={detailPath(row.id)}>{code}</Link>,
    },
    {
      key: 'fileName',
      title: t('qualifications.fields.fileName'),
      dataIndex: 'fileName',
      width: 240,
      ellipsis: { showTitle: true },
    },
    {
      key: 'status',
      title: t('qualifications.fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: number) => <StatusTag machine={qualificationMachine} status={s} />,
    },
    {
      key: 'fileDqDate',
      title: t('qualifications.fields.fileDqDate'),
      dataIndex: 'fileDqDate',
      width: 240,
      render: (_v, r) => <DueDate doc={r} />,
    },
    ...partner,
    {
      key: 'validityType',
      title: t('qualifications.fields.validityType'),
      dataIndex: 'validityType',
      width: 120,
      render: (v: string) => <ValidityText validityType={v} />,
    },
    {
      key: 'isNecessary',
      title: t('qualifications.fields.isNecessary'),
      dataIndex: 'isNecessary',
      width: 90,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      key: 'documentCode',
      title: t('qualifications.fields.documentCode'),
      dataIndex: 'documentCode',
      width: 150,
      ellipsis: { showTitle: true },
    },
    {
      key: 'attachments',
      title: t('qualifications.fields.attachments'),
      dataIndex: 'attachmentCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'submitTime',
      title: t('qualifications.fields.submitTime'),
      dataIndex: 'submitTime',
      width: 170,
      render: formatDateTime,
    },
    ...(side === 'buyer'
      ? [{ key: 'owner', title: t('qualifications.fields.owner'), dataIndex: 'ownerName', width: 120 }]
      : []),
    {
      key: 'createdAt',
      title: t('qualifications.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => {
        const [first, ...more] = actions.actionsFor(row);
        return (
          <Space size={0}>
            <OperationButton type="link" size="small" readOnly onClick={() => navigate(detailPath(row.id))}>
              {t('qualifications.actions.detail')}
            </OperationButton>
            {first && (
              <Button
                type="link"
                size="small"
                danger={first === 'invalidate'}
                loading={actions.pendingFor(row) === first}
                onClick={() => actions.run(row, first)}
              >
                {t(`qualifications.actions.${first}`)}
              </Button>
            )}
            {more.length > 0 && (
              <Dropdown
                menu={{
                  items: more.map((action) => ({
                    key: action,
                    label: t(`qualifications.actions.${action}`),
                    danger: action === 'invalidate' || action === 'fail',
                  })),
                  onClick: ({ key }) => actions.run(row, key as (typeof more)[number]),
                }}
              >
                <Button type="link" size="small" aria-label={t('qualifications.actions.more')}>
                  <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  const columns = allColumns.filter((c) => !hidden.includes(String(c.key)));

  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const emptyText = filtered
    ? t('qualifications.list.emptyFiltered')
    : side === 'buyer'
      ? t('qualifications.list.empty')
      : t('qualifications.list.receivedEmpty');
  return (
    <>
      <TableToolbar
        left={toolbarLeft}
        searchVisible={searchVisible ?? false}
        onToggleSearch={onToggleSearch ?? (() => undefined)}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
        columns={allColumns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={hidden}
        onHiddenChange={setHidden}
      />
      <Table<QualificationListItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.dataList ?? []}
        scroll={{ x: 1900 }}
        locale={{ emptyText: <Empty description={emptyText}>{!filtered && emptyAction}</Empty> }}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: onPageChange,
        }}
      />
      {actions.dialogs}
    </>
  );
}
