import { DownloadOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  RECEIVING_PLAN_LINE_STATUS_NAMES,
  RECEIVING_PLAN_STATUS,
  RECEIVING_PLAN_STATUS_NAMES,
  type ReceivingPlanListItem,
  type ReceivingPlanScheduleItem,
  receivingPlanMachine,
} from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Button, Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { saveFile } from '../../api/http.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { receivingPlanLineStatuses } from '../../components/statusStyles.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { ListError, partyColumn, qtyColumn, type SearchField, SearchForm } from './parts.tsx';
import { type PlanFilter, planKeys, plansApi, type Side } from './receiving-plans.api.ts';
import { planPaths } from './receiving-plans.paths.ts';

type Mode = 'plans' | 'confirm';

function usePlanSearch(side: Side, kind: 'plans' | 'schedule') {
  const { t } = useTranslation();
  const statusOptions =
    kind === 'plans'
      ? RECEIVING_PLAN_STATUS_NAMES.map((name, code) => ({
          value: code,
          label: t(`receivingPlans.plans.statuses.${name}`),
        })).filter((o) => side === 'buyer' || o.value !== RECEIVING_PLAN_STATUS.DRAFT)
      : RECEIVING_PLAN_LINE_STATUS_NAMES.map((name, code) => ({
          value: code,
          label: t(`receivingPlans.plans.lineStatuses.${name}`),
        }));
  const fields: SearchField[] = [
    { name: 'planNo', label: t('receivingPlans.plans.fields.planNo'), kind: 'text' },
    { name: 'orderNo', label: t('receivingPlans.plans.fields.orderNo'), kind: 'text' },
    {
      name: 'material',
      label: t('receivingPlans.common.material'),
      kind: 'text',
      placeholder: t('receivingPlans.common.materialPlaceholder'),
    },
    {
      name: 'status',
      label: t('receivingPlans.plans.fields.status'),
      kind: 'statuses',
      options: statusOptions,
    },
    { name: 'date', label: t('receivingPlans.plans.fields.plannedDate'), kind: 'dates' },
  ];
  const search = useListFilter({
    planNo: filterField.text(),
    orderNo: filterField.text(),
    material: filterField.text(),
    status: filterField.codes(),
    date: filterField.dateRange(),
  });
  const v = search.filter;
  const filter: PlanFilter = {
    planNo: v.planNo,
    orderNo: v.orderNo,
    material: v.material,
    statuses: v.status,
    dateFrom: v.date?.from,
    dateTo: v.date?.to,
  };
  return { fields, search, filter };
}

/**
 * Receiving plans of one side: the buyer's /receivingPlan/order (RE_PLA), the plans waiting for the
 * buyer's decision on proposed dates /receivingPlan/plansure (RE_PLA_SU), the supplier's
 * /supreceivePlan/order (SURE_PL). One table, differing by side (UI.md two-sided documents).
 */
