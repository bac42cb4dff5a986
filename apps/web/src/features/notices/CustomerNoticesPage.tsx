import {
  NOTICE_RECIPIENT_STATUS,
  NOTICE_RECIPIENT_STATUS_NAMES,
  NOTICE_STATUS,
  noticeMachine,
  noticeRecipientMachine,
  offeredOnNotice,
  type ReceivedNoticeListItem,
} from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Button, Card, Empty, Form, Input, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { noticeKeys, noticesApi, receivedNoticePath, replyNoticePath } from './notices.api.ts';

/** /sale/custnotificate (SL_CUS): the notices my customers sent to my enterprise. */
export function CustomerNoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, filtered, search, clear } = useListFilter({
    keyword: filterField.text(),
    recipientStatus: filterField.code(NOTICE_RECIPIENT_STATUS_NAMES),
  });
  const list = useListQuery(
    { queryKey: noticeKeys.received(filter, page, size), queryFn: () => noticesApi.listReceived(filter, page, size) },
    { page, size, update },
  );

  const canReply = (r: ReceivedNoticeListItem) =>
    noticeRecipientMachine
      .available('supplier', r.status, () => true, offeredOnNotice(r.noticeStatus))
      .includes('reply');

  const allColumns: TableColumnsType<ReceivedNoticeListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'noticeNo',
      title: t('notices.fields.noticeNo'),
      dataIndex: 'noticeNo',
      width: 110,
      render: (no: string, row) => <Link to={receivedNoticePath(row.id)}>{no}</Link>,
    },
    {
      key: 'title',
      title: t('notices.fields.title'),
      dataIndex: 'title',
      ellipsis: { showTitle: true },
      render: (title: string, row) => (
        <Space size={4}>
          {row.status === NOTICE_RECIPIENT_STATUS.UNREAD ? <strong>{title}</strong> : title}
          {row.noticeStatus === NOTICE_STATUS.ABOLISHED && (
            <StatusTag machine={noticeMachine} status={row.noticeStatus} />
          )}
        </Space>
      ),
    },
    { key: 'customer', title: t('notices.fields.customer'), dataIndex: 'customerName', width: 220 },
    {
      key: 'status',
      title: t('notices.fields.myStatus'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <StatusTag machine={noticeRecipientMachine} status={s} />,
    },
    {
      key: 'needReply',
      title: t('notices.fields.needReply'),
      dataIndex: 'needReply',
      width: 100,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      key: 'publishedAt',
      title: t('notices.fields.publishedAt'),
      dataIndex: 'publishedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'repliedAt',
      title: t('notices.fields.repliedAt'),
      dataIndex: 'repliedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton type="link" size="small" readOnly onClick={() => navigate(receivedNoticePath(row.id))}>
            {t('notices.list.detail')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            permission="SL_CUS"
            row={row}
            visible={canReply}
            onClick={() => navigate(replyNoticePath(row.id))}
          >
            {t('notices.actions.reply')}
          </OperationButton>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['noticeNo', 'title', 'customer', 'status', 'needReply', 'publishedAt'],
  });

  if (list.isError && !list.data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(list.error as Error).message}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={search}
        >
          <Form.Item name="keyword" label={t('notices.filter.keyword')}>
            <Input allowClear placeholder={t('notices.filter.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="recipientStatus" label={t('notices.fields.myStatus')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={NOTICE_RECIPIENT_STATUS_NAMES.map((name, code) => ({
                value: code,
                label: t(`notices.recipientStatuses.${name}`),
              }))}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      <ListTable<ReceivedNoticeListItem>
        chrome={chrome}
        rowKey="recipientId"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: <Empty description={filtered ? t('notices.list.emptyFiltered') : t('notices.received.empty')} />,
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
