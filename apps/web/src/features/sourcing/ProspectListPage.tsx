import { PlusOutlined } from '@ant-design/icons';
import {
  type PotentialSupplier,
  PROSPECT_EDITABLE_STATES,
  PROSPECT_STATE,
  PROSPECT_STATE_NAMES,
  prospectMachine,
} from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Empty, Form, Input, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { type FilterField, filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import {
  auditPath,
  editProspectPath,
  type ProspectFilter,
  prospectPath,
  sourcingApi,
  sourcingKeys,
} from './sourcing.api.ts';

const ADD_PATH = '/purchase/sourcing/add';

/** /purchase/sourcing (PO_SSO_PSM): the prospect pool. */
export function PotentialSuppliersPage() {
  return <ProspectListPage queue={false} />;
}

/** /purchase/supplier-audit (PO_PG_SH): prospects waiting for an audit, and those already audited. */
export function SupplierAuditPage() {
  return <ProspectListPage queue />;
}

/**
 * The audit state filter: the audit queue opens on what waits for the auditor (no parameter), and
 * "all" in the URL shows every state; a cleared select in the queue searches "all".
 */
const auditStateField = (queue: boolean): FilterField<number | 'all'> => ({
  read: (url, param) => {
    const raw = url(param) ?? (queue ? String(PROSPECT_STATE.UNDER_AUDIT) : undefined);
    if (raw === 'all') return 'all';
    return raw !== undefined && PROSPECT_STATE_NAMES[Number(raw)] ? Number(raw) : undefined;
  },
  write: (value, param) => ({ [param]: value ?? (queue ? 'all' : undefined) }),
});

function ProspectListPage({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prospects = useListFilter({
    keyword: filterField.text(),
    auditState: auditStateField(queue),
    supplierClassId: filterField.value(),
  });
  const { page, size, pagination, form, initialValues, search, clear } = prospects;
  const { keyword, supplierClassId } = prospects.filter;
  const auditState = prospects.filter.auditState === 'all' ? undefined : prospects.filter.auditState;
  const filter: ProspectFilter = { keyword, auditState, supplierClassId };
  const list = useListQuery(
    {
      queryKey: sourcingKeys.list(queue, filter, page, size),
      queryFn: () => (queue ? sourcingApi.auditQueue : sourcingApi.list)(filter, page, size),
    },
    prospects,
  );
  const classes = useQuery({ queryKey: sourcingKeys.classes, queryFn: sourcingApi.classOptions, enabled: !queue });

  const open = (row: PotentialSupplier) => navigate(queue ? auditPath(row.id) : prospectPath(row.id));
  const allColumns: TableColumnsType<PotentialSupplier> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'code',
      title: t('sourcing.fields.code'),
      dataIndex: 'code',
      width: 100,
      render: (code: string, row) => <Link to={queue ? auditPath(row.id) : prospectPath(row.id)}>{code}</Link>,
    },
    { key: 'name', title: t('sourcing.fields.name'), dataIndex: 'name', width: 260, ellipsis: { showTitle: true } },
    { key: 'contactName', title: t('sourcing.fields.contactName'), dataIndex: 'contactName', width: 130 },
    {
      key: 'mobile',
      title: t('sourcing.fields.mobile'),
      width: 140,
      render: (_v, r) => (r.mobile ? `${r.mobileArea} ${r.mobile}` : ''),
    },
    { key: 'email', title: t('sourcing.fields.email'), dataIndex: 'email', width: 200, ellipsis: true },
    { key: 'supplierClass', title: t('sourcing.fields.supplierClass'), dataIndex: 'supplierClassName', width: 140 },
    {
      key: 'auditState',
      title: t('sourcing.fields.auditState'),
      dataIndex: 'auditState',
      width: 110,
      render: (s: number) => <StatusTag machine={prospectMachine} status={s} />,
    },
    { key: 'lastScore', title: t('sourcing.fields.lastScore'), dataIndex: 'lastScore', width: 90, align: 'right' },
    { key: 'owner', title: t('sourcing.fields.owner'), dataIndex: 'ownerName', width: 130 },
    {
      key: 'createdAt',
      title: t('sourcing.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) =>
        queue ? (
          <OperationButton type="link" size="small" permission="PO_PG_SH" onClick={() => open(row)}>
            {row.auditState === PROSPECT_STATE.UNDER_AUDIT ? t('sourcing.audit.action') : t('sourcing.list.detail')}
          </OperationButton>
        ) : (
          <Space size={0}>
            <OperationButton type="link" size="small" permission="PO_SSO_PSM_03" readOnly onClick={() => open(row)}>
              {t('sourcing.list.detail')}
            </OperationButton>
            <OperationButton
              type="link"
              size="small"
              permission="PO_SSO_PSM_02"
              row={row}
              visible={(r) => PROSPECT_EDITABLE_STATES.includes(r.auditState)}
              onClick={() => navigate(editProspectPath(row.id))}
            >
              {t('common.edit')}
            </OperationButton>
          </Space>
        ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['code', 'name', 'contactName', 'auditState', 'lastScore'] });

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

  const filtered =
    filter.keyword !== undefined || filter.supplierClassId !== undefined || (!queue && auditState !== undefined);
  const addButton = queue ? null : (
    <OperationButton
      type="primary"
      permission="PO_SSO_PSM_02"
      icon={<PlusOutlined />}
      onClick={() => navigate(ADD_PATH)}
    >
      {t('sourcing.list.add')}
    </OperationButton>
  );
  const stateOptions = [
    ...(queue ? [{ value: 'all' as const, label: t('sourcing.list.allStates') }] : []),
    ...PROSPECT_STATE_NAMES.map((name, code) => ({ value: code, label: t(`sourcing.states.${name}`) })),
  ];
  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={initialValues}
          onFinish={search}
        >
          <Form.Item name="keyword" label={t('sourcing.filter.keyword')}>
            <Input allowClear placeholder={t('sourcing.filter.keywordPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="auditState" label={t('sourcing.fields.auditState')}>
            <Select allowClear={!queue} style={{ width: 140 }} options={stateOptions} />
          </Form.Item>
          {!queue && (
            <Form.Item name="supplierClassId" label={t('sourcing.fields.supplierClass')}>
              <Select
                allowClear
                style={{ width: 180 }}
                loading={classes.isLoading}
                options={(classes.data ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
              />
            </Form.Item>
          )}
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<PotentialSupplier>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered
                  ? t('sourcing.list.emptyFiltered')
                  : queue
                    ? t('sourcing.list.emptyQueue')
                    : t('sourcing.list.empty')
              }
            >
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
