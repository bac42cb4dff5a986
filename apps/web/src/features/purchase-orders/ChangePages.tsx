import { ArrowLeftOutlined, EditOutlined, SaveOutlined, SendOutlined, WarningOutlined } from '@ant-design/icons';
import {
  PURCHASE_CHANGE_STATUS,
  PURCHASE_CHANGE_STATUS_NAMES,
  PURCHASE_ORDER_LINE_STATUS,
  type PurchaseChangeAction,
  type PurchaseChangeDetail,
  type PurchaseChangeDiffLine,
  type PurchaseChangeListItem,
  type PurchaseOrderDetail,
  type PurchaseOrderSide,
  purchaseChangeMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { reportRest } from '../receiving-plans/parts.tsx';
import { planPaths } from '../receiving-plans/receiving-plans.paths.ts';
import { type EditLine, firstInvalidLine, fromLine, LineEditor, toLineInput, useLineErrors } from './LineEditor.tsx';
import { HistoryTable, useOrderOptions, useRefreshOnPush } from './OrderParts.tsx';
import { CHANGE_PATHS, type ChangeFilter, changePath, orderKeys, orderPath, ordersApi } from './purchase-orders.api.ts';

const sideOf = (pathname: string): PurchaseOrderSide =>
  pathname === CHANGE_PATHS.supplier.detail || pathname === CHANGE_PATHS.supplier.list ? 'supplier' : 'buyer';

// ---------------------------------------------------------------------------------------------
// List

function ChangeList({ side }: { side: PurchaseOrderSide }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useListFilter({
    orderNo: filterField.text(),
    changeNo: filterField.text(),
    statuses: filterField.at('status', filterField.codes()),
  });
  useRefreshOnPush();
  const filter: ChangeFilter = params.filter;
  const list = useListQuery(
    {
      queryKey: orderKeys.changes(side, filter, params.page, params.size),
      queryFn: () => ordersApi.changes(side, filter, params.page, params.size),
    },
    params,
  );
  const allColumns: TableColumnsType<PurchaseChangeListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (params.page - 1) * params.size + i + 1 },
    {
      key: 'changeNo',
      title: t('purchaseOrders.fields.changeNo'),
      dataIndex: 'changeNo',
      width: 150,
      render: (no: string, c) => <Link to={changePath(side, c.id)}>{no}</Link>,
    },
    {
      key: 'orderNo',
      title: t('purchaseOrders.fields.orderNo'),
      dataIndex: 'orderNo',
      width: 150,
      render: (no: string, c) => <Link to={orderPath(side, c.orderId)}>{no}</Link>,
    },
    { key: 'revision', title: t('purchaseOrders.fields.revision'), dataIndex: 'revision', width: 80, align: 'right' },
    {
      key: 'status',
      title: t('purchaseOrders.fields.status'),
      dataIndex: 'status',
      width: 140,
      render: (s: number) => <StatusTag machine={purchaseChangeMachine} status={s} />,
    },
    side === 'buyer'
      ? {
          key: 'supplier',
          title: t('purchaseOrders.fields.supplier'),
          dataIndex: 'supName',
          width: 220,
          ellipsis: { showTitle: true },
        }
      : {
          key: 'customer',
          title: t('purchaseOrders.fields.customer'),
          dataIndex: 'customerName',
          width: 220,
          ellipsis: { showTitle: true },
        },
    {
      key: 'reason',
      title: t('purchaseOrders.fields.reason'),
      dataIndex: 'reason',
      width: 240,
      ellipsis: { showTitle: true },
    },
    {
      key: 'diffCount',
      title: t('purchaseOrders.fields.diffCount'),
      dataIndex: 'diffCount',
      width: 110,
      align: 'right',
    },
    {
      key: 'sentAt',
      title: t('purchaseOrders.fields.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'confirmedAt',
      title: t('purchaseOrders.fields.confirmedAt'),
      dataIndex: 'confirmedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, c) => (
        <Button type="link" size="small" onClick={() => navigate(changePath(side, c.id))}>
          {t('purchaseOrders.actions.detail')}
        </Button>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['changeNo', 'orderNo', 'supplier', 'customer', 'status', 'sentAt'],
  });
  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <ListSearch chrome={chrome}>
        <Form
          form={params.form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={params.initialValues}
          onFinish={params.search}
        >
          <Form.Item name="changeNo" label={t('purchaseOrders.filter.changeNo')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="orderNo" label={t('purchaseOrders.filter.orderNo')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="statuses" label={t('purchaseOrders.fields.status')}>
            <Select
              mode="multiple"
              allowClear
              style={{ width: 220 }}
              options={PURCHASE_CHANGE_STATUS_NAMES.map((name, code) => ({
                value: code,
                label: t(`purchaseOrders.changeStatuses.${name}`),
              })).filter(
                (o) =>
                  side === 'buyer' ||
                  o.value === PURCHASE_CHANGE_STATUS.SENT ||
                  o.value === PURCHASE_CHANGE_STATUS.CONFIRMED,
              )}
            />
          </Form.Item>
          <SearchActions onReset={params.clear} />
        </Form>
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      <ListTable<PurchaseChangeListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={t('purchaseOrders.list.changesEmpty')} /> }}
        pagination={params.pagination(list.data?.totalCount)}
      />
    </>
  );
}