export function PlanListPage({ side, mode = 'plans' }: { side: Side; mode?: Mode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fields, search, filter: typed } = usePlanSearch(side, 'plans');
  const { page, size, pagination, filtered } = search;
  const filter: PlanFilter =
    mode === 'confirm' && !typed.statuses ? { ...typed, statuses: [RECEIVING_PLAN_STATUS.PROPOSED] } : typed;
  const paths = planPaths(side, mode);
  const list = useListQuery(
    { queryKey: planKeys.list(side, filter, page, size), queryFn: () => plansApi.list(side, filter, page, size) },
    search,
  );
  const newButton = side === 'buyer' && mode === 'plans' && (
    <OperationButton type="primary" permission="RE_PLA" icon={<PlusOutlined />} onClick={() => navigate(paths.add)}>
      {t('receivingPlans.plans.new')}
    </OperationButton>
  );

  const allColumns: TableColumnsType<ReceivingPlanListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'planNo',
      title: t('receivingPlans.plans.fields.planNo'),
      dataIndex: 'planNo',
      width: 150,
      render: (no: string, r) => <Link to={paths.detail(r.id)}>{no}</Link>,
    },
    { key: 'orderNo', title: t('receivingPlans.plans.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
    partyColumn(side, t('receivingPlans.plans.fields.supplier'), t('receivingPlans.plans.fields.customer')),
    {
      key: 'status',
      title: t('receivingPlans.plans.fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: number) => <StatusTag machine={receivingPlanMachine} status={s} />,
    },
    {
      key: 'lineCount',
      title: t('receivingPlans.plans.fields.lineCount'),
      dataIndex: 'lineCount',
      width: 90,
      align: 'right',
    },
    {
      key: 'totalQty',
      title: t('receivingPlans.plans.fields.totalQty'),
      dataIndex: 'totalQty',
      width: 120,
      ...qtyColumn<ReceivingPlanListItem>(),
    },
    { key: 'firstDate', title: t('receivingPlans.plans.fields.firstDate'), dataIndex: 'firstDate', width: 110 },
    { key: 'lastDate', title: t('receivingPlans.plans.fields.lastDate'), dataIndex: 'lastDate', width: 110 },
    {
      key: 'sentAt',
      title: t('receivingPlans.plans.fields.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      render: formatDateTime,
    },
    ...(side === 'buyer'
      ? [{ key: 'owner', title: t('receivingPlans.common.owner'), dataIndex: 'ownerName', width: 120 }]
      : []),
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      dataIndex: 'remark',
      width: 200,
      ellipsis: { showTitle: true },
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton type="link" size="small" readOnly onClick={() => navigate(paths.detail(row.id))}>
            {t('receivingPlans.common.detail')}
          </OperationButton>
          {side === 'buyer' && (
            <OperationButton<ReceivingPlanListItem>
              type="link"
              size="small"
              permission="RE_PLA"
              row={row}
              visible={(r) => r.status === RECEIVING_PLAN_STATUS.DRAFT}
              onClick={() => navigate(paths.edit(row.id))}
            >
              {t('receivingPlans.plans.actions.edit')}
            </OperationButton>
          )}
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['planNo', 'orderNo', 'supplier', 'customer', 'totalQty', 'firstDate', 'status'],
  });
  const emptyText = filtered
    ? t('receivingPlans.common.emptyFiltered')
    : mode === 'confirm'
      ? t('receivingPlans.plans.confirmEmpty')
      : side === 'buyer'
        ? t('receivingPlans.plans.empty')
        : t('receivingPlans.plans.receivedEmpty');

  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <SearchForm fields={fields} list={search} />
      </ListSearch>
      {list.isError && !list.data ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableToolbar
            left={
              <Space wrap>
                {newButton}
                <Button icon={<UnorderedListOutlined />} onClick={() => navigate(paths.schedule)}>
                  {t('receivingPlans.plans.schedule')}
                </Button>
              </Space>
            }
            {...chrome.toolbarProps}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
          />
          <ListTable<ReceivingPlanListItem>
            chrome={chrome}
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.dataList ?? []}
            locale={{ emptyText: <Empty description={emptyText}>{!filtered && newButton}</Empty> }}
            pagination={pagination(list.data?.totalCount)}
          />
        </>
      )}
    </Card>
  );
}

