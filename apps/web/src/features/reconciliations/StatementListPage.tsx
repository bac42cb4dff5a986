import { PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_DECIMAL_PLACES,
  RECONCILIATION_PERMISSION,
  RECONCILIATION_STATUS_NAMES,
  type ReconciliationListItem,
  reconciliationMachine,
} from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, DatePicker, Empty, Form, Input, Result, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
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
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { NewStatementDialog } from './NewStatementForm.tsx';
import { numberColumn } from './parts.tsx';
import {
  type Side,
  type StatementFilter,
  statementKeys,
  statementPaths,
  statementsApi,
} from './reconciliations.api.ts';

/**
 * Statements of one side (UI.md list page): the buyer's /purchasebill/workernote, the supplier's
 * /workers/workernote. Status tabs, a search form (number, partner, period) and the table; filters
 * and page live in the URL.
 */
export function StatementListPage({ side }: { side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useListFilter(
    {
      statementNo: filterField.text(),
      partner: filterField.value(),
      period: filterField.dateRange('periodFrom', 'periodTo'),
    },
    { keep: ['size', 'status'] },
  );
  const { page, size, update, filtered } = params;
  const [creating, setCreating] = useState(false);
  const paths = statementPaths(side);
  const places = DEFAULT_DECIMAL_PLACES;
  const partnerKey = side === 'buyer' ? 'supplierId' : 'customerTenantId';
  const tab = params.get('status') ?? 'all';
  const filter: StatementFilter = {
    statementNo: params.filter.statementNo,
    [partnerKey]: params.filter.partner,
    statuses: tab === 'all' ? undefined : [Number(tab)],
    periodFrom: params.filter.period?.from,
    periodTo: params.filter.period?.to,
  };
  const list = useListQuery(
    {
      queryKey: statementKeys.list(side, filter, page, size),
      queryFn: () => statementsApi.list(side, filter, page, size),
    },
    params,
  );
  const partners = useQuery({ queryKey: statementKeys.partners(side), queryFn: () => statementsApi.partners(side) });

  const newButton = (
    <OperationButton
      type="primary"
      permission={RECONCILIATION_PERMISSION[side]}
      icon={<PlusOutlined />}
      onClick={() => (paths.add ? navigate(paths.add) : setCreating(true))}
    >
      {t('reconciliations.actions.new')}
    </OperationButton>
  );

  const allColumns: TableColumnsType<ReconciliationListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'statementNo',
      title: t('reconciliations.fields.statementNo'),
      dataIndex: 'statementNo',
      width: 150,
      render: (no: string, r) => <Link to={paths.detail(r.id)}>{no}</Link>,
    },
    side === 'buyer'
      ? {
          key: 'supplier',
          title: t('reconciliations.fields.supplier'),
          width: 220,
          ellipsis: { showTitle: true },
          render: (_v, r) => `${r.supCode} ${r.supName}`.trim(),
        }
      : {
          key: 'customer',
          title: t('reconciliations.fields.customer'),
          dataIndex: 'customerName',
          width: 200,
          ellipsis: { showTitle: true },
        },
    {
      key: 'period',
      title: t('reconciliations.fields.period'),
      width: 200,
      render: (_v, r) => `${r.periodFrom} ~ ${r.periodTo}`,
    },
    {
      key: 'status',
      title: t('reconciliations.fields.status'),
      dataIndex: 'status',
      width: 150,
      render: (s: number) => <StatusTag machine={reconciliationMachine} status={s} />,
    },
    {
      key: 'draftedBy',
      title: t('reconciliations.fields.draftedBy'),
      dataIndex: 'draftedBy',
      width: 90,
      render: (d: Side) => t(`reconciliations.sides.${d}`),
    },
    {
      key: 'lineCount',
      title: t('reconciliations.fields.lineCount'),
      dataIndex: 'lineCount',
      width: 70,
      align: 'right',
    },
    {
      key: 'totalQty',
      title: t('reconciliations.fields.totalQty'),
      dataIndex: 'totalQty',
      width: 120,
      ...numberColumn(places.quantity),
    },
    {
      key: 'totalAmount',
      title: t('reconciliations.fields.totalAmount'),
      dataIndex: 'totalAmount',
      width: 140,
      ...numberColumn(places.amount),
    },
    {
      key: 'differenceAmount',
      title: t('reconciliations.fields.differenceAmount'),
      dataIndex: 'differenceAmount',
      width: 120,
      ...numberColumn(places.amount),
    },
    { key: 'currency', title: t('reconciliations.fields.currency'), dataIndex: 'currency', width: 70 },
    {
      key: 'sentAt',
      title: t('reconciliations.fields.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      render: formatDateTime,
    },
    ...(side === 'buyer'
      ? [{ key: 'owner', title: t('reconciliations.fields.owner'), dataIndex: 'ownerName', width: 110 }]
      : []),
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(paths.detail(row.id))}>
          {t('reconciliations.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['statementNo', 'supplier', 'customer', 'totalAmount', 'period', 'status'],
  });

  const tabs = [
    { key: 'all', label: t('reconciliations.tabs.all') },
    ...RECONCILIATION_STATUS_NAMES.map((name, code) => ({
      key: String(code),
      label: t(`reconciliations.statuses.${name}`),
    })),
  ];

  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={params.form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={params.initialValues}
          onFinish={params.search}
        >
          <Form.Item name="statementNo" label={t('reconciliations.fields.statementNo')}>
            <Input allowClear style={{ width: 170 }} />
          </Form.Item>
          <Form.Item
            name="partner"
            label={side === 'buyer' ? t('reconciliations.fields.supplier') : t('reconciliations.fields.customer')}
          >
            <Select
              allowClear
              style={{ width: 220 }}
              showSearch={{ optionFilterProp: 'label' }}
              options={(partners.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}`.trim() }))}
            />
          </Form.Item>
          <Form.Item name="period" label={t('reconciliations.fields.period')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} format={DATE_FORMAT} />
          </Form.Item>
          <SearchActions onReset={params.clear} />
        </Form>
      </ListSearch>
      <Tabs
        activeKey={tab}
        items={tabs}
        onChange={(key) => update({ status: key === 'all' ? undefined : key })}
        style={{ marginBottom: 4 }}
      />
      {list.isError && !list.data ? (
        <Result
          status="error"
          title={(list.error as Error).message}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <>
          <TableToolbar
            left={<Space wrap>{newButton}</Space>}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
            {...chrome.toolbarProps}
          />
          <ListTable<ReconciliationListItem>
            chrome={chrome}
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.dataList ?? []}
            locale={{
              emptyText: (
                <Empty description={filtered ? t('reconciliations.emptyFiltered') : t('reconciliations.empty')}>
                  {!filtered && !list.isFetching && newButton}
                </Empty>
              ),
            }}
            pagination={params.pagination(list.data?.totalCount)}
          />
        </>
      )}
      {side === 'buyer' && <NewStatementDialog open={creating} onClose={() => setCreating(false)} />}
    </Card>
  );
}

export const BuyerStatementListPage = () => <StatementListPage side="buyer" />;
export const SupplierStatementListPage = () => <StatementListPage side="supplier" />;
