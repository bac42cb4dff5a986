import {
  ArrowLeftOutlined,
  CheckOutlined,
  EyeOutlined,
  PlusOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  compareDecimals,
  subtractDecimals,
  URGENT_DELIVERY_STATUS_NAMES,
  type UrgentDeliveryAction,
  type UrgentDeliveryDetail,
  type UrgentDeliveryLine,
  type UrgentDeliveryListItem,
  type UrgentOrderLine,
  urgentDeliveryMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
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
  Select,
  Space,
  Table,
  Tabs,
} from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { usePermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import {
  CellError,
  ListError,
  lineErrorsOf,
  partyColumn,
  qtyColumn,
  qtyOf,
  reportRest,
  type SearchField,
  SearchForm,
} from './parts.tsx';
import { type Side, type UrgentFilter, urgentApi, urgentKeys } from './receiving-plans.api.ts';
import { urgentPaths } from './receiving-plans.paths.ts';

const BUYER = 'RE_MAN';
const SUPPLIER = 'CU_OR_CO';

/**
 * Urgent delivery notices of one side: the buyer's /recemanage/emerdelivery (RE_MAN), the supplier's
 * /customer/emerdelivery (CU_OR_CO). One table, differing by side.
 */
function UrgentListPage({ side }: { side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = urgentPaths(side);
  const fields: SearchField[] = [
    { name: 'noticeNo', label: t('receivingPlans.urgent.fields.noticeNo'), kind: 'text' },
    {
      name: 'material',
      label: t('receivingPlans.common.material'),
      kind: 'text',
      placeholder: t('receivingPlans.common.materialPlaceholder'),
    },
    {
      name: 'status',
      label: t('receivingPlans.urgent.fields.status'),
      kind: 'statuses',
      options: URGENT_DELIVERY_STATUS_NAMES.map((name, code) => ({ value: code, name })).flatMap((o) =>
        o.name ? [{ value: o.value, label: t(`receivingPlans.urgent.statuses.${o.name}`) }] : [],
      ),
    },
    { name: 'date', label: t('receivingPlans.urgent.fields.requiredDate'), kind: 'dates' },
  ];
  const search = useListFilter({
    noticeNo: filterField.text(),
    material: filterField.text(),
    status: filterField.codes(),
    date: filterField.dateRange(),
  });
  const { page, size, pagination, filtered } = search;
  const filter: UrgentFilter = {
    noticeNo: search.filter.noticeNo,
    material: search.filter.material,
    statuses: search.filter.status,
    dateFrom: search.filter.date?.from,
    dateTo: search.filter.date?.to,
  };
  const list = useListQuery(
    { queryKey: urgentKeys.list(side, filter, page, size), queryFn: () => urgentApi.list(side, filter, page, size) },
    search,
  );
  const newButton = side === 'buyer' && (
    <OperationButton type="primary" permission={BUYER} icon={<PlusOutlined />} onClick={() => navigate(paths.add)}>
      {t('receivingPlans.urgent.new')}
    </OperationButton>
  );
  const allColumns: TableColumnsType<UrgentDeliveryListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'noticeNo',
      title: t('receivingPlans.urgent.fields.noticeNo'),
      dataIndex: 'noticeNo',
      width: 150,
      render: (no: string, r) => <Link to={paths.detail(r.id)}>{no}</Link>,
    },
    partyColumn(side, t('receivingPlans.urgent.fields.supplier'), t('receivingPlans.urgent.fields.customer')),
    {
      key: 'status',
      title: t('receivingPlans.urgent.fields.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: number) => <StatusTag machine={urgentDeliveryMachine} status={s} />,
    },
    {
      key: 'requiredDate',
      title: t('receivingPlans.urgent.fields.requiredDate'),
      dataIndex: 'requiredDate',
      width: 110,
    },
    {
      key: 'lineCount',
      title: t('receivingPlans.urgent.fields.lineCount'),
      dataIndex: 'lineCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'reason',
      title: t('receivingPlans.urgent.fields.reason'),
      dataIndex: 'reason',
      width: 220,
      ellipsis: { showTitle: true },
    },
    {
      key: 'supplierRemark',
      title: t('receivingPlans.urgent.fields.supplierRemark'),
      dataIndex: 'supplierRemark',
      width: 200,
      ellipsis: { showTitle: true },
    },
    {
      key: 'answeredAt',
      title: t('receivingPlans.urgent.fields.answeredAt'),
      dataIndex: 'answeredAt',
      width: 170,
      render: formatDateTime,
    },
    ...(side === 'buyer'
      ? [{ key: 'owner', title: t('receivingPlans.common.owner'), dataIndex: 'ownerName', width: 120 }]
      : []),
    {
      key: 'createdAt',
      title: t('receivingPlans.common.createdAt'),
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
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(paths.detail(row.id))}>
          {t('receivingPlans.common.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['noticeNo', 'supplier', 'customer', 'requiredDate', 'status', 'supplierRemark'],
  });
  const emptyText = filtered
    ? t('receivingPlans.common.emptyFiltered')
    : side === 'buyer'
      ? t('receivingPlans.urgent.empty')
      : t('receivingPlans.urgent.receivedEmpty');
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
            left={newButton}
            {...chrome.toolbarProps}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
          />
          <ListTable<UrgentDeliveryListItem>
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

export const BuyerUrgentListPage = () => <UrgentListPage side="buyer" />;
export const SupplierUrgentListPage = () => <UrgentListPage side="supplier" />;

// ---------------------------------------------------------------------------------------------

interface Asked {
  /** Decimal text as typed, sent as it is (issue 16). */
  qty: string | null;
  remark: string;
}

/** What an order line still waits for, as the urgent quantity first offered; nothing when it is all delivered. */
function outstanding(l: UrgentOrderLine): string | null {
  const left = subtractDecimals(l.qty, l.deliveredQty, l.decimalPlaces.quantity);
  return compareDecimals(left, '0') > 0 ? left : null;
}

/** /recemanage/emerdelivery/newadd (RE_MAN): one supplier, a date, and the urgent quantity of each chosen order line. */
export function UrgentFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermission(BUYER);
  const paths = urgentPaths('buyer');
  const [form] = Form.useForm<{ supplierId?: string; requiredDate?: dayjs.Dayjs; reason?: string }>();
  const supplierId = Form.useWatch('supplierId', form);
  const [keyword, setKeyword] = useState('');
  const [asked, setAsked] = useState<Record<string, Asked>>({});
  const suppliers = useQuery({ queryKey: urgentKeys.suppliers, queryFn: urgentApi.suppliers });
  const lines = useQuery({
    queryKey: urgentKeys.lines(supplierId ?? '', keyword),
    queryFn: () => urgentApi.orderLines(supplierId!, keyword),
    enabled: !!supplierId,
  });
  const chosen = Object.entries(asked);
  /** The server's problems with the lines as last sent, in their cells: `orderLineId.qty`. */
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const sentKeys = useRef<string[]>([]);
  const creation = useIdempotencyKey();
  const save = useMutation({
    mutationFn: (v: { supplierId?: string; requiredDate?: dayjs.Dayjs; reason?: string }) =>
      urgentApi.create(
        {
          supplierId: v.supplierId!,
          requiredDate: v.requiredDate!.format(DATE_FORMAT),
          reason: v.reason ?? '',
          lines: chosen.map(([orderLineId, a]) => ({ orderLineId, qty: a.qty!, remark: a.remark })),
        },
        creation.key,
      ),
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: urgentKeys.all });
      message.success(t('receivingPlans.urgent.done.created', { noticeNo: r.noticeNo }));
      navigate(paths.detail(r.id));
    },
    // The head's problems beside its fields, each line's in its cell, the rest as one message.
    meta: { silent: true },
    onError: (e) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: sentKeys.current, fields: ['qty'] }, form);
      setCellErrors(cells);
      reportRest(e, rest);
    },
  });
  const submit = () =>
    form
      .validateFields()
      .then((v) => {
        setCellErrors({});
        sentKeys.current = chosen.map(([orderLineId]) => orderLineId);
        save.mutate(v);
      })
      // The form shows its own field problems.
      .catch(() => {});
  const columns: TableColumnsType<UrgentOrderLine> = [
    { key: 'orderNo', title: t('receivingPlans.urgent.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
    {
      key: 'lineNo',
      title: t('receivingPlans.urgent.fields.orderLineNo'),
      dataIndex: 'lineNo',
      width: 80,
      align: 'right',
    },
    { key: 'prdtNo', title: t('receivingPlans.urgent.fields.prdtNo'), dataIndex: 'prdtNo', width: 140 },
    {
      key: 'prdtName',
      title: t('receivingPlans.urgent.fields.prdtName'),
      dataIndex: 'prdtName',
      width: 180,
      ellipsis: { showTitle: true },
    },
    { key: 'unitName', title: t('receivingPlans.common.unit'), dataIndex: 'unitName', width: 70 },
    {
      key: 'qty',
      title: t('receivingPlans.urgent.fields.orderQty'),
      dataIndex: 'qty',
      width: 110,
      ...qtyColumn<UrgentOrderLine>(),
    },
    {
      key: 'deliveredQty',
      title: t('receivingPlans.urgent.fields.deliveredQty'),
      dataIndex: 'deliveredQty',
      width: 110,
      ...qtyColumn<UrgentOrderLine>(),
    },
    {
      key: 'requestedDate',
      title: t('receivingPlans.urgent.fields.requestedDate'),
      dataIndex: 'requestedDate',
      width: 120,
    },
    {
      key: 'asked',
      title: t('receivingPlans.urgent.fields.qty'),
      width: 140,
      render: (_v, l) => {
        const problem = cellErrors[`${l.orderLineId}.qty`];
        return asked[l.orderLineId] ? (
          <>
            <DecimalInput
              places={l.decimalPlaces.quantity}
              min="0"
              value={asked[l.orderLineId]!.qty}
              status={!asked[l.orderLineId]!.qty || problem ? 'error' : undefined}
              onChange={(v) => {
                setAsked((p) => ({ ...p, [l.orderLineId]: { ...p[l.orderLineId]!, qty: v } }));
                setCellErrors(({ [`${l.orderLineId}.qty`]: _fixed, ...others }) => others);
              }}
              aria-label={t('lineTable.cell', {
                column: t('receivingPlans.urgent.fields.qty'),
                line: `${l.orderNo}-${l.lineNo}`,
              })}
            />
            <CellError message={problem} />
          </>
        ) : null;
      },
    },
  ];
  return (
    <>
      <Card
        className="page-card"
        title={t('receivingPlans.urgent.new')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.list)}>
            {t('receivingPlans.common.back')}
          </Button>
        }
      >
        <Form form={form} layout="vertical" disabled={!allowed} style={{ maxWidth: 760 }}>
          <Form.Item
            name="supplierId"
            label={t('receivingPlans.urgent.fields.supplier')}
            rules={[{ required: true, message: t('receivingPlans.plans.form.required') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('receivingPlans.urgent.form.supplierPlaceholder')}
              loading={suppliers.isPending}
              options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))}
              onChange={() => setAsked({})}
            />
          </Form.Item>
          <Form.Item
            name="requiredDate"
            label={t('receivingPlans.urgent.fields.requiredDate')}
            rules={[{ required: true, message: t('receivingPlans.plans.form.required') }]}
          >
            <DatePicker format={DATE_FORMAT} />
          </Form.Item>
          <Form.Item name="reason" label={t('receivingPlans.urgent.fields.reason')}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Form>
      </Card>
      <Card
        className="page-card"
        title={t('receivingPlans.urgent.form.lines')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('receivingPlans.urgent.form.keyword')}
            onSearch={setKeyword}
            style={{ width: 240 }}
          />
        }
      >
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('receivingPlans.urgent.form.pickLines')} />
        <Table<UrgentOrderLine>
          rowKey="orderLineId"
          size="small"
          loading={lines.isFetching}
          columns={columns}
          dataSource={supplierId ? (lines.data ?? []) : []}
          pagination={false}
          scroll={{ x: 1200, y: 420 }}
          locale={{ emptyText: <Empty description={t('receivingPlans.urgent.form.noLines')} /> }}
          rowSelection={{
            selectedRowKeys: chosen.map(([id]) => id),
            onChange: (_keys, rows) =>
              setAsked((prev) =>
                Object.fromEntries(
                  rows.map((r) => [r.orderLineId, prev[r.orderLineId] ?? { qty: outstanding(r), remark: '' }]),
                ),
              ),
          }}
        />
        <Space style={{ marginTop: 16 }}>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!allowed || !chosen.length || chosen.some(([, a]) => compareDecimals(qtyOf(a.qty), '0') <= 0)}
            loading={save.isPending}
            onClick={submit}
          >
            {t('receivingPlans.urgent.form.send')}
          </Button>
        </Space>
      </Card>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

