import type { MoneyFinding, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { DecimalPlacesPage } from '../basic-data/DecimalPlacesPage.tsx';
import { MoneyFindingsPage } from './MoneyFindingsPage.tsx';
import { MONEY_FINDINGS_PATH } from './money-findings.paths.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const finding = (over: Partial<MoneyFinding>): MoneyFinding => ({
  id: '1',
  documentKind: 'purchaseOrder',
  documentId: '384',
  documentNo: 'PO2611260009',
  lineNo: 1,
  oldAmount: '8.02',
  exactAmount: '8.03',
  differenceAmount: '0.01',
  currency: 'CNY',
  places: 2,
  createdAt: '2026-11-26T08:00:00.000Z',
  ...over,
});

const FINDINGS = [
  finding({}),
  finding({ id: '2', lineNo: null, oldAmount: '7013.04', exactAmount: '7013.06', differenceAmount: '0.02' }),
  finding({
    id: '3',
    documentKind: 'receipt',
    documentId: '512',
    documentNo: 'RK2611260002',
    oldAmount: '1799.999',
    exactAmount: '1800',
    differenceAmount: '0.001',
    currency: 'USD',
    places: 3,
  }),
];

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderAt(url: string, isAdmin: boolean) {
  useSession.setState({ token: 't', tenantId: '9', permissions: ['CF_BAS'], userInfo: { isAdmin } as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.includes('/decimal-places')) {
      return envelope({
        settings: [
          { kind: 'quantity', places: 2 },
          { kind: 'price', places: 4 },
          { kind: 'amount', places: 2 },
        ],
        version: 0,
      });
    }
    return envelope({ dataList: FINDINGS, totalCount: FINDINGS.length });
  });
  const router = createMemoryRouter(
    [
      { path: MONEY_FINDINGS_PATH, element: <MoneyFindingsPage /> },
      { path: '/basicdatasetting/decimalplaces', element: <DecimalPlacesPage /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return fetchMock;
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 30_000;

describe('MoneyFindingsPage', () => {
  it(
    'asks for the filters of the link and shows each figure at its document places, with the difference',
    async () => {
      const fetchMock = renderAt(`${MONEY_FINDINGS_PATH}?documentKind=purchaseOrder&documentNo=2611`, true);
      const total = await screen.findByText('Total');
      const request = fetchMock.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/money-findings'))!;
      const query = new URL(request, 'http://x').searchParams;
      expect(Object.fromEntries(query)).toEqual({
        documentKind: 'purchaseOrder',
        documentNo: '2611',
        pageNum: '1',
        pageSize: '20',
      });
      const totalRow = total.closest('tr')!;
      for (const text of ['7,013.04 CNY', '7,013.06 CNY', '0.02 CNY']) {
        expect(within(totalRow).getByText(text)).toBeTruthy();
      }
      const [orderLink] = screen.getAllByRole('link', { name: 'PO2611260009' });
      expect(orderLink!.getAttribute('href')).toBe('/procurementConsignment/order/detail?id=384');
      const receiptRow = screen.getByText('RK2611260002').closest('tr')!;
      expect(within(receiptRow).queryByRole('link')).toBeNull();
      expect(within(receiptRow).getByText('Warehousing receipt')).toBeTruthy();
      for (const text of ['1,799.999 USD', '1,800.000 USD', '0.001 USD']) {
        expect(within(receiptRow).getByText(text)).toBeTruthy();
      }
    },
    SLOW,
  );
});

describe('the decimal-places page', () => {
  it(
    'links an administrator to the report, and nobody else',
    async () => {
      renderAt('/basicdatasetting/decimalplaces', true);
      const link = await screen.findByRole('link', { name: 'Open the report' });
      expect(link.getAttribute('href')).toBe(MONEY_FINDINGS_PATH);
      cleanup();
      renderAt('/basicdatasetting/decimalplaces', false);
      await screen.findByRole('button', { name: /Save/ });
      expect(screen.queryByRole('link', { name: 'Open the report' })).toBeNull();
    },
    SLOW,
  );
});
