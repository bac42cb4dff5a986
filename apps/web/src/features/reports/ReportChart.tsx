import { type ReportChart as Chart, formatDecimal } from '@concord/shared';
import { Empty, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../lib/numbers.ts';
import { useDecimalPlaces } from '../basic-data/useDecimalPlaces.ts';

// ECharts stays out of the main bundle: it loads with the first report that draws a chart.
const EChart = lazy(() => import('./EChart.tsx'));

type SeriesKind = Chart['series'][number]['kind'];
/** A plotted value as the tooltip shows it, through the one number formatter. */
export type ChartValueFormat = (value: unknown, kind: SeriesKind | 'share') => string;

/**
 * The ECharts option of a report's chart: bars and lines over categories, or one pie. Charts plot
 * quantities, counts and rates only (never amounts, which would mix currencies); tooltips show each
 * value through `format`.
 */
export function chartOption(
  chart: Chart,
  label: (key: string) => string,
  category: (value: string) => string,
  format: ChartValueFormat,
): EChartsCoreOption {
  const categories = chart.categories.map(category);
  if (chart.type === 'pie') {
    const series = chart.series[0];
    const kind = series?.kind ?? 'qty';
    return {
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: unknown; percent: number }) =>
          `${p.name}: ${format(p.value, kind)} (${format(p.percent, 'share')})`,
      },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: series ? label(series.key) : '',
          radius: ['35%', '65%'],
          data: categories.map((name, i) => ({ name, value: series?.data[i] ?? 0 })),
        },
      ],
    };
  }
  const hasRate = chart.series.some((s) => s.kind === 'rate');
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: hasRate ? 56 : 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: categories },
    yAxis: [
      { type: 'value' },
      ...(hasRate ? [{ type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } }] : []),
    ],
    series: chart.series.map((s) => ({
      type: s.type === 'pie' ? 'bar' : s.type,
      name: label(s.key),
      data: s.data,
      yAxisIndex: s.kind === 'rate' ? 1 : 0,
      tooltip: { valueFormatter: (value: unknown) => format(value, s.kind) },
    })),
  };
}

export function ReportChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  // The places by value: a new option object would make the chart draw itself again.
  const { quantity, price, amount } = useDecimalPlaces();
  const statusText = chart.categoryStatus ? t(`reports.statuses.${chart.categoryStatus}`) : '';
  const option = useMemo(() => {
    const statusNames = statusText ? statusText.split('|') : null;
    const { fmt, rate } = numberFormat({ quantity, price, amount });
    const format: ChartValueFormat = (value, kind) => {
      if (typeof value !== 'number' && typeof value !== 'string') return '';
      if (kind === 'rate' || kind === 'share') return rate(value);
      return kind === 'int' ? formatDecimal(value, 0) : fmt(value, 'quantity');
    };
    return chartOption(
      chart,
      (key) => t(`reports.columns.${key}`),
      (value) => (statusNames ? (statusNames[Number(value)] ?? value) : value),
      format,
    );
  }, [chart, t, statusText, quantity, price, amount]);
  if (!chart.categories.length) return <Empty description={t('reports.chart.empty')} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <EChart option={option} />
    </Suspense>
  );
}
