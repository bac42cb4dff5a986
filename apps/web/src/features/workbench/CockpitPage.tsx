import type { CockpitReply } from '@concord/shared';
import { MASK, sumDecimals } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type CSSProperties, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type NumberFormat, useNumbers } from '../../lib/numbers.ts';
import { useDecimalPlaces } from '../basic-data/useDecimalPlaces.ts';
import { workbenchApi, workbenchKeys } from './workbench.api.ts';

// ECharts loads with the cockpit only: neither the login page nor the shell carries it.
const EChart = lazy(() => import('../reports/EChart.tsx'));

const muted: CSSProperties = { color: 'rgba(0, 0, 0, 0.65)' };
const TIMELY_REPORT = '/poReport/poTimelyArrivalRate';
const YIELD_REPORT = '/poReport/poQualityYield';

type Open = CockpitReply['openOrderValue'];

/** Each currency's open amount over the period: summed as decimal text by the money module. */
export function totalsByCurrency(open: Open, places: number): { currency: string; amount: string }[] {
  const currencies = [...new Set(open.map((v) => v.currency))].sort();
  return currencies.map((currency) => {
    const amounts = open.filter((v) => v.currency === currency).map((v) => v.amount);
    return { currency, amount: amounts.includes(MASK) ? MASK : sumDecimals(amounts, places) };
  });
}

/** A figure as the chart draws it: a double, for plotting only. */
const plotted = (value: string) => (value === MASK ? null : Number(value));

/** Few points a chart: each shows its value, and the chart is drawn at once rather than animated in. */
const pointLabel = (format: (value: unknown) => string) => ({
  show: true,
  formatter: (p: { value: unknown }) => format(p.value),
});

function rateOption(cockpit: CockpitReply, names: [string, string], n: NumberFormat): EChartsCoreOption {
  const format = (value: unknown) => (typeof value === 'number' ? n.rate(value) : '');
  const line = { type: 'line', showSymbol: true, symbolSize: 8, label: pointLabel(format) };
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: { top: 0 },
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: cockpit.onTimeByMonth.map((m) => m.month) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      { ...line, name: names[0], data: cockpit.onTimeByMonth.map((m) => m.rate) },
      { ...line, name: names[1], data: cockpit.yieldByMonth.map((m) => m.rate) },
    ],
  };
}

/** One bar series per currency (a sum never spans two); masked amounts plot the order counts instead. */
function openOption(cockpit: CockpitReply, masked: boolean, n: NumberFormat): EChartsCoreOption {
  const months = cockpit.onTimeByMonth.map((m) => m.month);
  const currencies = [...new Set(cockpit.openOrderValue.map((v) => v.currency))].sort();
  const at = (month: string, currency: string) =>
    cockpit.openOrderValue.find((v) => v.month === month && v.currency === currency);
  return {
    animation: false,
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) =>
        typeof value === 'number' ? (masked ? String(value) : n.fmt(String(value), 'amount')) : '',
    },
    legend: { top: 0 },
    grid: { left: 72, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value' },
    series: currencies.map((currency) => ({
      type: 'bar',
      name: currency,
      data: months.map((m) => {
        const v = at(m, currency);
        if (!v) return 0;
        return masked ? v.orders : plotted(v.amount);
      }),
    })),
  };
}

/** Each late supplier's due quantity as one bar: the on-time share in green, the late share in red. */
function lateOption(cockpit: CockpitReply, names: [string, string], n: NumberFormat): EChartsCoreOption {
  const rows = [...cockpit.lateSuppliers].reverse();
  const onTime = rows.map((r) => Number(r.onTimeRate));
  const bar = { type: 'bar', stack: 'due', barMaxWidth: 28 };
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? n.rate(value) : '') },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 24, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.supName),
      axisLabel: { width: 160, overflow: 'truncate' },
    },
    series: [
      { ...bar, name: names[0], data: onTime, itemStyle: { color: '#389e0d' } },
      { ...bar, name: names[1], data: onTime.map((rate) => 100 - rate), itemStyle: { color: '#cf1322' } },
    ],
  };
}

function Chart({ option, empty }: { option: EChartsCoreOption; empty?: string }) {
  if (empty) return <Empty description={empty} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <EChart option={option} height={260} />
    </Suspense>
  );
}

function ChartCard({ title, definition, children }: { title: string; definition: string; children: ReactNode }) {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 14, margin: 0 }}>{title}</h2>} style={{ height: '100%' }}>
      {children}
      <p style={{ ...muted, margin: '8px 0 0', fontSize: 12 }}>{definition}</p>
    </Card>
  );
}

/**
 * /cockpit: the buyer's headline figures (on-time arrival, quality yield, open order value, the
 * suppliers furthest behind), each from the report it summarizes, with the definition under its chart.
 */
