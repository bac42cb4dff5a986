import { PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_DECIMAL_PLACES,
  RECONCILIATION_PERMISSION,
  RECONCILIATION_STATUS_NAMES,
  type ReconciliationListItem,
  reconciliationMachine,
} from '@concord/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, DatePicker, Empty, Form, Input, Result, Select, Space, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { useListParams } from '../../components/list/useListParams.ts';
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

interface SearchValues {
  statementNo?: string;
  partner?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * Statements of one side (UI.md list page): the buyer's /purchasebill/workernote, the supplier's
 * /workers/workernote. Status tabs, a search form (number, partner, period) and the table; filters
 * and page live in the URL.
 */
export function StatementListPage({ side }: { side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useListParams();
  const { page, size, update, reset } = params;
  const [form] = Form.useForm<SearchValues>();
  const [creating, setCreating] = useState(false);
  const paths = statementPaths(side);
  const places = DEFAULT_DECIMAL_PLACES;
  const partnerKey = side === 'buyer' ? 'supplierId' : 'customerTenantId';
  const tab = params.get('status') ?? 'all';
  const filter: StatementFilter = {
    statementNo: params.get('statementNo'),
    [partnerKey]: params.get('partner'),
    statuses: tab === 'all' ? undefined : [Number(tab)],
    periodFrom: params.getDate('periodFrom'),
    periodTo: params.getDate('periodTo'),
  };
  const filtered = !!(filter.statementNo || params.get('partner') || filter.periodFrom || filter.periodTo);
  const list = useQuery({
    queryKey: statementKeys.list(side, filter, page, size),
    queryFn: () => statementsApi.list(side, filter, page, size),
    placeholderData: keepPreviousData,
  });
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
  const chrome = useListChrome(allColumns);

  const tabs = [
    { key: 'all', label: t('reconciliations.tabs.all') },
    ...RECONCILIATION_STATUS_NAMES.map((name, code) => ({
      key: String(code),
      label: t(`reconciliations.statuses.${name}`),
    })),
  ];

  const period = [params.getDate('periodFrom'), params.getDate('periodTo')];
  return (
    <Card className="page-card">
      {chrome.searchVisible && (
        <Form<SearchValues>
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={{
            statementNo: params.get('statementNo'),
            partner: params.get('partner'),
            period:
              period[0] || period[1]
                ? [period[0] ? dayjs(period[0]) : null, period[1] ? dayjs(period[1]) : null]
                : null,
          }}
          onFinish={(v) =>
            update({
              statementNo: v.statementNo?.trim() || undefined,
              partner: v.partner,
              periodFrom: v.period?.[0]?.format(DATE_FORMAT),
              periodTo: v.period?.[1]?.format(DATE_FORMAT),
            })
          }
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
          <SearchActions
            onReset={() => {
              form.setFieldsValue({ statementNo: undefined, partner: undefined, period: null });
              reset(['size', 'status']);
            }}
          />
        </Form>
      )}
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
          <Table<ReconciliationListItem>
            rowKey="id"
            size="small"
            loading={list.isFetching}
            columns={chrome.columns}
            dataSource={list.data?.dataList ?? []}
            scroll={{ x: 1800 }}
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
