import { DELIVERY_NOTE_STATUS, type DeliveryNoteListItem, deliveryNoteMachine } from '@concord/shared';
import { useQueries } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Badge, Card, Empty, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { ListError, type SearchField, SearchForm } from '../receiving-plans/parts.tsx';
import { type DeliveryNoticeFilter, receiptKeys, receiptsApi } from './receipts.api.ts';

const D = DELIVERY_NOTE_STATUS;
/** Spec §4 notice groups (the "not generated" group is the supplier's selection list, not a notice). */
const GROUPS = {
  all: [D.SENT, D.ARRIVED, D.ACCEPTED, D.WAREHOUSED, D.CANCELLED],
  sent: [D.SENT],
  arrived: [D.ARRIVED],
  accepted: [D.ACCEPTED],
  warehoused: [D.WAREHOUSED],
} as const;
type Group = keyof typeof GROUPS;
const GROUP_NAMES = Object.keys(GROUPS) as Group[];
export const deliveryNoticePath = (id: string) => `/receiptdetail/deliverydetail?id=${id}`;

/** /recemanage/receipt: the buyer's delivery notices, by group, with counts per group. */
export function DeliveryNoticeListPage() {
  const { t } = useTranslation();
  const { fmt } = useNumbers();
  const navigate = useNavigate();
  const fields: SearchField[] = [
    { name: 'noteNo', label: t('receipts.fields.noteNo'), kind: 'text' },
    { name: 'orderNo', label: t('receipts.fields.orderNo'), kind: 'text' },
    {
      name: 'material',
      label: t('receipts.fields.material'),
      kind: 'text',
      placeholder: t('receipts.fields.materialPlaceholder'),
    },
    { name: 'date', label: t('receipts.fields.shipDate'), kind: 'dates' },
  ];
  const search = useListFilter(
    {
      noteNo: filterField.text(),
      orderNo: filterField.text(),
      material: filterField.text(),
      date: filterField.dateRange(),
    },
    { keep: ['size', 'tab'] },
  );
  const { page, size, update, pagination, filtered } = search;
  const group: Group = (GROUP_NAMES as string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Group)
    : 'all';
  const base: DeliveryNoticeFilter = {
    noteNo: search.filter.noteNo,
    orderNo: search.filter.orderNo,
    material: search.filter.material,
    dateFrom: search.filter.date?.from,
    dateTo: search.filter.date?.to,
  };
  const filter: DeliveryNoticeFilter = { ...base, statuses: [...GROUPS[group]] };
  const list = useListQuery(
    {
      queryKey: receiptKeys.deliveryNotices(filter, page, size),
      queryFn: () => receiptsApi.deliveryNotices(filter, page, size),
    },
    search,
  );
  // One count per group: a one-row page each, which the server answers from its indexes.
  const counts = useQueries({
    queries: GROUP_NAMES.map((g) => ({
      queryKey: receiptKeys.counts({ ...base, statuses: [...GROUPS[g]] }),
      queryFn: () => receiptsApi.deliveryNotices({ ...base, statuses: [...GROUPS[g]] }, 1, 1),
      staleTime: 10_000,
    })),
  });

  const allColumns: TableColumnsType<DeliveryNoteListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'noteNo',
      title: t('receipts.fields.noteNo'),
      dataIndex: 'noteNo',
      width: 160,
      render: (no: string, r) => <Link to={deliveryNoticePath(r.id)}>{no}</Link>,
    },
    {
      key: 'supplier',
      title: t('receipts.fields.supplier'),
      width: 220,
      ellipsis: { showTitle: true },
      render: (_v, r) => `${r.supCode} ${r.supName}`.trim(),
    },
    {
      key: 'orderNos',
      title: t('receipts.fields.orderNo'),
      dataIndex: 'orderNos',
      width: 180,
      ellipsis: { showTitle: true },
      render: (v: string[]) => v.join(', '),
    },
    {
      key: 'status',
      title: t('receipts.fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <StatusTag machine={deliveryNoteMachine} status={s} side="buyer" />,
    },
    { key: 'shipDate', title: t('receipts.fields.shipDate'), dataIndex: 'shipDate', width: 110 },
    { key: 'expectedDate', title: t('receipts.fields.expectedDate'), dataIndex: 'expectedDate', width: 120 },
    { key: 'lineCount', title: t('receipts.fields.lineCount'), dataIndex: 'lineCount', width: 70, align: 'right' },
    {
      key: 'packageCount',
      title: t('receipts.fields.packageCount'),
      dataIndex: 'packageCount',
      width: 90,
      align: 'right',
    },
    {
      key: 'totalQty',
      title: t('receipts.fields.totalQty'),
      dataIndex: 'totalQty',
      width: 120,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    { key: 'carrier', title: t('receipts.fields.carrier'), dataIndex: 'carrier', width: 120 },
    { key: 'trackingNo', title: t('receipts.fields.trackingNo'), dataIndex: 'trackingNo', width: 140 },
    { key: 'sentAt', title: t('receipts.fields.sentAt'), dataIndex: 'sentAt', width: 170, render: formatDateTime },
    {
      key: 'arrivedAt',
      title: t('receipts.fields.arrivedAt'),
      dataIndex: 'arrivedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(deliveryNoticePath(row.id))}>
          {t('receipts.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['noteNo', 'supplier', 'totalQty', 'shipDate', 'expectedDate', 'status'],
  });

  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <SearchForm fields={fields} list={search} />
      </ListSearch>
      <Tabs
        activeKey={group}
        onChange={(key) => update({ tab: key === 'all' ? undefined : key })}
        items={GROUP_NAMES.map((g, i) => ({
          key: g,
          label: (
            <Space size={4}>
              {t(`receipts.groups.${g}`)}
              {counts[i]?.data && (
                <Badge count={counts[i].data.totalCount} showZero color="#8c8c8c" overflowCount={9999} />
              )}
            </Space>
          ),
        }))}
      />
      {list.isError && !list.data ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableToolbar
            left={null}
            {...chrome.toolbarProps}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
          />
          <ListTable<DeliveryNoteListItem>
            chrome={chrome}
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.dataList ?? []}
            locale={{ emptyText: <Empty description={filtered ? t('receipts.emptyFiltered') : t('receipts.empty')} /> }}
            pagination={pagination(list.data?.totalCount)}
          />
        </>
      )}
    </Card>
  );
}
