import {
  ArrowLeftOutlined,
  CheckOutlined,
  CloseOutlined,
  EditOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  RECEIVING_PLAN_LINE_STATUS,
  type ReceivingPlanAction,
  type ReceivingPlanDetail,
  type ReceivingPlanLine,
  receivingPlanMachine,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Descriptions, Input, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { receivingPlanLineStatuses } from '../../components/statusStyles.ts';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { CellError, lineErrorsOf, reportRest } from './parts.tsx';
import { planKeys, plansApi, type Side } from './receiving-plans.api.ts';
import { planPaths } from './receiving-plans.paths.ts';

type Answer = { date: string; remark: string };

/** Behind the column settings: the order line, the specification and part numbers, the buyer's remark. */
const OPTIONAL_LINE_COLUMNS = ['orderLineNo', 'prdtSpc', 'supPrdtNo', 'remark'];

/**
 * One receiving plan, on either side (UI.md two-sided documents): /receivingPlan/order/detail and
 * /receivingPlan/plansure/detail for the buyer, /supreceivePlan/order/detail for the supplier. The
 * buttons come from the shared transition table; the supplier answers each waiting delivery with its
 * date, the buyer decides on proposed dates.
 */
export function PlanDetailPage({ side, mode = 'plans' }: { side: Side; mode?: 'plans' | 'confirm' }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const paths = planPaths(side, mode);
  const query = useQuery({ queryKey: planKeys.detail(id), queryFn: () => plansApi.get(id), enabled: !!id });
  return (
    <DetailGate query={query} back={paths.list}>
      {(plan) => <PlanView plan={plan} side={side} mode={mode} />}
    </DetailGate>
  );
}

function PlanView({ plan, side, mode }: { plan: ReceivingPlanDetail; side: Side; mode: 'plans' | 'confirm' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paths = planPaths(side, mode);
  const { fmt } = useNumbers(plan.decimalPlaces);
  // Steps by status only: a step the user lacks the code for stays visible but disabled
  // (OperationButton). A plan opened through the other side's link shows no steps.
  const actions = plan.side === side ? receivingPlanMachine.available(side, plan.status, () => true) : [];
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const pending = plan.lines.filter((l) => l.status === RECEIVING_PLAN_LINE_STATUS.PENDING);
  const proposed = plan.lines.filter((l) => l.status === RECEIVING_PLAN_LINE_STATUS.PROPOSED);
  const answering = actions.includes('confirm') && pending.length > 0;
  const deciding = (actions.includes('accept') || actions.includes('reject')) && proposed.length > 0;

  /** The server's problems with an answer, in the cells of its lines: `lineId.date`. */
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const act = useMutation({
    mutationFn: (v: { action: ReceivingPlanAction; body?: object }) =>
      plansApi.act(plan.id, v.action, { version: plan.version, ...v.body }),
    onMutate: () => setCellErrors({}),
    onSuccess: async (_d, v) => {
      setAnswers({});
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      message.success(t(`receivingPlans.plans.done.${v.action}`));
    },
    // An answer names its lines in the order of the waiting deliveries; the rest is one message.
    meta: { silent: true },
    onError: (e) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: pending.map((l) => l.id), fields: ['date', 'remark'] });
      setCellErrors(cells);
      reportRest(e, rest);
    },
  });

  const ask = (action: 'send' | 'cancel' | 'accept' | 'reject', body?: object) =>
    modal.confirm({
      title: t(`receivingPlans.plans.confirmText.${action}`, { planNo: plan.planNo }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync({ action, body }),
    });

  const answerOf = (l: ReceivingPlanLine): Answer => answers[l.id] ?? { date: l.plannedDate, remark: '' };
  const setAnswer = (l: ReceivingPlanLine, patch: Partial<Answer>) => {
    setAnswers((prev) => ({ ...prev, [l.id]: { ...answerOf(l), ...patch } }));
    setCellErrors((all) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => !Object.keys(patch).some((f) => k === `${l.id}.${f}`))),
    );
  };
  const sendAnswer = () =>
    act.mutate({
      action: 'confirm',
      body: {
        lines: pending.map((l) => ({ id: l.id, date: answerOf(l).date, remark: answerOf(l).remark || undefined })),
      },
    });
  const decided = selected.length ? selected : proposed.map((l) => l.id);

  // Must-see (UI.md): material, quantity, dates, status and the supplier's answer, which fit 1366 px
  // also while the supplier types its answer; the rest sits behind the column settings.
  const columns: LineColumn<ReceivingPlanLine>[] = [
    { key: 'lineNo', title: t('receivingPlans.plans.fields.lineNo'), dataIndex: 'lineNo', width: 56, align: 'right' },
    {
      key: 'orderLineNo',
      title: t('receivingPlans.plans.fields.orderLineNo'),
      dataIndex: 'orderLineNo',
      width: 80,
      align: 'right',
    },
    {
      key: 'material',
      title: t('receivingPlans.common.material'),
      width: 170,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'prdtSpc',
      title: t('receivingPlans.plans.fields.prdtSpc'),
      dataIndex: 'prdtSpc',
      width: 160,
      ellipsis: { showTitle: true },
    },
    ...(side === 'supplier'
      ? [{ key: 'supPrdtNo', title: t('receivingPlans.plans.fields.supPrdtNo'), dataIndex: 'supPrdtNo', width: 130 }]
      : []),
    {
      key: 'plannedQty',
      title: t('receivingPlans.plans.fields.plannedQty'),
      dataIndex: 'plannedQty',
      width: 120,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName} />,
    },
    { key: 'plannedDate', title: t('receivingPlans.plans.fields.plannedDate'), dataIndex: 'plannedDate', width: 100 },
    ...(answering
      ? []
      : [
          {
            key: 'proposedDate',
            title: t('receivingPlans.plans.fields.proposedDate'),
            dataIndex: 'proposedDate',
            width: 100,
          },
        ]),
    {
      key: 'status',
      title: t('receivingPlans.plans.fields.lineStatus'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <StatusTag machine={receivingPlanLineStatuses} status={s} />,
    },
    ...(answering
      ? [
          {
            key: 'answerDate',
            title: t('receivingPlans.plans.fields.answerDate'),
            width: 140,
            render: (_v: unknown, l: ReceivingPlanLine) =>
              l.status === RECEIVING_PLAN_LINE_STATUS.PENDING ? (
                <>
                  <DatePicker
                    allowClear={false}
                    format={DATE_FORMAT}
                    value={dayjs(answerOf(l).date)}
                    status={cellErrors[`${l.id}.date`] ? 'error' : undefined}
                    onChange={(d) => d && setAnswer(l, { date: d.format(DATE_FORMAT) })}
                    aria-label={t('lineTable.cell', {
                      column: t('receivingPlans.plans.fields.answerDate'),
                      line: l.lineNo,
                    })}
                  />
                  <CellError message={cellErrors[`${l.id}.date`]} />
                </>
              ) : null,
          },
          {
            key: 'answerRemark',
            title: t('receivingPlans.common.supplierRemark'),
            width: 170,
            render: (_v: unknown, l: ReceivingPlanLine) =>
              l.status === RECEIVING_PLAN_LINE_STATUS.PENDING ? (
                <>
                  <Input
                    maxLength={500}
                    value={answerOf(l).remark}
                    status={cellErrors[`${l.id}.remark`] ? 'error' : undefined}
                    onChange={(e) => setAnswer(l, { remark: e.target.value })}
                    aria-label={t('lineTable.cell', {
                      column: t('receivingPlans.common.supplierRemark'),
                      line: l.lineNo,
                    })}
                  />
                  <CellError message={cellErrors[`${l.id}.remark`]} />
                </>
              ) : (
                l.supplierRemark
              ),
          },
        ]
      : [
          {
            key: 'supplierRemark',
            title: t('receivingPlans.common.supplierRemark'),
            dataIndex: 'supplierRemark',
            width: 170,
            ellipsis: { showTitle: true },
          },
        ]),
    {
      key: 'deliveredQty',
      title: t('receivingPlans.plans.fields.deliveredQty'),
      dataIndex: 'deliveredQty',
      width: 110,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      dataIndex: 'remark',
      width: 180,
      ellipsis: { showTitle: true },
    },
  ];

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.list)}>
      {t('receivingPlans.common.back')}
    </Button>
  );
  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{plan.planNo}</span>
            <StatusTag machine={receivingPlanMachine} status={plan.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {actions.includes('send') && (
              <OperationButton type="primary" permission="RE_PLA" icon={<SendOutlined />} onClick={() => ask('send')}>
                {t('receivingPlans.plans.actions.send')}
              </OperationButton>
            )}
            {side === 'buyer' && plan.side === 'buyer' && actions.includes('send') && (
              <OperationButton
                permission="RE_PLA"
                icon={<EditOutlined />}
                onClick={() => navigate(paths.edit(plan.id))}
              >
                {t('receivingPlans.plans.actions.edit')}
              </OperationButton>
            )}
            {actions.includes('cancel') && (
              <OperationButton permission="RE_PLA" danger icon={<StopOutlined />} onClick={() => ask('cancel')}>
                {t('receivingPlans.plans.actions.cancel')}
              </OperationButton>
            )}
            {back}
          </Space>
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} {...DETAIL_DESCRIPTIONS}>
          <Descriptions.Item label={t('receivingPlans.plans.fields.orderNo')}>{plan.orderNo}</Descriptions.Item>
          <Descriptions.Item
            label={
              side === 'buyer' ? t('receivingPlans.plans.fields.supplier') : t('receivingPlans.plans.fields.customer')
            }
          >
            {side === 'buyer' ? `${plan.supCode} ${plan.supName}` : plan.customerName}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.plans.fields.totalQty')}>
            {fmt(plan.totalQty, 'quantity')}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.plans.fields.firstDate')}>
            {plan.firstDate ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.plans.fields.lastDate')}>
            {plan.lastDate ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.plans.fields.sentAt')}>
            {formatDateTime(plan.sentAt) || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.common.owner')}>{plan.ownerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.common.createdAt')}>
            {formatDateTime(plan.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('receivingPlans.common.remark')}>{plan.remark || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {answering && (
        <Card
          className="page-card"
          title={t('receivingPlans.plans.answer.title')}
          extra={
            <Space>
              <OperationButton
                permission="SURE_PL"
                icon={<CheckOutlined />}
                loading={act.isPending}
                onClick={() => act.mutate({ action: 'confirm', body: { all: true } })}
              >
                {t('receivingPlans.plans.actions.confirmAll')}
              </OperationButton>
              <OperationButton
                type="primary"
                permission="SURE_PL"
                icon={<SendOutlined />}
                loading={act.isPending}
                onClick={sendAnswer}
              >
                {t('receivingPlans.plans.actions.submitAnswer')}
              </OperationButton>
            </Space>
          }
        >
          <Alert type="info" showIcon title={t('receivingPlans.plans.answer.hint')} />
        </Card>
      )}
      {deciding && (
        <Card
          className="page-card"
          title={t('receivingPlans.plans.decide.title')}
          extra={
            <Space>
              <OperationButton
                type="primary"
                permission="RE_PLA_SU"
                icon={<CheckOutlined />}
                onClick={() => ask('accept', { lines: decided.map((id) => ({ id })) })}
              >
                {t('receivingPlans.plans.actions.accept')}
              </OperationButton>
              <OperationButton
                permission="RE_PLA_SU"
                danger
                icon={<CloseOutlined />}
                onClick={() => ask('reject', { lines: decided.map((id) => ({ id })) })}
              >
                {t('receivingPlans.plans.actions.reject')}
              </OperationButton>
            </Space>
          }
        >
          <Alert type="warning" showIcon title={t('receivingPlans.plans.decide.hint')} />
        </Card>
      )}
      <Card className="page-card">
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('receivingPlans.plans.form.lines'),
              children: (
                <LineTable<ReceivingPlanLine>
                  id={`receiving-plan-lines-${side}`}
                  rowKey="id"
                  columns={columns}
                  optional={OPTIONAL_LINE_COLUMNS}
                  dataSource={plan.lines}
                  cardTitle={['lineNo', 'material']}
                  rowSelection={
                    deciding
                      ? {
                          selectedRowKeys: selected,
                          onChange: (keys) => setSelected(keys.map(String)),
                          getCheckboxProps: (l) => ({ disabled: l.status !== RECEIVING_PLAN_LINE_STATUS.PROPOSED }),
                        }
                      : undefined
                  }
                />
              ),
            },
            {
              key: 'history',
              label: t('receivingPlans.common.history'),
              children: <DocumentHistory entries={plan.history} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

export const BuyerPlanDetailPage = () => <PlanDetailPage side="buyer" />;
export const PlanConfirmDetailPage = () => <PlanDetailPage side="buyer" mode="confirm" />;
export const SupplierPlanDetailPage = () => <PlanDetailPage side="supplier" />;
