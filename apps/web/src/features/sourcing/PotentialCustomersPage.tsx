import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { type PotentialCustomer, SUPPLIER_INVITE_STATE } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Result, Skeleton, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import {
  ANSWER_INVITATION_PATH,
  potentialCustomerKeys,
  potentialCustomerPath,
  potentialCustomersApi,
} from './sourcing.api.ts';

const LIST_PATH = '/opportunity/potentialcustomers';

/** Orange: waiting for me; blue: waiting for the customer (UI.md colours). */
function InvitationTag({ state }: { state: number }) {
  const { t } = useTranslation();
  return state === SUPPLIER_INVITE_STATE.IN_PROGRESS ? (
    <Tag color="warning">{t('sourcing.customers.waitingForMe')}</Tag>
  ) : (
    <Tag color="processing">{t('sourcing.customers.waitingForCustomer')}</Tag>
  );
}

/** /opportunity/potentialcustomers (SL_BSO): buyers that invited my enterprise and are not my customers yet. */
export function PotentialCustomersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, search, clear } = useListFilter({
    keyword: filterField.text(),
  });
  const { keyword } = filter;
  const list = useListQuery(
    {
      queryKey: potentialCustomerKeys.list(keyword, page, size),
      queryFn: () => potentialCustomersApi.list(keyword, page, size),
    },
    { page, size, update },
  );

  const allColumns: TableColumnsType<PotentialCustomer> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'customerName',
      title: t('sourcing.customers.customer'),
      dataIndex: 'customerName',
      render: (name: string, row) => <Link to={potentialCustomerPath(row.id)}>{name}</Link>,
    },
    { key: 'compNo', title: t('sourcing.fields.compNo'), dataIndex: 'compNo', width: 120 },
    { key: 'industry', title: t('sourcing.customers.industry'), dataIndex: 'industry', width: 160 },
    { key: 'scale', title: t('sourcing.customers.scale'), dataIndex: 'scale', width: 100 },
    { key: 'receiverName', title: t('sourcing.customers.receiver'), dataIndex: 'receiverName', width: 140 },
    {
      key: 'inviteState',
      title: t('sourcing.customers.invitation'),
      dataIndex: 'inviteState',
      width: 200,
      render: (s: number) => <InvitationTag state={s} />,
    },
    {
      key: 'invitationDate',
      title: t('sourcing.customers.invitedAt'),
      dataIndex: 'invitationDate',
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
          <OperationButton type="link" size="small" readOnly onClick={() => navigate(potentialCustomerPath(row.id))}>
            {t('sourcing.list.detail')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            permission="SL_CUS"
            row={row}
            visible={(r) => r.inviteState === SUPPLIER_INVITE_STATE.IN_PROGRESS}
            onClick={() => navigate(ANSWER_INVITATION_PATH)}
          >
            {t('sourcing.customers.answer')}
          </OperationButton>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['customerName', 'industry', 'inviteState', 'invitationDate'] });

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
          <Form.Item name="keyword" label={t('sourcing.filter.keyword')}>
            <Input allowClear placeholder={t('sourcing.customers.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      <ListTable<PotentialCustomer>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty description={keyword ? t('sourcing.customers.emptyFiltered') : t('sourcing.customers.empty')} />
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}

/** /opportunity/potentialcustomers/detail?id= (SL_BSO): who the inviting buyer is, and what it waits for. */
export function PotentialCustomerDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: potentialCustomerKeys.detail(id),
    queryFn: () => potentialCustomersApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('sourcing.detail.back')}
    </Button>
  );
  if (!id || detail.isError) {
    const missing = !id || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('sourcing.customers.notFound') : detail.error?.message}
          extra={back}
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const c = detail.data;
  return (
    <Card
      className="page-card"
      title={
        <Space>
          <span>{c.customerName}</span>
          <InvitationTag state={c.inviteState} />
        </Space>
      }
      extra={
        <Space>
          {back}
          {c.inviteState === SUPPLIER_INVITE_STATE.IN_PROGRESS && (
            <OperationButton
              type="primary"
              permission="SL_CUS"
              icon={<SendOutlined />}
              onClick={() => navigate(ANSWER_INVITATION_PATH)}
            >
              {t('sourcing.customers.answer')}
            </OperationButton>
          )}
        </Space>
      }
    >
      {c.auditDescription && c.inviteState === SUPPLIER_INVITE_STATE.IN_PROGRESS && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('sourcing.customers.returned', { reason: c.auditDescription })}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('sourcing.customers.fullName')} span={2}>
          {c.fullName}
        </Descriptions.Item>
        <Descriptions.Item label={t('sourcing.fields.compNo')}>{c.compNo}</Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.industry')}>{c.industry || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.scale')}>{c.scale || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.divisions')}>{c.divisions.join(', ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.profile')} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{c.profile || '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.receiver')}>{c.receiverName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('sourcing.customers.invitedAt')}>
          {formatDateTime(c.invitationDate)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
