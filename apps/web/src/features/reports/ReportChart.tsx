import type { ReportChart as Chart } from '@concord/shared';
import { Empty, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// ECharts stays out of the main bundle: it loads with the first report that draws a chart.
const EChart = lazy(() => import('./EChart.tsx'));

/** The ECharts option of a report's chart: bars and lines over categories, or one pie. */
export function chartOption(
  chart: Chart,
  label: (key: string) => string,
  category: (value: string) => string,
): EChartsCoreOption {
  const categories = chart.categories.map(category);
  if (chart.type === 'pie') {
    const series = chart.series[0];
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
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
    })),
  };
}

export function ReportChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const statusText = chart.categoryStatus ? t(`reports.statuses.${chart.categoryStatus}`) : '';
  const option = useMemo(() => {
    const statusNames = statusText ? statusText.split('|') : null;
    return chartOption(
      chart,
      (key) => t(`reports.columns.${key}`),
      (value) => (statusNames ? (statusNames[Number(value)] ?? value) : value),
    );
  }, [chart, t, statusText]);
  if (!chart.categories.length) return <Empty description={t('reports.chart.empty')} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <EChart option={option} />
    </Suspense>
  );
}
