import type { PlannableLines, ReceivingPlanDetail, ReceivingPlanListItem, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { PlanFormPage } from './PlanFormPage.tsx';
import { BuyerPlanListPage } from './PlanListPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const L = enUS.receivingPlans.plans;
const SLOW = 60_000;

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Answers each request by the first path fragment it contains; anything else gets an empty object. */
function serve(routes: [string, unknown][]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    return envelope(routes.find(([part]) => url.includes(part))?.[1] ?? {});
  });
}

function renderAt(path: string, element: ReactNode) {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: ['RE_PLA'],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0]!, element },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const item = (id: string, totalQty: string, quantity: number): ReceivingPlanListItem => ({
  id,
  planNo: `RP261123000${id}`,
  orderId: '50',
  orderNo: 'PO2611230003',
  supplierId: '40',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  status: 1,
  remark: '',
  lineCount: 1,
  totalQty,
  firstDate: '2026-12-10',
  lastDate: '2026-12-10',
  ownerName: 'Wang Jianhua',
  createdAt: '2026-11-23T08:00:00Z',
  updatedAt: '2026-11-23T08:00:00Z',
  sentAt: '2026-11-23T08:00:00Z',
  decimalPlaces: { quantity, price: 4, amount: 2 },
});

describe('receiving-plan quantities (issue 16)', () => {
  it(
    'shows each plan’s total at its own order’s places',
    async () => {
      serve([['/receiving-plans/list', { dataList: [item('1', '2000.5', 3), item('2', '15', 0)], totalCount: 2 }]]);
      renderAt('/plans', <BuyerPlanListPage />);
      expect(await screen.findByText('2,000.500')).toBeTruthy();
      expect(screen.getByText('15')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'edits a draft’s quantity as decimal text at the order’s places and sends it as a string',
    async () => {
      const places = { quantity: 3, price: 4, amount: 2 };
      const draft: ReceivingPlanDetail = {
        ...item('500', '1200', 3),
        status: 0,
        side: 'buyer',
        version: 2,
        history: [],
        decimalPlaces: places,
        lines: [
          {
            id: '71',
            lineNo: 1,
            orderLineId: '60',
            orderLineNo: 1,
            materialId: null,
            prdtNo: 'AL-CASE-120',
            prdtName: 'Aluminium housing',
            prdtSpc: '',
            supPrdtNo: '',
            unitName: 'PCS',
            plannedQty: '1200',
            plannedDate: '2026-12-10',
            remark: '',
            status: 0,
            proposedDate: null,
            supplierRemark: '',
            deliveredQty: '0',
            version: 1,
          },
        ],
      };
      const plannable: PlannableLines = {
        orderId: '50',
        orderNo: 'PO2611230003',
        supName: 'Shenzhen Precision Parts',
        decimalPlaces: places,
        lines: [
          {
            orderLineId: '60',
            lineNo: 1,
            materialId: null,
            prdtNo: 'AL-CASE-120',
            prdtName: 'Aluminium housing',
            prdtSpc: '',
            unitName: 'PCS',
            confirmedQty: '1234567890123.5',
            confirmedDate: '2026-12-10',
            plannedQty: '0',
            remainingQty: '1234567890123.5',
          },
        ],
      };
      const fetchMock = serve([
        ['/orders/50/lines', plannable],
        ['/receiving-plans/500', draft],
      ]);
      renderAt('/edit?id=500', <PlanFormPage />);
      // 10^12 with places: every digit of the confirmed quantity survives (no JS number on the way).
      expect(await screen.findByText('1,234,567,890,123.500')).toBeTruthy();
      const input = screen.getByRole('spinbutton', { name: `${L.fields.plannedQty}, line 1` });
      await act(async () => {
        fireEvent.change(input, { target: { value: '1234567890000.125' } });
      });
      expect(screen.getByText('123.375')).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(L.form.save) }));
      });
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true),
      );
      const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')!;
      expect(JSON.parse(String((init as RequestInit).body)).lines).toEqual([
        { orderLineId: '60', plannedQty: '1234567890000.125', plannedDate: '2026-12-10', remark: '' },
      ]);
      expect(await screen.findByText('elsewhere')).toBeTruthy();
    },
    SLOW,
  );
});
