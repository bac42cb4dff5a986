import {
  PURCHASE_CHANGE_STATUS as CS,
  type PurchaseChangeDetail,
  PURCHASE_ORDER_STATUS as S,
  type UserInfo,
} from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { ChangeDetailPage } from './ChangePages.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.purchaseOrders;

const CHANGE: PurchaseChangeDetail = {
  id: '700',
  changeNo: 'CH2701200001',
  orderId: '800',
  orderNo: 'PO2701150001',
  supplierId: '31',
  supName: 'Shenzhen Precision Parts',
  customerName: 'Huaxin Electronics',
  revision: 2,
  status: CS.SENT,
  reason: 'Demand lowered',
  diffCount: 2,
  ownerName: 'Wang Jianhua',
  createdAt: '2027-01-20T08:00:00Z',
  sentAt: '2027-01-20T08:00:00Z',
  confirmedAt: null,
  side: 'buyer',
  version: 2,
  orderStatus: S.SENT,
  lines: [],
  diff: [
    {
      lineNo: 1,
      kind: 'changed',
      before: { lineNo: 1, prdtNo: 'AL-1', prdtName: 'Housing 1', qty: '1000', price: '12.5' },
      after: { lineNo: 1, prdtNo: 'AL-1', prdtName: 'Housing 1', qty: '500', price: '12.5' },
      fields: ['qty'],
      plannedQty: '600',
      belowPlanned: true,
    },
    {
      lineNo: 2,
      kind: 'changed',
      before: { lineNo: 2, prdtNo: 'AL-2', prdtName: 'Housing 2', qty: '700', price: '12.5' },
      after: { lineNo: 2, prdtNo: 'AL-2', prdtName: 'Housing 2', qty: '650', price: '12.5' },
      fields: ['qty'],
      plannedQty: '300',
      belowPlanned: false,
    },
  ],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  history: [],
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(change: PurchaseChangeDetail, permissions: string[], path: string) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope(change));
  const router = createMemoryRouter([{ path, element: <ChangeDetailPage /> }], {
    initialEntries: [`${path}?id=${change.id}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const belowPlanned = (planned: string) => T.diff.belowPlanned.replace('{{planned}}', planned);

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;

describe('ChangeDetailPage below planned quantities', () => {
  it(
    'warns the buyer on the line below its receiving plans and links to the order’s plans',
    async () => {
      renderPage(CHANGE, ['CHAN_SU', 'RE_PLA'], '/purchasechange/order/detail');
      expect(await screen.findByText('CH2701200001')).toBeTruthy();
      expect(screen.getByText(T.detail.belowPlanned.buyer.replace('{{count}}', '1'))).toBeTruthy();
      // Only line 1 (500 < 600) is flagged; line 2 stays above its 300 planned.
      expect(screen.getAllByText(belowPlanned('600.00'))).toHaveLength(1);
      expect(screen.queryByText(belowPlanned('300.00'))).toBeNull();
      const link = screen.getByRole('link', { name: T.detail.belowPlanned.openPlans });
      expect(link.getAttribute('href')).toBe('/receivingPlan/order?orderNo=PO2701150001');
    },
    SLOW,
  );

  it(
    'tells the supplier the plans exceed the new quantity, and shows nothing when no line is flagged',
    async () => {
      renderPage({ ...CHANGE, side: 'supplier' }, ['CU_OR_CO'], '/orderchange/order/detail');
      expect(await screen.findByText('CH2701200001')).toBeTruthy();
      expect(screen.getByText(T.detail.belowPlanned.supplier.replace('{{count}}', '1'))).toBeTruthy();
      expect(screen.getByText(belowPlanned('600.00'))).toBeTruthy();
      // Without the supplier's plan permission there is no link to follow.
      expect(screen.queryByRole('link', { name: T.detail.belowPlanned.openPlans })).toBeNull();
      cleanup();

      const above = CHANGE.diff.map((d) => ({ ...d, belowPlanned: false }));
      renderPage({ ...CHANGE, side: 'supplier', diff: above }, ['CU_OR_CO'], '/orderchange/order/detail');
      expect(await screen.findByText('CH2701200001')).toBeTruthy();
      expect(screen.queryByText(T.detail.belowPlanned.supplier.replace('{{count}}', '1'))).toBeNull();
      expect(screen.queryByText(belowPlanned('600.00'))).toBeNull();
    },
    SLOW,
  );
});