type LineAnswer = { availableQty: string | null; availableDate: string | null; remark: string };
/** The fields of a line's answer, as the server names them (`lines.2.availableQty`). */
const ANSWER_FIELDS = ['availableQty', 'availableDate', 'remark'];

function UrgentDetailPage({ side }: { side: Side }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ queryKey: urgentKeys.detail(id), queryFn: () => urgentApi.get(id), enabled: !!id });
  return (
    <DetailGate query={query} back={urgentPaths(side).list}>
      {(notice) => <UrgentView notice={notice} side={side} />}
    </DetailGate>
  );
}

export const BuyerUrgentDetailPage = () => <UrgentDetailPage side="buyer" />;
export const SupplierUrgentDetailPage = () => <UrgentDetailPage side="supplier" />;

function UrgentView({ notice, side }: { notice: UrgentDeliveryDetail; side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const places = notice.decimalPlaces.quantity;
  const { fmt } = useNumbers(notice.decimalPlaces);
  // By status only: a step the user lacks the code for stays visible but disabled (OperationButton).
  const actions = notice.side === side ? urgentDeliveryMachine.available(side, notice.status, () => true) : [];
  const [answers, setAnswers] = useState<Record<string, LineAnswer>>({});
  const [remark, setRemark] = useState<string | null>(null);
  const answerOf = (l: UrgentDeliveryLine): LineAnswer =>
    answers[l.id] ?? {
      availableQty: l.availableQty ?? l.qty,
      availableDate: l.availableDate ?? notice.requiredDate,
      remark: l.supplierRemark,
    };
  /** The server's problems with the answer, in each line's cells: `lineId.availableQty`. */
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const setAnswer = (l: UrgentDeliveryLine, p: Partial<LineAnswer>) => {
    setAnswers((prev) => ({ ...prev, [l.id]: { ...answerOf(l), ...p } }));
    setCellErrors((all) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => !Object.keys(p).some((f) => k === `${l.id}.${f}`))),
    );
  };
  const answering = actions.includes('answer');
  /** Names a line's answer editors for a screen reader: the column and the line. */
  const cellName = (column: string, l: UrgentDeliveryLine) => t('lineTable.cell', { column, line: l.lineNo });
  const complete = notice.lines.every((l) => {
    const a = answerOf(l);
    return !!a.availableQty && compareDecimals(qtyOf(a.availableQty), '0') >= 0 && !!a.availableDate;
  });

  const act = useMutation({
    mutationFn: (action: UrgentDeliveryAction) =>
      urgentApi.act(
        notice.id,
        action,
        action === 'answer'
          ? {
              version: notice.version,
              remark: remark ?? notice.supplierRemark,
              lines: notice.lines.map((l) => {
                const a = answerOf(l);
                return {
                  id: l.id,
                  availableQty: a.availableQty!,
                  availableDate: a.availableDate!,
                  remark: a.remark,
                };
              }),
            }
          : { version: notice.version },
      ),
    onMutate: () => setCellErrors({}),
    onSuccess: async (_d, action) => {
      setAnswers({});
      setRemark(null);
      await queryClient.invalidateQueries({ queryKey: urgentKeys.all });
      message.success(t(`receivingPlans.urgent.done.${action}`));
    },
    // An answer's problems are shown in the cells of the lines (sent in the table's order); the rest as one message.
    meta: { silent: true },
    onError: (e) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: notice.lines.map((l) => l.id), fields: ANSWER_FIELDS });
      setCellErrors(cells);
      reportRest(e, rest);
    },
  });
  const ask = (action: 'close' | 'cancel') =>
    modal.confirm({
      title: t(`receivingPlans.urgent.confirmText.${action}`, { noticeNo: notice.noticeNo }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync(action),
    });

  const columns: TableColumnsType<UrgentDeliveryLine> = [
    { key: 'lineNo', title: t('receivingPlans.urgent.fields.lineNo'), dataIndex: 'lineNo', width: 60, align: 'right' },
    { key: 'orderNo', title: t('receivingPlans.urgent.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
    {
      key: 'orderLineNo',
      title: t('receivingPlans.urgent.fields.orderLineNo'),
      dataIndex: 'orderLineNo',
      width: 80,
      align: 'right',
    },
    { key: 'prdtNo', title: t('receivingPlans.urgent.fields.prdtNo'), dataIndex: 'prdtNo', width: 140 },
    {
      key: 'prdtName',
      title: t('receivingPlans.urgent.fields.prdtName'),
      dataIndex: 'prdtName',
      width: 180,
      ellipsis: { showTitle: true },
    },
    { key: 'unitName', title: t('receivingPlans.common.unit'), dataIndex: 'unitName', width: 70 },
    {
      key: 'qty',
      title: t('receivingPlans.urgent.fields.qty'),
      dataIndex: 'qty',
      width: 110,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: { showTitle: true },
    },
    {
      key: 'availableQty',
      title: t('receivingPlans.urgent.fields.availableQty'),
      width: 140,
      align: 'right',
      render: (_v, l) =>
        answering ? (
          <>
            <DecimalInput
              places={places}
              min="0"
              value={answerOf(l).availableQty}
              status={cellErrors[`${l.id}.availableQty`] ? 'error' : undefined}
              onChange={(v) => setAnswer(l, { availableQty: v })}
              aria-label={cellName(t('receivingPlans.urgent.fields.availableQty'), l)}
            />
            <CellError message={cellErrors[`${l.id}.availableQty`]} />
          </>
        ) : (
          fmt(l.availableQty, 'quantity')
        ),
    },
    {
      key: 'availableDate',
      title: t('receivingPlans.urgent.fields.availableDate'),
      width: 150,
      render: (_v, l) =>
        answering ? (
          <>
            <DatePicker
              aria-label={cellName(t('receivingPlans.urgent.fields.availableDate'), l)}
              allowClear={false}
              format={DATE_FORMAT}
              value={answerOf(l).availableDate ? dayjs(answerOf(l).availableDate) : null}
              status={cellErrors[`${l.id}.availableDate`] ? 'error' : undefined}
              onChange={(d) => d && setAnswer(l, { availableDate: d.format(DATE_FORMAT) })}
            />
            <CellError message={cellErrors[`${l.id}.availableDate`]} />
          </>
        ) : (
          l.availableDate
        ),
    },
    {
      key: 'supplierRemark',
      title: t('receivingPlans.urgent.fields.supplierRemark'),
      width: 200,
      render: (_v, l) =>
        answering ? (
          <>
            <Input
              aria-label={cellName(t('receivingPlans.urgent.fields.supplierRemark'), l)}
              maxLength={500}
              value={answerOf(l).remark}
              status={cellErrors[`${l.id}.remark`] ? 'error' : undefined}
              onChange={(e) => setAnswer(l, { remark: e.target.value })}
            />
            <CellError message={cellErrors[`${l.id}.remark`]} />
          </>
        ) : (
          l.supplierRemark
        ),
    },
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{notice.noticeNo}</span>
            <StatusTag machine={urgentDeliveryMachine} status={notice.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {actions.includes('acknowledge') && (
              <OperationButton
                permission={SUPPLIER}
                icon={<EyeOutlined />}
                loading={act.isPending}
                onClick={() => act.mutate('acknowledge')}
              >
                {t('receivingPlans.urgent.actions.acknowledge')}
              </OperationButton>
            )}
            {actions.includes('close') && (
              <OperationButton type="primary" permission={BUYER} icon={<CheckOutlined />} onClick={() => ask('close')}>
                {t('receivingPlans.urgent.actions.close')}
              </OperationButton>
            )}
            {actions.includes('cancel') && (
              <OperationButton permission={BUYER} danger icon={<StopOutlined />} onClick={() => ask('cancel')}>
                {t('receivingPlans.urgent.actions.cancel')}
              </OperationButton>
            )}
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(urgentPaths(side).list)}>
              {t('receivingPlans.common.back')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item
            label={
              side === 'buyer' ? t('receivingPlans.urgent.fields.supplier') : t('receivingPlans.urgent.fields.customer')
            }
          >
            {side === 'buyer' ? `${notice.supCode} ${notice.supName}` : notice.customerName}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.urgent.fields.requiredDate')}>
            {notice.requiredDate}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.common.createdAt')}>
            {formatDateTime(notice.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.urgent.fields.acknowledgedAt')}>
            {formatDateTime(notice.acknowledgedAt) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.urgent.fields.answeredAt')}>
            {formatDateTime(notice.answeredAt) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.common.owner')}>{notice.ownerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.urgent.fields.reason')} span={3}>
            {notice.reason || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.urgent.fields.supplierRemark')} span={3}>
            {notice.supplierRemark || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {answering && (
        <Card
          className="page-card"
          title={t('receivingPlans.urgent.answer.title')}
          extra={
            <OperationButton
              type="primary"
              permission={SUPPLIER}
              icon={<SendOutlined />}
              disabled={!complete}
              loading={act.isPending}
              onClick={() => act.mutate('answer')}
            >
              {t('receivingPlans.urgent.actions.submitAnswer')}
            </OperationButton>
          }
        >
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('receivingPlans.urgent.answer.hint')} />
          <Input.TextArea
            rows={2}
            maxLength={1000}
            aria-label={t('receivingPlans.urgent.fields.supplierRemark')}
            placeholder={t('receivingPlans.urgent.fields.supplierRemark')}
            value={remark ?? notice.supplierRemark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Card>
      )}
      <Card className="page-card">
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('receivingPlans.urgent.form.lines'),
              children: (
                <Table<UrgentDeliveryLine>
                  rowKey="id"
                  size="small"
                  columns={columns}
                  dataSource={notice.lines}
                  pagination={false}
                  scroll={{ x: 1500 }}
                />
              ),
            },
            {
              key: 'history',
              label: t('receivingPlans.common.history'),
              children: <DocumentHistory entries={notice.history} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
