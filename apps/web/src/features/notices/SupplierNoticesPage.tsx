import { PlusOutlined } from '@ant-design/icons';
import { NOTICE_EDITABLE_STATUSES, NOTICE_STATUS_NAMES, type NoticeListItem, noticeMachine } from '@concord/shared';
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
import { editNoticePath, noticeKeys, noticesApi, sentNoticePath } from './notices.api.ts';

const NEW_NOTICE_PATH = '/supplier/newannounce';

/** /supplier/supnotificate (PO_SUP_CAT_EDIT): the notices this enterprise sent to its suppliers. */
export function SupplierNoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, filtered, search, clear } = useListFilter({
    keyword: filterField.text(),
    status: filterField.code(NOTICE_STATUS_NAMES),
  });
  const list = useListQuery(
    { queryKey: noticeKeys.sent(filter, page, size), queryFn: () => noticesApi.listSent(filter, page, size) },
    { page, size, update },
  );

  const allColumns: TableColumnsType<NoticeListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'noticeNo',
      title: t('notices.fields.noticeNo'),
      dataIndex: 'noticeNo',
      width: 110,
      render: (no: string, row) => <Link to={sentNoticePath(row.id)}>{no}</Link>,
    },
    { key: 'title', title: t('notices.fields.title'), dataIndex: 'title', ellipsis: { showTitle: true } },
    {
      key: 'status',
      title: t('notices.fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: number) => <StatusTag machine={noticeMachine} status={s} />,
    },
    {
      key: 'read',
      title: t('notices.fields.readProgress'),
      width: 110,
      render: (_v, r) => `${r.readCount} / ${r.recipientCount}`,
    },
    {
      key: 'replied',
      title: t('notices.fields.replyProgress'),
      width: 110,
      render: (_v, r) => `${r.repliedCount} / ${r.recipientCount}`,
    },
    {
      key: 'needReply',
      title: t('notices.fields.needReply'),
      dataIndex: 'needReply',
      width: 100,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    { key: 'owner', title: t('notices.fields.owner'), dataIndex: 'ownerName', width: 140 },
    {
      key: 'publishedAt',
      title: t('notices.fields.publishedAt'),
      dataIndex: 'publishedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'createdAt',
      title: t('notices.fields.createdAt'),
      dataIndex: 'createdAt',
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
          <OperationButton type="link" size="small" readOnly onClick={() => navigate(sentNoticePath(row.id))}>
            {t('notices.list.detail')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            permission="PO_SUP_CAT_ADD"
            row={row}
            visible={(r) => NOTICE_EDITABLE_STATUSES.includes(r.status)}
            onClick={() => navigate(editNoticePath(row.id))}
          >
            {t('common.edit')}
          </OperationButton>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['noticeNo', 'title', 'status', 'needReply', 'replied', 'publishedAt'],
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

  const addButton = (
    <OperationButton
      type="primary"
      permission="PO_SUP_CAT_ADD"
      icon={<PlusOutlined />}
      onClick={() => navigate(NEW_NOTICE_PATH)}
    >
      {t('notices.list.add')}
    </OperationButton>
  );
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
          <Form.Item name="status" label={t('notices.fields.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={NOTICE_STATUS_NAMES.map((name, code) => ({ value: code, label: t(`notices.statuses.${name}`) }))}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<NoticeListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('notices.list.emptyFiltered') : t('notices.list.empty')}>
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