export function CockpitPage() {
  const { t } = useTranslation();
  const n = useNumbers();
  const { quantity, price, amount } = useDecimalPlaces();
  const query = useQuery({ queryKey: workbenchKeys.cockpit, queryFn: workbenchApi.cockpit });
  const cockpit = query.data;
  const masked = !!cockpit?.openOrderValue.some((v) => v.amount === MASK);

  // The places by value: a new option object would make a chart draw itself again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `n` is rebuilt from the places listed.
  const options = useMemo(
    () =>
      cockpit && {
        rates: rateOption(cockpit, [t('workbench.cockpit.onTimeRate'), t('workbench.cockpit.qualityYield')], n),
        open: openOption(cockpit, masked, n),
        late: lateOption(cockpit, [t('workbench.cockpit.onTimeShare'), t('workbench.cockpit.lateShare')], n),
      },
    [cockpit, masked, t, quantity, price, amount],
  );

  if (query.isError && !cockpit) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={t('workbench.cockpit.loadFailed')}
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!cockpit || !options) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const rateText = (value: string | null) => (value === null ? t('workbench.cockpit.notMeasured') : n.rate(value));
  const totals = totalsByCurrency(cockpit.openOrderValue, amount);
  return (
    <Card
      className="page-card"
      title={t('workbench.cockpit.title')}
      extra={
        <span style={muted}>
          {t('workbench.cockpit.period', { from: cockpit.period.dateFrom, to: cockpit.period.dateTo })}
        </span>
      }
    >
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('workbench.cockpit.onTimeRate')} value={rateText(cockpit.onTimeRate)} />
            <Link to={TIMELY_REPORT}>{t('workbench.cockpit.openReport')}</Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('workbench.cockpit.qualityYield')} value={rateText(cockpit.qualityYield)} />
            <Link to={YIELD_REPORT}>{t('workbench.cockpit.openReport')}</Link>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Typography.Text style={muted}>{t('workbench.cockpit.openOrders')}</Typography.Text>
            {totals.length === 0 ? (
              <div style={{ fontSize: 24 }}>—</div>
            ) : (
              totals.map((v) => (
                <div key={v.currency} style={{ fontSize: totals.length > 1 ? 16 : 20, fontWeight: 500 }}>
                  {n.money(v.amount, v.currency)}
                </div>
              ))
            )}
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" style={{ height: '100%' }}>
            <Statistic title={t('workbench.cockpit.lateSuppliers')} value={cockpit.lateSuppliers.length} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={t('workbench.cockpit.rateByMonth')} definition={t('workbench.cockpit.definitions.rates')}>
            <Chart option={options.rates} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t(masked ? 'workbench.cockpit.ordersByMonth' : 'workbench.cockpit.openByMonth')}
            definition={t('workbench.cockpit.definitions.open')}
          >
            <Chart
              option={options.open}
              empty={cockpit.openOrderValue.length ? undefined : t('workbench.cockpit.noOpenOrders')}
            />
          </ChartCard>
        </Col>
        <Col xs={24}>
          <ChartCard title={t('workbench.cockpit.lateChart')} definition={t('workbench.cockpit.definitions.late')}>
            <Chart
              option={options.late}
              empty={cockpit.lateSuppliers.length ? undefined : t('workbench.cockpit.noLateSuppliers')}
            />
            {cockpit.lateSuppliers.length > 0 && (
              <Table
                size="small"
                rowKey="supplierId"
                pagination={false}
                dataSource={cockpit.lateSuppliers}
                scroll={{ x: 480 }}
                columns={[
                  {
                    key: 'supName',
                    title: t('workbench.cockpit.columns.supplier'),
                    dataIndex: 'supName',
                    ellipsis: { showTitle: true },
                  },
                  {
                    key: 'dueQty',
                    title: t('workbench.cockpit.columns.dueQty'),
                    dataIndex: 'dueQty',
                    align: 'right',
                    width: 130,
                    render: (v: string) => n.fmt(v, 'quantity'),
                  },
                  {
                    key: 'onTimeQty',
                    title: t('workbench.cockpit.columns.onTimeQty'),
                    dataIndex: 'onTimeQty',
                    align: 'right',
                    width: 130,
                    render: (v: string) => n.fmt(v, 'quantity'),
                  },
                  {
                    key: 'onTimeRate',
                    title: t('workbench.cockpit.columns.onTimeRate'),
                    dataIndex: 'onTimeRate',
                    align: 'right',
                    width: 130,
                    render: (v: string) => n.rate(v),
                  },
                ]}
              />
            )}
          </ChartCard>
        </Col>
      </Row>
    </Card>
  );
}
