import { ArrowLeftOutlined, CopyOutlined, EditOutlined, FilePdfOutlined, SwapOutlined } from '@ant-design/icons';
import {
  compareDecimals,
  DECIMAL_TEXT,
  PURCHASE_ORDER_LINE_STATUS as LS,
  MASK,
  PURCHASE_ORDER_CHANGEABLE_STATUSES,
  type PurchaseChangeListItem,
  type PurchaseOrderAction,
  type PurchaseOrderActionInput,
  type PurchaseOrderDetail,
  type PurchaseOrderLine,
  type PurchaseOrderSide,
  purchaseChangeMachine,
  purchaseOrderMachine,
  PURCHASE_ORDER_STATUS as S,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Space,
  Table,
  Tabs,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, openFile } from '../../api/http.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { purchaseOrderLineStatuses } from '../../components/statusStyles.ts';
import { buyerZoneFormat, DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { errorText, type FieldError, fieldErrorsOf } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { OrderEditor } from './OrderEditor.tsx';
import { HistoryTable, RevisionTag, SupplierAnswer, useRefreshOnPush } from './OrderParts.tsx';
import {
  changePath,
  newChangePath,
  newOrderPath,
  ORDER_PATHS,
  orderKeys,
  orderPath,
  ordersApi,
} from './purchase-orders.api.ts';

const sideOf = (pathname: string): PurchaseOrderSide =>
  pathname === ORDER_PATHS.supplier.detail ? 'supplier' : 'buyer';

/**
 * One order on both detail routes (UI.md two-sided documents): the buyer's purchase order or the
 * supplier's customer order. A draft opens in the form with `mode=edit`.
 * An order of the other side answers "not found" like a missing one.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const side = sideOf(pathname);
  const id = params.get('id') ?? '';
  // A link from before the new-order page had its own path (and tab title) still opens the form.
  const creating = side === 'buyer' && params.get('mode') === 'new';
  const detail = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => ordersApi.get(id),
    enabled: !!id && !creating,
    meta: { silent: true },
  });
  if (creating) return <Navigate to={newOrderPath()} replace />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(ORDER_PATHS[side].list)}>
      {t('purchaseOrders.actions.back')}
    </Button>
  );
  const wrongSide = !!detail.data && detail.data.side !== side;
  if (!id || detail.isError || wrongSide) {
    const missing = !id || wrongSide || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('purchaseOrders.detail.notFound') : detail.error?.message}
          extra={
            <Space>
              {back}
              {!missing && <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (side === 'buyer' && detail.data.status === S.DRAFT && params.get('mode') === 'edit') {
    return <OrderEditor order={detail.data} />;
  }
  return <OrderView order={detail.data} back={back} />;
}

/**
 * Line columns behind the column settings. The must-see ones (UI.md: material, quantity, date, amount,
 * status, the supplier's answer and the operation beside it) fit 1366 px without scrolling.
 */
const OPTIONAL_LINE_COLUMNS = [
  'prdtSpc',
  'supPrdtNo',
  'price',
  'taxRate',
  'amountExcl',
  'taxAmount',
  'amountIncl',
  'warehouse',
  'deliveredQty',
  'remark',
];

const CONFIRM_TEXT: Partial<Record<PurchaseOrderAction, string>> = {
  send: 'purchaseOrders.confirm.send',
  cancel: 'purchaseOrders.confirm.cancel',
  close: 'purchaseOrders.confirm.close',
  reject: 'purchaseOrders.confirm.reject',
};

interface ActionVars {
  action: PurchaseOrderAction;
  body?: PurchaseOrderActionInput;
  /** A dialog that shows the refused fields beside its own inputs; returns the problems it could not place. */
  placeFields?: (error: unknown) => FieldError[];
}

function useOrderAction(order: PurchaseOrderDetail) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ActionVars) => ordersApi.act(order.id, action, { version: order.version, ...body }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(orderKeys.detail(order.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders', 'list'] });
      message.success(t('purchaseOrders.done.action'));
    },
    onError: (err, { placeFields }) => {
      const fields = fieldErrorsOf(err);
      const rest = placeFields ? placeFields(err) : fields;
      // A problem shown beside its field is not repeated in the message.
      if (!(err instanceof ApiError && err.handled) && (rest.length || !fields.length)) {
        message.error(errorText(err, rest));
      }
      // A 409 means someone else moved the order: show it as it is now.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      }
    },
  });
}

