import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, ScissorOutlined } from '@ant-design/icons';
import {
  compareDecimals,
  type PlannableLine,
  RECEIVING_PLAN_STATUS,
  type ReceivingPlanDetail,
  subtractDecimals,
  sumDecimals,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { QtyWithUnit } from '../../components/LineTable.tsx';
import { usePermission } from '../../components/PermissionGate.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { errorText, fieldErrorsOf } from '../../lib/fieldErrors.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { CellError, lineErrorsOf, qtyOf } from './parts.tsx';
import { planKeys, plansApi } from './receiving-plans.api.ts';
import { planPaths } from './receiving-plans.paths.ts';

interface Delivery {
  key: number;
  orderLineId: string;
  /** Decimal text as typed, sent as it is (issue 16). */
  plannedQty: string | null;
  plannedDate: string | null;
  remark: string;
}

const paths = planPaths('buyer');
/** The fields of a delivery the table edits, as the server names them (`lines.2.plannedQty`). */
const LINE_FIELDS = ['orderLineId', 'plannedQty', 'plannedDate', 'remark'];

/** /receivingPlan/order/newadd (RE_PLA): a new plan, or with `?id=` the draft to edit. */
export function PlanFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useQuery({ queryKey: planKeys.detail(id ?? ''), queryFn: () => plansApi.get(id!), enabled: !!id });
  if (!id) return <PlanForm draft={null} />;
  return (
    <DetailGate query={query} back={paths.list}>
      {(plan) => <PlanForm draft={plan} />}
    </DetailGate>
  );
}

let nextKey = 1;

