import type {
  ReceivingPlanDetail,
  ReceivingPlanLine,
  ReceivingPlanLineStatus,
  ReceivingPlanStatus,
  UserInfo,
} from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { PlanDetailPage } from './PlanDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const L = enUS.receivingPlans.plans;

const line = (
  n: number,
  status: ReceivingPlanLineStatus,
  extra: Partial<ReceivingPlanLine> = {},
): ReceivingPlanLine => ({
  id: `7${n}`,
  lineNo: n,
  orderLineId: '60',
  orderLineNo: 1,
  materialId: null,
  prdtNo: 'AL-CASE-120',
  prdtName: 'Aluminium housing',
  prdtSpc: '120×80×30mm',
  supPrdtNo: 'SZP-AH-120-BK',
  unitName: 'PCS',
  plannedQty: n === 1 ? '1200' : '800',
  plannedDate: n === 1 ? '2026-12-10' : '2026-12-15',
  remark: '',
  status,
  proposedDate: null,
  supplierRemark: '',
  deliveredQty: '0',
  version: 1,
  ...extra,
});

const plan = (
  side: 'buyer' | 'supplier',
  status: ReceivingPlanStatus,
  lines: ReceivingPlanDetail['lines'],
): ReceivingPlanDetail => ({
  id: '500',
  planNo: 'RP2611230001',
  orderId: '50',
  orderNo: 'PO2611230003',
  supplierId: '40',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  status,
  remark: '',
  lineCount: lines.length,
  totalQty: '2000',
  firstDate: '2026-12-10',
  lastDate: '2026-12-15',
  ownerName: 'Wang Jianhua',
  createdAt: '2026-11-23T08:00:00Z',
  updatedAt: '2026-11-23T08:00:00Z',
  sentAt: '2026-11-23T08:00:00Z',
  side,
  version: 3,
  lines,
  history: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(
  side: 'buyer' | 'supplier',
  detail: ReceivingPlanDetail,
  permissions: string[],
  url = '/detail?id=500',
) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope(detail));
  const router = createMemoryRouter([{ path: '/detail', element: <PlanDetailPage side={side} /> }], {
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
  const actions = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/srm/receiving-plans/500/actions/'))
      .map(([input, init]) => ({
        action: String(input).split('/').pop(),
        body: JSON.parse(String((init as RequestInit).body)),
      }));
  return { actions };
}

const SLOW = 30_000;
const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });

describe('PlanDetailPage', () => {
  it(
    'lets the supplier answer each waiting delivery with a date and never offers the buyer’s steps',
    async () => {
      const { actions } = renderPage('supplier', plan('supplier', 1, [line(1, 0), line(2, 0)]), ['SURE_PL']);
      expect(await screen.findByText('RP2611230001')).toBeTruthy();
      expect(screen.getByText('Huaxin Electronics')).toBeTruthy();
      expect(button(L.actions.cancel)).toBeNull();
      expect(button(L.actions.accept)).toBeNull();
      expect(screen.getByText('1,200.00')).toBeTruthy();
      await act(async () => {
        fireEvent.click(button(L.actions.submitAnswer)!);
      });
      await waitFor(() => expect(actions()).toHaveLength(1));
      expect(actions()[0]).toEqual({
        action: 'confirm',
        body: {
          version: 3,
          lines: [
            { id: '71', date: '2026-12-10' },
            { id: '72', date: '2026-12-15' },
          ],
        },
      });
    },
    SLOW,
  );

  it(
    'shows the buyer the proposed date and its decision, and no answer form',
    async () => {
      renderPage('buyer', plan('buyer', 3, [line(1, 1), line(2, 2, { proposedDate: '2026-12-17' })]), [
        'RE_PLA',
        'RE_PLA_SU',
      ]);
      expect(await screen.findByText('RP2611230001')).toBeTruthy();
      expect(screen.getByText('2026-12-17')).toBeTruthy();
      expect(button(L.actions.accept)).toBeTruthy();
      expect(button(L.actions.reject)).toBeTruthy();
      expect(button(L.actions.cancel)).toBeTruthy();
      expect(button(L.actions.submitAnswer)).toBeNull();
    },
    SLOW,
  );

  it(
    'keeps the decision buttons visible but disabled without RE_PLA_SU',
    async () => {
      renderPage('buyer', plan('buyer', 3, [line(1, 2, { proposedDate: '2026-12-17' })]), ['RE_PLA']);
      expect(await screen.findByText('RP2611230001')).toBeTruthy();
      expect((button(L.actions.accept) as HTMLButtonElement).disabled).toBe(true);
      expect((button(L.actions.cancel) as HTMLButtonElement).disabled).toBe(false);
    },
    SLOW,
  );

  it('says a link without an id names no plan, instead of loading for ever', async () => {
    renderPage('buyer', plan('buyer', 3, [line(1, 1)]), ['RE_PLA'], '/detail');
    expect(await screen.findByText(enUS.receivingPlans.common.notFound)).toBeTruthy();
    expect(button(enUS.receivingPlans.common.back)).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