function OrderView({ order, back }: { order: PurchaseOrderDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useAnyPermission();
  const act = useOrderAction(order);
  useRefreshOnPush();
  const [printing, setPrinting] = useState(false);
  const [proposing, setProposing] = useState<PurchaseOrderLine | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const side = order.side;
  const { fmt, money, rate } = numberFormat(order.decimalPlaces);
  const allowed = purchaseOrderMachine.available(side, order.status, (code) => can([code]));
  const headerActions = allowed.filter((a) => a === 'send' || a === 'close' || a === 'cancel');
  const pending = order.lines.filter((l) => l.status === LS.PENDING);
  const proposed = order.lines.filter((l) => l.status === LS.PROPOSED);
  const canAnswer = allowed.includes('confirm');
  const canJudge = allowed.includes('accept');

  const run = (action: PurchaseOrderAction, body?: PurchaseOrderActionInput, confirmKey = CONFIRM_TEXT[action]) => {
    if (!confirmKey) {
      act.mutate({ action, body });
      return;
    }
    modal.confirm({
      title: t(confirmKey as 'purchaseOrders.confirm.send'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'cancel' },
      onOk: () => act.mutateAsync({ action, body }),
    });
  };
  const copy = useMutation({
    mutationFn: () => ordersApi.copy(order.id),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['purchase-orders', 'list'] });
      message.success(t('purchaseOrders.done.copied', { orderNo: created.orderNo }));
      navigate(`${orderPath('buyer', created.id)}&mode=edit`);
    },
  });
  const print = async () => {
    setPrinting(true);
    try {
      openFile(await ordersApi.pdf(order.id, order.orderNo));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setPrinting(false);
    }
  };

  const amount = (v: string) => fmt(v, 'amount');
  const lineColumns: LineColumn<PurchaseOrderLine>[] = [
    { key: 'lineNo', title: t('purchaseOrders.fields.lineNo'), dataIndex: 'lineNo', width: 48, align: 'right' },
    {
      key: 'material',
      title: t('purchaseOrders.fields.material'),
      width: 200,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'prdtSpc',
      title: t('purchaseOrders.fields.prdtSpc'),
      dataIndex: 'prdtSpc',
      width: 150,
      ellipsis: { showTitle: true },
    },
    { key: 'supPrdtNo', title: t('purchaseOrders.fields.supPrdtNo'), dataIndex: 'supPrdtNo', width: 130 },
    {
      key: 'qty',
      title: t('purchaseOrders.fields.qty'),
      dataIndex: 'qty',
      width: 130,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName || l.unitNo} />,
    },
    { key: 'requestedDate', title: t('purchaseOrders.fields.requestedDate'), dataIndex: 'requestedDate', width: 100 },
    {
      key: 'price',
      title: t('purchaseOrders.fields.price'),
      dataIndex: 'price',
      width: 110,
      align: 'right',
      render: (v: string) => fmt(v, 'price'),
    },
    {
      key: 'taxRate',
      title: t('purchaseOrders.fields.taxRate'),
      dataIndex: 'taxRate',
      width: 80,
      align: 'right',
      render: (v: string) => rate(v),
    },
    {
      key: 'amount',
      title: t('purchaseOrders.fields.amount'),
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: amount,
    },
    ...(['amountExcl', 'taxAmount', 'amountIncl'] as const).map((key) => ({
      key,
      title: t(`purchaseOrders.fields.${key}`),
      dataIndex: key,
      width: 120,
      align: 'right' as const,
      render: amount,
    })),
    ...(side === 'buyer'
      ? [{ key: 'warehouse', title: t('purchaseOrders.fields.warehouse'), dataIndex: 'warehouseName', width: 120 }]
      : []),
    {
      key: 'deliveredQty',
      title: t('purchaseOrders.fields.deliveredQty'),
      dataIndex: 'deliveredQty',
      width: 100,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'remark',
      title: t('purchaseOrders.fields.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: { showTitle: true },
    },
    {
      key: 'status',
      title: t('purchaseOrders.fields.lineStatus'),
      dataIndex: 'status',
      width: 124,
      render: (s: number) => <StatusTag machine={purchaseOrderLineStatuses} status={s} />,
    },
    // The supplier's answer stands right before the operation column: Accept/Reject beside what they take.
    {
      key: 'answer',
      title: t('purchaseOrders.fields.answer'),
      width: 220,
      render: (_v, l) =>
        l.status === LS.PROPOSED || l.confirmedQty !== null || l.supplierRemark ? (
          <SupplierAnswer line={l} places={order.decimalPlaces} />
        ) : null,
    },
    ...(canAnswer || canJudge
      ? [
          {
            key: 'operation',
            title: t('common.operation'),
            width: canJudge ? 130 : 90,
            fixed: 'right' as const,
            render: (_v: unknown, l: PurchaseOrderLine) =>
              canAnswer && l.status === LS.PENDING ? (
                <Button type="link" size="small" onClick={() => setProposing(l)}>
                  {t('purchaseOrders.actions.propose')}
                </Button>
              ) : canJudge && l.status === LS.PROPOSED ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => run('accept', { lines: [{ id: l.id }] }, undefined)}>
                    {t('purchaseOrders.actions.acceptLine')}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => run('reject', { lines: [{ id: l.id }] })}>
                    {t('purchaseOrders.actions.rejectLine')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  const lineToolbar = (
    <Space wrap>
      {canAnswer && pending.length > 0 && (
        <>
          <Button
            type="primary"
            loading={act.isPending}
            onClick={() => run('confirm', { all: true }, 'purchaseOrders.confirm.confirmAll')}
          >
            {t('purchaseOrders.actions.confirmAll')}
          </Button>
          <Button
            disabled={selected.length === 0}
            loading={act.isPending}
            onClick={() => run('confirm', { lines: selected.map((id) => ({ id })) }, undefined)}
          >
            {t('purchaseOrders.actions.confirmSelected')}
          </Button>
        </>
      )}
      {canJudge && proposed.length > 0 && (
        <>
          <Button type="primary" loading={act.isPending} onClick={() => run('accept', { all: true }, undefined)}>
            {t('purchaseOrders.actions.accept')}
          </Button>
          <Button danger loading={act.isPending} onClick={() => run('reject', { all: true })}>
            {t('purchaseOrders.actions.reject')}
          </Button>
        </>
      )}
    </Space>
  );

  const changeable = side === 'buyer' && PURCHASE_ORDER_CHANGEABLE_STATUSES.includes(order.status as never);
  return (
    <>
      <Card
        className="page-card"
        title={
          <Space wrap>
            <span>{order.orderNo}</span>
            <StatusTag machine={purchaseOrderMachine} status={order.status} />
            <RevisionTag revision={order.revision} />
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {side === 'buyer' && order.status === S.DRAFT && can(['CG_TG_SURE']) && (
              <Button icon={<EditOutlined />} onClick={() => navigate(`${orderPath('buyer', order.id)}&mode=edit`)}>
                {t('purchaseOrders.actions.edit')}
              </Button>
            )}
            {headerActions.map((action) => (
              <Button
                key={action}
                type={action === 'send' ? 'primary' : 'default'}
                danger={action === 'cancel'}
                loading={act.isPending && act.variables?.action === action}
                onClick={() => run(action)}
              >
                {t(`purchaseOrders.actions.${action}`)}
              </Button>
            ))}
            {changeable && can(['CHAN_SU']) && (
              <Button icon={<SwapOutlined />} onClick={() => navigate(newChangePath(order.id))}>
                {t('purchaseOrders.actions.change')}
              </Button>
            )}
            {side === 'buyer' && can(['CG_TG_SURE']) && (
              <Button icon={<CopyOutlined />} loading={copy.isPending} onClick={() => copy.mutate()}>
                {t('purchaseOrders.actions.copy')}
              </Button>
            )}
            <Button icon={<FilePdfOutlined />} loading={printing} onClick={() => void print()}>
              {t('purchaseOrders.actions.print')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered {...DETAIL_DESCRIPTIONS}>
          {side === 'buyer' ? (
            <Descriptions.Item
              label={t('purchaseOrders.fields.supplier')}
            >{`${order.supCode} ${order.supName}`}</Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('purchaseOrders.fields.customer')}>{order.customerName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('purchaseOrders.fields.orderDate')}>
            {buyerZoneFormat(order.buyerTimeZone).date(order.orderDate)}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.totalAmount')}>
            {money(order.totalAmount, order.currency)}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.taxBreakdown')}>
            {order.totalTaxAmount === MASK
              ? MASK
              : t('purchaseOrders.taxBreakdown', {
                  excl: fmt(order.totalAmountExcl, 'amount'),
                  tax: fmt(order.totalTaxAmount, 'amount'),
                  incl: fmt(order.totalAmountIncl, 'amount'),
                  currency: order.currency,
                })}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.taxIncluded')}>
            {order.taxIncluded ? t('purchaseOrders.tax.included') : t('purchaseOrders.tax.excluded')}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.paymentTerms')}>
            {order.paymentTerms || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.lineCount')}>{order.lineCount}</Descriptions.Item>
          {side === 'buyer' && (
            <Descriptions.Item label={t('purchaseOrders.fields.owner')}>{order.ownerName ?? '—'}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('purchaseOrders.fields.sentAt')}>
            {buyerZoneFormat(order.buyerTimeZone).dateTime(order.sentAt) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.remarks')}>{order.remarks || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('purchaseOrders.fields.attachments')}>
            <AttachmentLinks files={order.attachments} />
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="page-card">
        {canAnswer && pending.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            title={t('purchaseOrders.detail.waitingLines', { count: pending.length })}
          />
        )}
        {canJudge && proposed.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={t('purchaseOrders.detail.waitingProposals', { count: proposed.length })}
          />
        )}
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('purchaseOrders.detail.lines'),
              children: (
                <LineTable<PurchaseOrderLine>
                  id={`purchase-order-lines-${side}`}
                  rowKey="id"
                  virtual
                  height={520}
                  columns={lineColumns}
                  optional={OPTIONAL_LINE_COLUMNS}
                  dataSource={order.lines}
                  toolbar={lineToolbar}
                  cardTitle={['lineNo', 'material']}
                  rowSelection={
                    canAnswer && pending.length > 0
                      ? {
                          columnWidth: 60,
                          selectedRowKeys: selected,
                          getCheckboxProps: (l) => ({ disabled: l.status !== LS.PENDING }),
                          onChange: (keys) => setSelected(keys as string[]),
                        }
                      : undefined
                  }
                />
              ),
            },
            {
              key: 'changes',
              label: `${t('purchaseOrders.detail.changes')} (${order.changes.length})`,
              children: <RevisionsTable side={side} changes={order.changes} />,
            },
            {
              key: 'history',
              label: t('purchaseOrders.detail.history'),
              children: <HistoryTable entries={order.history} />,
            },
          ]}
        />
      </Card>
      <ProposeDialog
        line={proposing}
        order={order}
        onClose={() => setProposing(null)}
        onSubmit={(body, placeFields) =>
          act.mutateAsync({ action: 'confirm', body, placeFields }).then(() => {
            setProposing(null);
            setSelected([]);
          })
        }
      />
    </>
  );
}

function RevisionsTable({ side, changes }: { side: PurchaseOrderSide; changes: PurchaseChangeListItem[] }) {
  const { t } = useTranslation();
  return (
    <Table<PurchaseChangeListItem>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={changes}
      locale={{ emptyText: <Empty description={t('purchaseOrders.detail.noChanges')} /> }}
      columns={[
        { key: 'revision', title: t('purchaseOrders.fields.revision'), dataIndex: 'revision', width: 80 },
        {
          key: 'changeNo',
          title: t('purchaseOrders.fields.changeNo'),
          dataIndex: 'changeNo',
          width: 150,
          render: (no: string, c) => <Link to={changePath(side, c.id)}>{no}</Link>,
        },
        {
          key: 'status',
          title: t('purchaseOrders.fields.status'),
          dataIndex: 'status',
          width: 130,
          render: (s: number) => <StatusTag machine={purchaseChangeMachine} status={s} />,
        },
        { key: 'reason', title: t('purchaseOrders.fields.reason'), dataIndex: 'reason', ellipsis: { showTitle: true } },
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
      ]}
    />
  );
}

interface ProposeValues {
  /** Decimal text, sent as it is (issue 16). */
  qty: string;
  date: Dayjs;
  remark?: string;
}

const ANSWER_FIELDS: readonly string[] = ['qty', 'date', 'remark'] satisfies (keyof ProposeValues)[];

/** The supplier's answer to one line: another quantity or date makes it a counter-proposal. */
function ProposeDialog({
  line,
  order,
  onClose,
  onSubmit,
}: {
  line: PurchaseOrderLine | null;
  order: PurchaseOrderDetail;
  onClose: () => void;
  onSubmit: (body: PurchaseOrderActionInput, placeFields: (error: unknown) => FieldError[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProposeValues>();
  const [busy, setBusy] = useState(false);
  const { fmt } = numberFormat(order.decimalPlaces);
  /** The one line sent is `lines.0`: its `qty`, `date` and `remark` are this form's fields. */
  const placeAnswerErrors = (error: unknown): FieldError[] => {
    const rest: FieldError[] = [];
    const placed: { name: keyof ProposeValues; errors: string[] }[] = [];
    for (const f of fieldErrorsOf(error)) {
      const [list, index, field] = f.name;
      if (list === 'lines' && index === 0 && f.name.length === 3 && ANSWER_FIELDS.includes(String(field))) {
        placed.push({ name: field as keyof ProposeValues, errors: [f.message] });
      } else rest.push(f);
    }
    form.setFields(placed);
    return rest;
  };
  return (
    <Modal
      title={line ? t('purchaseOrders.propose.title', { lineNo: line.lineNo }) : ''}
      open={!!line}
      width={500}
      mask={{ closable: false }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      onOk={() => form.submit()}
    >
      {line && (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('purchaseOrders.propose.hint', { qty: fmt(line.qty, 'quantity'), date: line.requestedDate })}
          />
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ qty: line.qty, date: dayjs(line.requestedDate), remark: line.supplierRemark }}
            onFinish={async (v) => {
              setBusy(true);
              try {
                await onSubmit(
                  { lines: [{ id: line.id, qty: v.qty, date: v.date.format(DATE_FORMAT), remark: v.remark }] },
                  placeAnswerErrors,
                );
              } catch {
                // The order action shows the server's message; the dialog stays open to correct the answer.
              } finally {
                setBusy(false);
              }
            }}
          >
            <Form.Item
              name="qty"
              label={t('purchaseOrders.propose.qty')}
              rules={[
                { required: true },
                {
                  validator: (_r, v: string | null) =>
                    v === null || v === undefined || (DECIMAL_TEXT.test(v) && compareDecimals(v, '0') > 0)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('purchaseOrders.propose.qtyPositive'))),
                },
              ]}
            >
              <DecimalInput places={order.decimalPlaces.quantity} min="0" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="date" label={t('purchaseOrders.propose.date')} rules={[{ required: true }]}>
              <DatePicker format={DATE_FORMAT} allowClear={false} />
            </Form.Item>
            <Form.Item name="remark" label={t('purchaseOrders.propose.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
