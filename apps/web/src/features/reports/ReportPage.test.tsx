import type { ReportName, ReportReply } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { chartOption } from './ReportChart.tsx';
import { ReportPage } from './ReportPage.tsx';

// jsdom has no canvas: the lazy chart module is replaced by a probe that shows what it was given.
vi.mock('./EChart.tsx', () => ({
  default: ({ option }: { option: { xAxis?: { data: string[] } } }) => (
    <div data-testid="chart">{option.xAxis?.data.join(',')}</div>
  ),
}));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const reply: ReportReply = {
  dataList: [
    {
      id: '40',
      supName: 'Shenzhen Precision Parts',
      dueLines: 5,
      dueQty: '400',
      onTimeQty: '330',
      receivedQty: '460',
      onTimeRate: '82.5',
    },
    {
      id: '41',
      supName: 'Suzhou Plastics',
      dueLines: 1,
      dueQty: '40',
      onTimeQty: '40',
      receivedQty: '40',
      onTimeRate: '100',
    },
  ],
  totalCount: 2,
  summary: { dueLines: 6, dueQty: '440', onTimeQty: '370', onTimeRate: '84.09' },
  currencyTotals: [],
  chart: {
    type: 'line',
    categories: ['2020-03', '2020-04'],
    series: [{ key: 'onTimeRate', kind: 'rate', type: 'line', data: [84.09, 0] }],
  },
  period: { dateFrom: '2020-03-01', dateTo: '2020-04-30' },
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderReport(url: string, name: ReportName = 'poTimelyArrivalRate', data: ReportReply = reply) {
  useSession.setState({ token: 't', tenantId: '9', permissions: ['PO_REP'] });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.includes('/export')) {
      return new Response(new Blob(['xlsx']), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="poTimelyArrivalRate.xlsx"' },
      });
    }
    if (path.includes('/partners/')) return envelope([{ id: '40', name: 'Shenzhen Precision Parts' }]);
    if (path.endsWith('/srm/decimal-places')) {
      const settings = [
        { kind: 'quantity', places: 3 },
        { kind: 'price', places: 4 },
        { kind: 'amount', places: 2 },
      ];
      return envelope({ settings, version: 1 });
    }
    return envelope(data);
  });
  const router = createMemoryRouter([{ path: `/poReport/${name}`, element: <ReportPage name={name} /> }], {
    initialEntries: [url],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('ReportPage (rate report)', () => {
  it('shows the definition, the summary, the chart and the rows of the reply', async () => {
    const fetchMock = renderReport('/poReport/poTimelyArrivalRate?dateFrom=2020-03-01&dateTo=2020-04-30&material=OT');
    expect(await screen.findByText('Shenzhen Precision Parts')).toBeTruthy();
    expect(screen.getByText(enUS.reports.definitions.onTimeRate)).toBeTruthy();
    expect(screen.getByText('84.09 %')).toBeTruthy();
    expect(screen.getByText('82.50 %')).toBeTruthy();
    expect(screen.getByText('100.00 %')).toBeTruthy();
    expect(screen.getByText('Figures for 2020-03-01 to 2020-04-30')).toBeTruthy();
    expect((await screen.findByTestId('chart')).textContent).toBe('2020-03,2020-04');
    const run = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/srm/reports/poTimelyArrivalRate'));
    expect(JSON.parse(String((run![1] as RequestInit).body))).toEqual({
      filter: { dateFrom: '2020-03-01', dateTo: '2020-04-30', material: 'OT' },
      pageParam: { pageNum: 1, pageSize: 20 },
    });
  }, 30_000);

  it('exports the same filter as an Excel file', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const fetchMock = renderReport('/poReport/poTimelyArrivalRate?dateFrom=2020-03-01&dateTo=2020-03-31&supplierId=40');
    await screen.findByText('Shenzhen Precision Parts');
    fireEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/export'));
    expect(String(call![0])).toBe(
      '/gateway/srm/reports/poTimelyArrivalRate/export?dateFrom=2020-03-01&dateTo=2020-03-31&supplierId=40',
    );
  }, 30_000);
});

const receipts: ReportReply = {
  dataList: [
    {
      id: '7',
      receiptNo: 'RC-1',
      supName: 'Shenzhen Precision Parts',
      prdtNo: 'M-1',
      qty: '1050',
      price: '185.4',
      taxRate: '13',
      amount: '194670',
      currency: 'CNY',
    },
    {
      id: '8',
      receiptNo: 'RC-2',
      supName: 'Shenzhen Precision Parts',
      prdtNo: 'M-2',
      qty: '7',
      price: '0.15',
      taxRate: '13',
      amount: '1.05',
      currency: 'USD',
    },
  ],
  totalCount: 2,
  summary: { lines: 2, qty: '1057' },
  currencyTotals: [
    { currency: 'CNY', lines: 1, sums: { amount: '194670' } },
    { currency: 'USD', lines: 1, sums: { amount: '1.05' } },
  ],
  chart: { type: 'bar', categories: [], series: [] },
  period: { dateFrom: '2020-03-01', dateTo: '2020-04-30' },
};

describe('ReportPage (detail report)', () => {
  it('shows quantities, prices and amounts at the enterprise places, amounts with their currency', async () => {
    renderReport('/poReport/poLzDetails', 'poLzDetails', receipts);
    expect(await screen.findByText('RC-1')).toBeTruthy();
    expect(screen.getByText('185.4000 CNY')).toBeTruthy();
    expect(screen.getByText('0.1500 USD')).toBeTruthy();
    expect(screen.getAllByText('13.00 %')).toHaveLength(2);
    expect(screen.getByText('1,050.000')).toBeTruthy();
    expect(screen.getByText('1,057.000')).toBeTruthy();
  }, 30_000);

  it('totals the amounts per currency, in the summary and in one table row each', async () => {
    renderReport('/poReport/poLzDetails', 'poLzDetails', receipts);
    await screen.findByText('RC-1');
    // Row, summary card and totals row each show the figure with its own currency; no cross-currency sum.
    expect(screen.getAllByText('194,670.00 CNY')).toHaveLength(3);
    expect(screen.getAllByText('1.05 USD')).toHaveLength(3);
    expect(screen.queryByText(/194,671/)).toBeNull();
    const totals = document.querySelectorAll('.ant-table-summary tr');
    expect([...totals].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).filter(Boolean))).toEqual(
      [
        ['Total · 1 line', '194,670.00 CNY', 'CNY'],
        ['Total · 1 line', '1.05 USD', 'USD'],
      ],
    );
  }, 30_000);
});

describe('report chart', () => {
  it('shows every plotted value through the number formatter', () => {
    const format = (value: unknown, kind: string) => `${kind}:${String(value)}`;
    const bars = chartOption(
      {
        type: 'bar',
        categories: ['2020-03'],
        series: [{ key: 'qty', kind: 'qty', type: 'bar', data: [1050] }],
      },
      (key) => key,
      (value) => value,
      format,
    ) as { series: { tooltip: { valueFormatter: (v: unknown) => string } }[] };
    expect(bars.series[0]!.tooltip.valueFormatter(1050)).toBe('qty:1050');
    const pie = chartOption(
      { type: 'pie', categories: ['划伤'], series: [{ key: 'unqualifiedQty', kind: 'qty', type: 'pie', data: [13] }] },
      (key) => key,
      (value) => value,
      format,
    ) as { tooltip: { formatter: (p: unknown) => string } };
    expect(pie.tooltip.formatter({ name: '划伤', value: 13, percent: 86.67 })).toBe('划伤: qty:13 (share:86.67)');
  });
});