/** /receivingPlan/order/planDetail and /supreceivePlan/order/planDetail: every planned delivery, by date. */
export function SchedulePage({ side }: { side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fields, search, filter } = usePlanSearch(side, 'schedule');
  const { page, size, pagination, filtered } = search;
  const paths = planPaths(side, 'plans');
  const list = useListQuery(
    {
      queryKey: planKeys.schedule(side, filter, page, size),
      queryFn: () => plansApi.schedule(side, filter, page, size),
    },
    search,
  );
  const exporting = useMutation({
    mutationFn: () => plansApi.exportSchedule(side, filter),
    onSuccess: saveFile,
  });
  const allColumns: TableColumnsType<ReceivingPlanScheduleItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    { key: 'plannedDate', title: t('receivingPlans.plans.fields.plannedDate'), dataIndex: 'plannedDate', width: 110 },
    {
      key: 'planNo',
      title: t('receivingPlans.plans.fields.planNo'),
      dataIndex: 'planNo',
      width: 150,
      render: (no: string, r) => <Link to={paths.detail(r.planId)}>{no}</Link>,
    },
    { key: 'orderNo', title: t('receivingPlans.plans.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
    partyColumn(side, t('receivingPlans.plans.fields.supplier'), t('receivingPlans.plans.fields.customer')),
    {
      key: 'orderLineNo',
      title: t('receivingPlans.plans.fields.orderLineNo'),
      dataIndex: 'orderLineNo',
      width: 80,
      align: 'right',
    },
    { key: 'prdtNo', title: t('receivingPlans.plans.fields.prdtNo'), dataIndex: 'prdtNo', width: 140 },
    {
      key: 'prdtName',
      title: t('receivingPlans.plans.fields.prdtName'),
      dataIndex: 'prdtName',
      width: 180,
      ellipsis: { showTitle: true },
    },
    {
      key: 'prdtSpc',
      title: t('receivingPlans.plans.fields.prdtSpc'),
      dataIndex: 'prdtSpc',
      width: 160,
      ellipsis: { showTitle: true },
    },
    { key: 'unitName', title: t('receivingPlans.common.unit'), dataIndex: 'unitName', width: 70 },
    {
      key: 'plannedQty',
      title: t('receivingPlans.plans.fields.plannedQty'),
      dataIndex: 'plannedQty',
      width: 120,
      ...qtyColumn<ReceivingPlanScheduleItem>(),
    },
    {
      key: 'deliveredQty',
      title: t('receivingPlans.plans.fields.deliveredQty'),
      dataIndex: 'deliveredQty',
      width: 120,
      ...qtyColumn<ReceivingPlanScheduleItem>(),
    },
    {
      key: 'status',
      title: t('receivingPlans.plans.fields.lineStatus'),
      dataIndex: 'status',
      width: 150,
      render: (s: number) => <StatusTag machine={receivingPlanLineStatuses} status={s} />,
    },
    {
      key: 'proposedDate',
      title: t('receivingPlans.plans.fields.proposedDate'),
      dataIndex: 'proposedDate',
      width: 110,
    },
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      dataIndex: 'remark',
      width: 180,
      ellipsis: { showTitle: true },
    },
    {
      key: 'supplierRemark',
      title: t('receivingPlans.common.supplierRemark'),
      dataIndex: 'supplierRemark',
      width: 180,
      ellipsis: { showTitle: true },
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['plannedDate', 'prdtNo', 'prdtName', 'plannedQty', 'status', 'proposedDate'],
  });
  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <SearchForm fields={fields} list={search} />
      </ListSearch>
      {list.isError && !list.data ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableToolbar
            left={
              <Space wrap>
                <Button icon={<UnorderedListOutlined />} onClick={() => navigate(paths.list)}>
                  {t('receivingPlans.plans.title')}
                </Button>
                <OperationButton
                  permission={side === 'buyer' ? 'RE_PLA' : 'SURE_PL'}
                  readOnly
                  icon={<DownloadOutlined />}
                  loading={exporting.isPending}
                  onClick={() => exporting.mutate()}
                >
                  {t('receivingPlans.common.export')}
                </OperationButton>
              </Space>
            }
            {...chrome.toolbarProps}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
          />
          <ListTable<ReceivingPlanScheduleItem>
            chrome={chrome}
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.dataList ?? []}
            locale={{
              emptyText: (
                <Empty
                  description={
                    filtered ? t('receivingPlans.common.emptyFiltered') : t('receivingPlans.plans.scheduleEmpty')
                  }
                />
              ),
            }}
            pagination={pagination(list.data?.totalCount)}
          />
        </>
      )}
    </Card>
  );
}

export const BuyerPlanListPage = () => <PlanListPage side="buyer" />;
export const PlanConfirmListPage = () => <PlanListPage side="buyer" mode="confirm" />;
export const SupplierPlanListPage = () => <PlanListPage side="supplier" />;
export const BuyerSchedulePage = () => <SchedulePage side="buyer" />;
export const SupplierSchedulePage = () => <SchedulePage side="supplier" />;