function PlanForm({ draft }: { draft: ReceivingPlanDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermission('RE_PLA');
  // The form keeps its values in state rather than in Form fields: the labels point at their controls by id.
  const fieldId = useId();
  const [orderId, setOrderId] = useState<string | null>(draft?.orderId ?? null);
  const [keyword, setKeyword] = useState('');
  const [remark, setRemark] = useState(draft?.remark ?? '');
  const [sendNow, setSendNow] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [deliveries, setDeliveries] = useState<Delivery[]>(
    (draft?.lines ?? []).map((l) => ({
      key: nextKey++,
      orderLineId: l.orderLineId,
      plannedQty: l.plannedQty,
      plannedDate: l.plannedDate,
      remark: l.remark,
    })),
  );
  const saved = useRef(false);
  /** The server's problems with the deliveries as last sent, in their cells: `key.plannedQty`. */
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const sentKeys = useRef<number[]>([]);
  const orders = useQuery({
    queryKey: planKeys.orders(keyword),
    queryFn: () => plansApi.orders(keyword),
    enabled: !draft,
  });
  const plannable = useQuery({
    queryKey: planKeys.plannable(orderId ?? '', draft?.id ?? null),
    queryFn: () => plansApi.plannable(orderId!, draft?.id ?? null),
    enabled: !!orderId,
  });
  const { fmt } = useNumbers(plannable.data?.decimalPlaces);
  const places = plannable.data?.decimalPlaces.quantity ?? 2;
  const lines = plannable.data?.lines ?? [];
  const planning = (lineId: string) =>
    sumDecimals(
      deliveries.filter((d) => d.orderLineId === lineId).map((d) => qtyOf(d.plannedQty)),
      places,
    );
  const unplanned = (l: PlannableLine) => subtractDecimals(l.confirmedQty, l.plannedQty, places);
  const left = (l: PlannableLine) => subtractDecimals(unplanned(l), planning(l.orderLineId), places);
  const overPlanned = (l: PlannableLine) => compareDecimals(left(l), '0') < 0;

  const change = (next: Delivery[]) => {
    setDeliveries(next);
    setDirty(true);
  };
  const add = (l: PlannableLine) =>
    change([
      ...deliveries,
      {
        key: nextKey++,
        orderLineId: l.orderLineId,
        plannedQty: compareDecimals(left(l), '0') > 0 ? left(l) : null,
        plannedDate: l.confirmedDate,
        remark: '',
      },
    ]);
  const patch = (key: number, p: Partial<Delivery>) => {
    change(deliveries.map((d) => (d.key === key ? { ...d, ...p } : d)));
    setCellErrors((all) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => !Object.keys(p).some((f) => k === `${key}.${f}`))),
    );
  };

  useLeaveGuard(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const problems: string[] = [];
  if (!deliveries.length) problems.push(t('receivingPlans.plans.form.noLines'));
  if (deliveries.some((d) => compareDecimals(qtyOf(d.plannedQty), '0') <= 0))
    problems.push(t('receivingPlans.plans.form.positive'));
  if (deliveries.some((d) => !d.plannedDate)) problems.push(t('receivingPlans.plans.form.required'));
  for (const l of lines) {
    if (overPlanned(l)) {
      problems.push(
        t('receivingPlans.plans.form.overPlanned', {
          lineNo: l.lineNo,
          planned: fmt(planning(l.orderLineId), 'quantity'),
          remaining: fmt(unplanned(l), 'quantity'),
        }),
      );
    }
  }

  const creation = useIdempotencyKey();
  const save = useMutation({
    onMutate: () => {
      setSaveError(null);
      setCellErrors({});
      sentKeys.current = deliveries.map((d) => d.key);
    },
    mutationFn: async () => {
      const body = {
        remark,
        lines: deliveries.map((d) => ({
          orderLineId: d.orderLineId,
          plannedQty: d.plannedQty!,
          plannedDate: d.plannedDate!,
          remark: d.remark,
        })),
      };
      if (draft) {
        await plansApi.update(draft.id, { ...body, version: draft.version });
        return draft.id;
      }
      return (await plansApi.create({ ...body, orderId: orderId!, send: sendNow }, creation.key)).id;
    },
    onSuccess: async (id) => {
      saved.current = true;
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      message.success(t('receivingPlans.plans.done.saved'));
      navigate(paths.detail(id));
    },
    // Each delivery's problem is shown in its cell, the rest under the table; a toast would repeat them.
    meta: { silent: true },
    onError: (e) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: sentKeys.current, fields: LINE_FIELDS });
      setCellErrors(cells);
      setSaveError(fieldErrorsOf(e).length && !rest.length ? null : errorText(e, rest));
    },
  });

  if (draft && draft.status !== RECEIVING_PLAN_STATUS.DRAFT) {
    return <Alert type="warning" showIcon title={t('receivingPlans.plans.form.notEditable')} />;
  }

  // Every column of the order's confirmed lines fits 1366 px beside the menu (UI.md must-see columns).
  const lineColumns: TableColumnsType<PlannableLine> = [
    {
      key: 'lineNo',
      title: t('receivingPlans.plans.fields.orderLineNo'),
      dataIndex: 'lineNo',
      width: 80,
      align: 'right',
    },
    {
      key: 'material',
      title: t('receivingPlans.common.material'),
      width: 200,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'confirmedQty',
      title: t('receivingPlans.plans.fields.confirmedQty'),
      dataIndex: 'confirmedQty',
      width: 130,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName} />,
    },
    {
      key: 'confirmedDate',
      title: t('receivingPlans.plans.fields.confirmedDate'),
      dataIndex: 'confirmedDate',
      width: 110,
    },
    {
      key: 'plannedQty',
      title: t('receivingPlans.plans.fields.alreadyPlanned'),
      dataIndex: 'plannedQty',
      width: 120,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'left',
      title: t('receivingPlans.plans.fields.remainingQty'),
      width: 120,
      align: 'right',
      render: (_v, l) => (
        <Typography.Text type={overPlanned(l) ? 'danger' : undefined}>{fmt(left(l), 'quantity')}</Typography.Text>
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 120,
      render: (_v, l) => (
        <Button type="link" size="small" icon={<ScissorOutlined />} disabled={!allowed} onClick={() => add(l)}>
          {t('receivingPlans.plans.form.split')}
        </Button>
      ),
    },
  ];

  const lineLabel = (id: string) => {
    const l = lines.find((x) => x.orderLineId === id);
    return l ? `${l.lineNo} · ${l.prdtNo} ${l.prdtName}` : id;
  };
  /** A delivery's editors are named by their column and the delivery's number in the table. */
  const cellName = (column: string, index: number) => t('lineTable.cell', { column, line: index + 1 });
  const deliveryColumns: TableColumnsType<Delivery> = [
    { key: 'index', title: '#', width: 50, render: (_v, _d, i) => i + 1 },
    {
      key: 'orderLine',
      title: t('receivingPlans.plans.fields.orderLineNo'),
      width: 260,
      render: (_v, d, i) => (
        <>
          <Select
            aria-label={cellName(t('receivingPlans.plans.fields.orderLineNo'), i)}
            style={{ width: '100%' }}
            value={d.orderLineId}
            status={cellErrors[`${d.key}.orderLineId`] ? 'error' : undefined}
            options={lines.map((l) => ({ value: l.orderLineId, label: lineLabel(l.orderLineId) }))}
            onChange={(v) => patch(d.key, { orderLineId: v })}
          />
          <CellError message={cellErrors[`${d.key}.orderLineId`]} />
        </>
      ),
    },
    {
      key: 'qty',
      title: t('receivingPlans.plans.fields.plannedQty'),
      width: 150,
      render: (_v, d, i) => (
        <>
          <DecimalInput
            places={places}
            min="0"
            value={d.plannedQty}
            status={!d.plannedQty || cellErrors[`${d.key}.plannedQty`] ? 'error' : undefined}
            onChange={(v) => patch(d.key, { plannedQty: v })}
            aria-label={cellName(t('receivingPlans.plans.fields.plannedQty'), i)}
          />
          <CellError message={cellErrors[`${d.key}.plannedQty`]} />
        </>
      ),
    },
    {
      key: 'date',
      title: t('receivingPlans.plans.fields.plannedDate'),
      width: 160,
      render: (_v, d, i) => (
        <>
          <DatePicker
            format={DATE_FORMAT}
            value={d.plannedDate ? dayjs(d.plannedDate) : null}
            status={!d.plannedDate || cellErrors[`${d.key}.plannedDate`] ? 'error' : undefined}
            onChange={(v) => patch(d.key, { plannedDate: v ? v.format(DATE_FORMAT) : null })}
            aria-label={cellName(t('receivingPlans.plans.fields.plannedDate'), i)}
          />
          <CellError message={cellErrors[`${d.key}.plannedDate`]} />
        </>
      ),
    },
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      render: (_v, d, i) => (
        <>
          <Input
            aria-label={cellName(t('receivingPlans.common.remark'), i)}
            maxLength={500}
            value={d.remark}
            status={cellErrors[`${d.key}.remark`] ? 'error' : undefined}
            onChange={(e) => patch(d.key, { remark: e.target.value })}
          />
          <CellError message={cellErrors[`${d.key}.remark`]} />
        </>
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 90,
      render: (_v, d) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() => change(deliveries.filter((x) => x.key !== d.key))}
        >
          {t('receivingPlans.plans.form.removeDelivery')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Card
        className="page-card"
        title={draft ? draft.planNo : t('receivingPlans.plans.new')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(draft ? paths.detail(draft.id) : paths.list)}>
            {t('receivingPlans.common.back')}
          </Button>
        }
      >
        <Form layout="vertical" disabled={!allowed} style={{ maxWidth: 760 }}>
          <Form.Item label={t('receivingPlans.plans.form.order')} htmlFor={`${fieldId}-order`} required>
            {draft ? (
              <Input id={`${fieldId}-order`} value={draft.orderNo} disabled />
            ) : (
              <Select
                id={`${fieldId}-order`}
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                allowClear
                placeholder={t('receivingPlans.plans.form.orderPlaceholder')}
                loading={orders.isFetching}
                value={orderId}
                notFoundContent={<Empty description={t('receivingPlans.plans.form.noOrders')} />}
                options={(orders.data?.dataList ?? []).map((o) => ({
                  value: o.id,
                  label: `${o.orderNo} · ${o.supName} · ${o.orderDate}`,
                }))}
                onChange={(v: string | undefined) => {
                  setOrderId(v ?? null);
                  change([]);
                }}
              />
            )}
          </Form.Item>
          <Form.Item label={t('receivingPlans.common.remark')} htmlFor={`${fieldId}-remark`}>
            <Input.TextArea
              id={`${fieldId}-remark`}
              rows={2}
              maxLength={1000}
              value={remark}
              onChange={(e) => {
                setRemark(e.target.value);
                setDirty(true);
              }}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card className="page-card" title={t('receivingPlans.plans.form.confirmedLines')}>
        {!orderId ? (
          <Empty description={t('receivingPlans.plans.form.pickOrderFirst')} />
        ) : plannable.isPending ? (
          <Skeleton active />
        ) : (
          <Table<PlannableLine>
            rowKey="orderLineId"
            size="small"
            columns={lineColumns}
            dataSource={lines}
            pagination={false}
            scroll={{ x: 880 }}
          />
        )}
      </Card>
      <Card
        className="page-card"
        title={t('receivingPlans.plans.form.lines')}
        extra={
          <Button
            icon={<PlusOutlined />}
            disabled={!allowed || !lines.length}
            onClick={() => lines[0] && add(lines.find((l) => compareDecimals(left(l), '0') > 0) ?? lines[0])}
          >
            {t('receivingPlans.plans.form.addDelivery')}
          </Button>
        }
      >
        <Table<Delivery>
          rowKey="key"
          size="small"
          columns={deliveryColumns}
          dataSource={deliveries}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={t('receivingPlans.plans.form.noLines')} /> }}
        />
        {problems.length > 0 && deliveries.length > 0 && (
          <Alert type="error" showIcon style={{ marginTop: 12 }} title={problems.join('; ')} />
        )}
        {saveError && <Alert type="error" showIcon style={{ marginTop: 12 }} title={saveError} />}
        <Space style={{ marginTop: 16 }}>
          {!draft && (
            <Checkbox checked={sendNow} onChange={(e) => setSendNow(e.target.checked)} disabled={!allowed}>
              {t('receivingPlans.plans.form.sendNow')}
            </Checkbox>
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!allowed || !orderId || problems.length > 0}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('receivingPlans.plans.form.save')}
          </Button>
        </Space>
      </Card>
    </>
  );
}