/** /purchasechange/order (CHAN_SU) and /orderchange/order (CU_OR_CO). */
export function ChangeListPage() {
  const { t } = useTranslation();
  const side = sideOf(useLocation().pathname);
  return (
    <Card className="page-card" title={t(`purchaseOrders.changesTitle.${side}`)}>
      <ChangeList side={side} />
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------
// Detail, and the form of a new or draft change

/**
 * One change on both detail routes; `orderId` (buyer) opens the form of a new change of that order,
 * `mode=edit` a draft in the form.
 */
export function ChangeDetailPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const side = sideOf(pathname);
  const id = params.get('id') ?? '';
  const orderId = side === 'buyer' ? (params.get('orderId') ?? '') : '';
  const change = useQuery({
    queryKey: orderKeys.change(id),
    queryFn: () => ordersApi.change(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const editing = !!change.data && change.data.status === PURCHASE_CHANGE_STATUS.DRAFT && params.get('mode') === 'edit';
  const order = useQuery({
    queryKey: orderKeys.detail(orderId || change.data?.orderId || ''),
    queryFn: () => ordersApi.get(orderId || change.data!.orderId),
    enabled: !!orderId || editing,
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(CHANGE_PATHS[side].list)}>
      {t('purchaseOrders.actions.back')}
    </Button>
  );
  const failed = (orderId ? order.isError : change.isError) || (!!change.data && change.data.side !== side);
  if ((!id && !orderId) || failed) {
    return (
      <Card className="page-card">
        <Result status="404" title={t('purchaseOrders.detail.changeNotFound')} extra={back} />
      </Card>
    );
  }
  if (orderId || editing) {
    if (!order.data || (editing && !change.data)) {
      return (
        <Card className="page-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      );
    }
    return <ChangeEditor order={order.data} change={editing ? change.data : undefined} />;
  }
  if (!change.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <ChangeView change={change.data} back={back} />;
}

const KIND_COLOURS = { added: 'success', changed: 'purple', cancelled: 'error' } as const;

function DiffTable({ change }: { change: PurchaseChangeDetail }) {
  const { t } = useTranslation();
  const { fmt } = numberFormat(change.decimalPlaces);
  const both = (d: PurchaseChangeDiffLine, field: 'qty' | 'price' | 'requestedDate', show: (v: string) => string) => {
    const before = d.before?.[field] !== undefined ? show(d.before[field]) : '';
    const after = d.after?.[field] !== undefined ? show(d.after[field]) : '';
    if (d.kind !== 'changed' || before === after) return after || before;
    return (
      <span>
        <s style={{ color: 'var(--ant-color-text-tertiary)' }}>{before}</s> → <b>{after}</b>
      </span>
    );
  };
  const columns: TableColumnsType<PurchaseChangeDiffLine> = [
    { key: 'lineNo', title: t('purchaseOrders.fields.lineNo'), dataIndex: 'lineNo', width: 60 },
    {
      key: 'kind',
      title: t('purchaseOrders.diff.kind'),
      dataIndex: 'kind',
      width: 90,
      render: (k: PurchaseChangeDiffLine['kind']) => <Tag color={KIND_COLOURS[k]}>{t(`purchaseOrders.diff.${k}`)}</Tag>,
    },
    {
      key: 'prdtNo',
      title: t('purchaseOrders.fields.prdtNo'),
      width: 130,
      render: (_v, d) => (d.after ?? d.before)?.prdtNo,
    },
    {
      key: 'prdtName',
      title: t('purchaseOrders.fields.prdtName'),
      width: 180,
      ellipsis: { showTitle: true },
      render: (_v, d) => (d.after ?? d.before)?.prdtName,
    },
    {
      key: 'qty',
      title: t('purchaseOrders.fields.qty'),
      width: 200,
      align: 'right',
      render: (_v, d) => (
        <>
          {both(d, 'qty', (v) => fmt(v, 'quantity'))}
          {d.belowPlanned && (
            <Typography.Text type="warning" style={{ display: 'block' }}>
              <WarningOutlined /> {t('purchaseOrders.diff.belowPlanned', { planned: fmt(d.plannedQty, 'quantity') })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'price',
      title: t('purchaseOrders.fields.price'),
      width: 170,
      align: 'right',
      render: (_v, d) => both(d, 'price', (v) => fmt(v, 'price')),
    },
    {
      key: 'requestedDate',
      title: t('purchaseOrders.fields.requestedDate'),
      width: 200,
      render: (_v, d) => both(d, 'requestedDate', (v) => v),
    },
    {
      key: 'fields',
      title: t('purchaseOrders.diff.changed'),
      render: (_v, d) =>
        d.fields.map((f) => (
          <Tag key={f}>
            {t(
              `purchaseOrders.fields.${(f === 'unitName' || f === 'unitNo' ? 'unit' : f === 'warehouseId' ? 'warehouse' : f === 'materialId' ? 'material' : f) as 'qty'}`,
            )}
          </Tag>
        )),
    },
  ];
  return (
    <Table<PurchaseChangeDiffLine>
      rowKey="lineNo"
      size="small"
      virtual
      pagination={false}
      columns={columns}
      dataSource={change.diff}
      scroll={{ x: 1330, y: 480 }}
    />
  );
}

/** Lines now below what receiving plans schedule: the buyer has plans to adjust, the supplier is told why. */
function BelowPlannedAlert({ change }: { change: PurchaseChangeDetail }) {
  const { t } = useTranslation();
  const can = useAnyPermission();
  const count = change.diff.filter((d) => d.belowPlanned).length;
  if (!count) return null;
  const plans = planPaths(change.side);
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 8 }}
      title={t(`purchaseOrders.detail.belowPlanned.${change.side}`, { count })}
      action={
        can([change.side === 'buyer' ? 'RE_PLA' : 'SURE_PL']) && (
          <Link to={`${plans.list}?orderNo=${encodeURIComponent(change.orderNo)}`}>
            {t('purchaseOrders.detail.belowPlanned.openPlans')}
          </Link>
        )
      }
    />
  );
}

function ChangeView({ change, back }: { change: PurchaseChangeDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useAnyPermission();
  const allowed = purchaseChangeMachine.available(change.side, change.status, (code) => can([code]));
  const act = useMutation({
    mutationFn: (action: PurchaseChangeAction) => ordersApi.actOnChange(change.id, action, { version: change.version }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(orderKeys.change(change.id), updated);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      message.success(t('purchaseOrders.done.action'));
    },
    onError: (err) => {
      message.error((err as Error).message);
      if (err instanceof ApiError && err.status === 409)
        void queryClient.invalidateQueries({ queryKey: orderKeys.change(change.id) });
    },
  });
  const confirmText: Record<PurchaseChangeAction, string> = {
    send: t('purchaseOrders.confirm.changeSend', { revision: change.revision }),
    cancel: t('purchaseOrders.confirm.changeCancel'),
    confirm: t('purchaseOrders.confirm.changeConfirm'),
  };
  return (
    <>
      <Card
        className="page-card"
        title={
          <Space wrap>
            <span>{change.changeNo}</span>
            <StatusTag machine={purchaseChangeMachine} status={change.status} />
            <Tag color="purple">{`${t('purchaseOrders.fields.revision')} ${change.revision}`}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {change.side === 'buyer' && change.status === PURCHASE_CHANGE_STATUS.DRAFT && can(['CHAN_SU']) && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`${changePath('buyer', change.id)}&mode=edit`)}>
                {t('purchaseOrders.actions.edit')}
              </Button>
            )}
            {allowed.map((action) => (
              <Button
                key={action}
                type={action === 'cancel' ? 'default' : 'primary'}
                danger={action === 'cancel'}
                loading={act.isPending && act.variables === action}
                onClick={() =>
                  modal.confirm({
                    title: confirmText[action],
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onOk: () => act.mutateAsync(action),
                  })
                }
              >
                {t(`purchaseOrders.changeActions.${action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('purchaseOrders.detail.order')}>
            <Link to={orderPath(change.side, change.orderId)}>{change.orderNo}</Link>
          </Descriptions.Item>
          {change.side === 'buyer' ? (
            <Descriptions.Item label={t('purchaseOrders.fields.supplier')}>{change.supName}</Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('purchaseOrders.fields.customer')}>{change.customerName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('purchaseOrders.fields.diffCount')}>{change.diffCount}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.reason')} span={2}>
            {change.reason}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.owner')}>{change.ownerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.createdAt')}>
            {formatDateTime(change.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.sentAt')}>
            {formatDateTime(change.sentAt) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.confirmedAt')}>
            {formatDateTime(change.confirmedAt) || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="page-card">
        <BelowPlannedAlert change={change} />
        <Tabs
          items={[
            { key: 'diff', label: t('purchaseOrders.detail.diff'), children: <DiffTable change={change} /> },
            {
              key: 'history',
              label: t('purchaseOrders.detail.history'),
              children: <HistoryTable entries={change.history} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** The buyer's change form: the order's live lines to edit, remove or add to, and the reason. */
function ChangeEditor({ order, change }: { order: PurchaseOrderDetail; change?: PurchaseChangeDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useOrderOptions();
  const [reason, setReason] = useState(change?.reason ?? '');
  const delivered = new Map(order.lines.map((l) => [l.lineNo, l.deliveredQty]));
  const [lines, setLines] = useState<EditLine[]>(() =>
    (change?.lines.length
      ? change.lines
      : order.lines.filter((l) => l.status !== PURCHASE_ORDER_LINE_STATUS.CANCELLED)
    ).map((l) => fromLine({ ...l, deliveredQty: delivered.get(l.lineNo) })),
  );
  const lineErrors = useLineErrors();
  const [reasonError, setReasonError] = useState<string>();
  const creation = useIdempotencyKey();
  const save = useMutation({
    mutationFn: async (send: boolean) => {
      const body = { reason, lines: lines.map(toLineInput) };
      if (!change) return ordersApi.createChange({ orderId: order.id, ...body, send }, creation.key);
      const updated = await ordersApi.updateChange(change.id, { ...body, version: change.version });
      if (send) await ordersApi.actOnChange(change.id, 'send', { version: updated.version });
      return { id: change.id, changeNo: change.changeNo };
    },
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      message.success(t('purchaseOrders.done.changeSaved', { changeNo: result.changeNo }));
      navigate(changePath('buyer', result.id), { replace: true });
    },
    // Each problem is shown beside the reason or in its line's cell; only the rest as a message.
    meta: { silent: true },
    onError: (e) => {
      const rest = lineErrors.refused(e);
      const reason = rest.find((f) => f.name.length === 1 && f.name[0] === 'reason');
      setReasonError(reason?.message);
      reportRest(
        e,
        rest.filter((f) => f !== reason),
      );
    },
  });
  const submit = (send: boolean) => {
    const bad = lines.length === 0 ? 1 : firstInvalidLine(lines);
    if (bad !== null) {
      message.error(t('purchaseOrders.editor.lineRequired', { lineNo: bad }));
      return;
    }
    lineErrors.sending(lines);
    setReasonError(undefined);
    save.mutate(send);
  };
  return (
    <Card
      className="page-card"
      title={
        change
          ? t('purchaseOrders.detail.editChange', { changeNo: change.changeNo })
          : t('purchaseOrders.detail.newChange', { orderNo: order.orderNo })
      }
      extra={
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(change ? changePath('buyer', change.id) : orderPath('buyer', order.id))}
          >
            {t('purchaseOrders.actions.back')}
          </Button>
          <Button
            icon={<SaveOutlined />}
            disabled={!reason.trim()}
            loading={save.isPending}
            onClick={() => submit(false)}
          >
            {t('purchaseOrders.changeActions.save')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!reason.trim()}
            loading={save.isPending}
            onClick={() => submit(true)}
          >
            {t('purchaseOrders.changeActions.send')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item
          label={t('purchaseOrders.fields.reason')}
          required
          validateStatus={reasonError ? 'error' : undefined}
          help={reasonError}
        >
          <Input.TextArea
            rows={2}
            maxLength={500}
            showCount
            value={reason}
            placeholder={t('purchaseOrders.editor.reasonPlaceholder')}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
        </Form.Item>
      </Form>
      <LineEditor
        lines={lines}
        onChange={(next) => {
          lineErrors.edited(lines, next);
          setLines(next);
        }}
        options={options.data}
        places={order.decimalPlaces}
        errors={lineErrors.errors}
      />
    </Card>
  );
}
