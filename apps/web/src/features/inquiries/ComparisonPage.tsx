import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  earliestDelivery,
  errorMessage,
  type InquiryComparison,
  type InquiryComparisonLine,
  lowestPerLine,
  lowestTotalFromOne,
  MASK,
  INQUIRY_STATUS as S,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Input, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { errorText } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { orderPath } from '../purchase-orders/purchase-orders.api.ts';
import { type AwardDraft, awardInput, draftFrom, draftProblem, savedAllocations, suggestionLines } from './award.ts';
import { InquiryStatusTag } from './InquiryParts.tsx';
import { INQUIRY_PATHS, inquiriesApi, inquiryKeys, inquiryPath } from './inquiries.api.ts';

/** Lines from which the matrix renders only the rows in view (QUALITY: 500 lines × 10 suppliers stays smooth). */
const VIRTUAL_FROM = 100;

/** /prdiversion/pricecom/detail?id=…: the matrix of every line across every supplier, and the award. */
export function ComparisonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const comparison = useQuery({
    queryKey: inquiryKeys.comparison(id),
    queryFn: () => inquiriesApi.comparison(id),
    enabled: !!id,
    retry: false,
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(INQUIRY_PATHS.comparisons)}>
      {t('inquiries.actions.back')}
    </Button>
  );
  const error = comparison.error;
  if (!id || error) {
    const sealed = error instanceof ApiError && error.errorCode === 'INQUIRY_SEALED';
    const missing = !id || (error instanceof ApiError && error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={sealed ? 'info' : missing ? '404' : 'error'}
          title={
            sealed ? t('inquiries.comparison.sealed') : missing ? t('inquiries.comparison.notFound') : error?.message
          }
          extra={
            <Space>
              {back}
              {sealed && <Button onClick={() => navigate(inquiryPath(id))}>{t('inquiries.actions.detail')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  if (!comparison.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  return (
    <Card className="page-card">
      <ComparisonView key={comparison.data.version} comparison={comparison.data} back={back} />
    </Card>
  );
}

export function ComparisonView({ comparison: c, back }: { comparison: InquiryComparison; back: React.ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { fmt, money } = numberFormat(c.decimalPlaces);
  const awarding = c.status === S.OPENED;
  const [draft, setDraft] = useState<AwardDraft>(() => draftFrom(savedAllocations(c)));
  const [orders, setOrders] = useState<{ id: string; orderNo: string; supName: string }[]>([]);
  const detail = useQuery({ queryKey: inquiryKeys.detail(c.id), queryFn: () => inquiriesApi.get(c.id) });
  const lines = suggestionLines(c);
  const problem = draftProblem(c, draft);
  const award = useMutation({
    mutationFn: () => inquiriesApi.act(c.id, 'award', { version: c.version, awards: awardInput(draft) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      message.success(t('inquiries.done.action'));
    },
    meta: { silent: true },
    onError: (err) => {
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
    },
  });
  const ordersKey = useIdempotencyKey();
  const makeOrders = useMutation({
    mutationFn: () => inquiriesApi.makeOrders(c.id, ordersKey.key),
    onSuccess: async (made) => {
      setOrders(made.orders);
      await queryClient.invalidateQueries({ queryKey: inquiryKeys.detail(c.id) });
      message.success(t('inquiries.done.ordersMade', { count: made.orders.length }));
    },
  });
  const madeOrders = orders.length
    ? orders
    : (detail.data?.quotations ?? [])
        .filter((q) => q.orderId)
        .map((q) => ({ id: q.orderId as string, orderNo: q.orderNo, supName: q.supName }));
  const setQty = (lineId: string, quotationId: string, qty: string | null) =>
    setDraft((d) => {
      const line = d[lineId] ?? { qty: {}, reason: '' };
      return { ...d, [lineId]: { ...line, qty: { ...line.qty, [quotationId]: qty } } };
    });
  const setReason = (lineId: string, reason: string) =>
    setDraft((d) => ({ ...d, [lineId]: { qty: d[lineId]?.qty ?? {}, reason } }));
  const price = (v: string | null) => (v === null ? '' : fmt(v, 'price'));

  const columns: TableColumnsType<InquiryComparisonLine> = [
    {
      key: 'lineNo',
      title: t('inquiries.fields.lineNo'),
      dataIndex: 'lineNo',
      width: 56,
      fixed: 'left',
      align: 'right',
    },
    {
      key: 'material',
      title: t('inquiries.fields.material'),
      width: 200,
      fixed: 'left',
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'qty',
      title: t('inquiries.fields.qty'),
      dataIndex: 'qty',
      width: 110,
      align: 'right',
      render: (v: string, l) => `${fmt(v, 'quantity')} ${l.unitName}`,
    },
    {
      key: 'targetPrice',
      title: t('inquiries.fields.targetPrice'),
      dataIndex: 'targetPrice',
      width: 110,
      align: 'right',
      render: price,
    },
    {
      key: 'lastPrice',
      title: t('inquiries.fields.lastPrice'),
      dataIndex: 'lastPrice',
      width: 110,
      align: 'right',
      render: price,
    },
    ...c.columns.map((col, ci) => ({
      key: col.quotationId,
      title: (
        <Space size={4} wrap>
          <span>{`${col.supCode} ${col.supName}`}</span>
          <Typography.Text type="secondary">{money(col.totalAmount, c.currency)}</Typography.Text>
        </Space>
      ),
      children: [
        {
          key: `${col.quotationId}-price`,
          title: `${t('inquiries.fields.priceExcl')} / ${t('inquiries.fields.priceIncl')}`,
          width: 170,
          align: 'right' as const,
          render: (_v: unknown, l: InquiryComparisonLine) => {
            const cell = l.cells[ci];
            if (!cell) return null;
            if (cell.noBid) return <Tag>{t('inquiries.comparison.noBid')}</Tag>;
            return (
              <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
                {cell.lowest && <Tag color="success">{t('inquiries.comparison.lowest')}</Tag>}
                <span>{`${price(cell.priceExcl)} / ${price(cell.priceIncl)}`}</span>
              </Space>
            );
          },
        },
        {
          key: `${col.quotationId}-amount`,
          title: t('inquiries.fields.amount'),
          width: 110,
          align: 'right' as const,
          render: (_v: unknown, l: InquiryComparisonLine) => {
            const cell = l.cells[ci];
            return cell && !cell.noBid ? fmt(cell.amount, 'amount') : '';
          },
        },
        {
          key: `${col.quotationId}-terms`,
          title: `${t('inquiries.fields.leadDays')} · ${t('inquiries.fields.moq')} · ${t('inquiries.fields.breakPrice')} · ${t('inquiries.fields.delta')}`,
          width: 200,
          render: (_v: unknown, l: InquiryComparisonLine) => {
            const cell = l.cells[ci];
            if (!cell || cell.noBid) return cell?.noBidReason ?? '';
            const delta =
              cell.priceDeltaPct === null ? '' : cell.priceDeltaPct === MASK ? MASK : `${cell.priceDeltaPct} %`;
            return [
              cell.leadDays ?? '—',
              fmt(cell.moq, 'quantity') || '—',
              price(cell.breakPrice) || '—',
              delta || '—',
            ].join(' · ');
          },
        },
        {
          key: `${col.quotationId}-award`,
          title: t('inquiries.fields.awardQty'),
          width: 120,
          render: (_v: unknown, l: InquiryComparisonLine) => {
            const cell = l.cells[ci];
            if (!cell) return null;
            if (!awarding) return cell.awardQty ? fmt(cell.awardQty, 'quantity') : '';
            return (
              <DecimalInput
                places={c.decimalPlaces.quantity}
                min="0"
                max={l.qty}
                disabled={cell.noBid}
                value={draft[l.lineId]?.qty[col.quotationId] ?? null}
                style={{ width: '100%' }}
                aria-label={t('lineTable.cell', {
                  column: `${t('inquiries.fields.awardQty')} ${col.supName}`,
                  line: l.lineNo,
                })}
                onChange={(qty) => setQty(l.lineId, col.quotationId, qty)}
              />
            );
          },
        },
      ],
    })),
    {
      key: 'unawarded',
      title: t('inquiries.fields.unawardedQty'),
      dataIndex: 'unawardedQty',
      width: 110,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'reason',
      title: t('inquiries.fields.reason'),
      width: 220,
      render: (_v, l) =>
        awarding ? (
          <Input
            value={draft[l.lineId]?.reason ?? ''}
            maxLength={500}
            placeholder={t('inquiries.comparison.reasonPlaceholder')}
            aria-label={t('lineTable.cell', { column: t('inquiries.fields.reason'), line: l.lineNo })}
            onChange={(e) => setReason(l.lineId, e.target.value)}
          />
        ) : (
          l.awardReason
        ),
    },
  ];
  const problemText = problem
    ? errorMessage(problem.code, locale, {
        lineNo: problem.lineNo,
        qty: problem.qty ?? '',
        max: problem.max ?? '',
      })
    : null;
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Link to={inquiryPath(c.id)}>
            <strong>{c.inquiryNo}</strong>
          </Link>
          <span>{c.title}</span>
          <InquiryStatusTag status={c.status} />
        </Space>
        <Space wrap>
          {back}
          {awarding && (
            <>
              <Button onClick={() => setDraft((d) => draftFrom(lowestTotalFromOne(lines, c.decimalPlaces.amount), d))}>
                {t('inquiries.actions.lowestTotal')}
              </Button>
              <Button onClick={() => setDraft((d) => draftFrom(lowestPerLine(lines), d))}>
                {t('inquiries.actions.lowestPerLine')}
              </Button>
              <Button onClick={() => setDraft((d) => draftFrom(earliestDelivery(lines), d))}>
                {t('inquiries.actions.earliestDelivery')}
              </Button>
              <Button onClick={() => setDraft({})}>{t('inquiries.actions.clearAward')}</Button>
              <Button
                type="primary"
                disabled={problem !== null}
                loading={award.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('inquiries.confirm.award'),
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onOk: () => award.mutateAsync().catch(() => undefined),
                  })
                }
              >
                {t('inquiries.actions.award')}
              </Button>
            </>
          )}
          {c.status === S.AWARDED && !detail.data?.ordersMade && !orders.length && (
            <Button
              type="primary"
              loading={makeOrders.isPending}
              onClick={() =>
                modal.confirm({
                  title: t('inquiries.confirm.makeOrders'),
                  okText: t('common.confirm'),
                  cancelText: t('common.cancel'),
                  onOk: () => makeOrders.mutateAsync().catch(() => undefined),
                })
              }
            >
              {t('inquiries.actions.makeOrders')}
            </Button>
          )}
        </Space>
      </Space>
      {awarding && problemText && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={problemText} data-testid="award-problem" />
      )}
      {madeOrders.length > 0 && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <Space wrap>
              <span>{t('inquiries.comparison.orders')}:</span>
              {madeOrders.map((o) => (
                <Link key={o.id} to={orderPath('buyer', o.id)}>{`${o.orderNo} (${o.supName})`}</Link>
              ))}
            </Space>
          }
        />
      )}
      <Table<InquiryComparisonLine>
        rowKey="lineId"
        size="small"
        bordered
        // Virtual rows only where they pay: a focused award input would scroll the virtual body away from its header.
        virtual={c.lines.length > VIRTUAL_FROM}
        pagination={false}
        scroll={{ x: 800 + c.columns.length * 600, y: 560 }}
        columns={columns}
        dataSource={c.lines}
      />
    </>
  );
}
