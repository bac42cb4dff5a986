import type { UserInfo, WorkbenchItem } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { messageKeys } from '../messages/messages.api.ts';
import { groupBySide, WorkbenchPage } from './WorkbenchPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const W = enUS.workbench;

const item = (over: Partial<WorkbenchItem> & Pick<WorkbenchItem, 'key' | 'side'>): WorkbenchItem => ({
  count: 0,
  link: { path: '/somewhere', query: {} },
  rows: [],
  ...over,
});

const proposals = item({
  key: 'counterProposals',
  side: 'buyer',
  count: 7,
  link: { path: '/procurementConsignment/order', query: { status: '3' } },
  rows: [
    {
      id: '11',
      documentNo: 'PO2611260004',
      supName: 'Shenzhen Precision Parts',
      customerName: 'Huaxin Electronics',
      date: null,
      at: '2026-11-26T01:11:00.000Z',
      path: '/procurementConsignment/order/detail?id=11',
    },
  ],
});
const expiring = item({
  key: 'qualificationsExpiring',
  side: 'buyer',
  count: 1,
  link: { path: '/supplier/qualification', query: { status: '9' } },
  rows: [
    {
      id: '21',
      documentNo: 'Business licence',
      supName: 'Shenzhen Precision Parts',
      customerName: 'Huaxin Electronics',
      date: '2026-12-16',
      at: null,
      path: '/supplier/qualification/detail?id=21',
    },
  ],
});
const toConfirm = item({
  key: 'ordersToConfirm',
  side: 'supplier',
  count: 2,
  link: { path: '/customer/order', query: { status: '1,2' } },
  rows: [
    {
      id: '31',
      documentNo: 'PO2611260003',
      supName: '',
      customerName: 'Huaxin Electronics',
      date: null,
      at: '2026-11-25T02:00:00.000Z',
      path: '/customer/order/detail?id=31',
    },
  ],
});
const idleBuyer = item({
  key: 'inspectionsPending',
  side: 'buyer',
  link: { path: '/recemanage/receipt', query: { tab: 'arrived' } },
});
const idleSupplier = item({
  key: 'plansToConfirm',
  side: 'supplier',
  link: { path: '/supreceivePlan/order', query: { status: '1,2' } },
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(replies: WorkbenchItem[][]) {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: [],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  let call = 0;
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const items = replies[Math.min(call, replies.length - 1)]!;
    call += 1;
    return envelope({ items });
  });
  const router = createMemoryRouter([{ path: '/', element: <WorkbenchPage /> }], { initialEntries: ['/'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return { client, calls: () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/srm/workbench')).length };
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;

describe('groupBySide', () => {
  it('puts the side with more waiting first and leaves out a side without items', () => {
    expect(groupBySide([idleBuyer, proposals, toConfirm]).map((g) => [g.side, g.total])).toEqual([
      ['buyer', 7],
      ['supplier', 2],
    ]);
    expect(groupBySide([idleBuyer, toConfirm]).map((g) => g.side)).toEqual(['supplier', 'buyer']);
    expect(groupBySide([toConfirm]).map((g) => g.side)).toEqual(['supplier']);
  });
});

describe('WorkbenchPage', () => {
  it(
    'shows each waiting item as a count linking to its filtered list, with its first rows',
    async () => {
      renderPage([[proposals, expiring, idleBuyer, toConfirm, idleSupplier]]);
      const card = within(await screen.findByTestId('workbench-buyer-counterProposals'));
      const count = card.getByRole('link', { name: `7 ${W.items.counterProposals.title}` });
      expect(count.getAttribute('href')).toBe('/procurementConsignment/order?status=3');
      expect(card.getByRole('link', { name: 'PO2611260004' }).getAttribute('href')).toBe(
        '/procurementConsignment/order/detail?id=11',
      );
      // The buyer side names the supplier; more waiting than shown: a link to all of them.
      expect(card.getByText('Shenzhen Precision Parts')).toBeTruthy();
      expect(card.getByRole('link', { name: 'View all 7' }).getAttribute('href')).toBe(
        '/procurementConsignment/order?status=3',
      );
      // A day shows as it is.
      const licence = within(screen.getByTestId('workbench-buyer-qualificationsExpiring'));
      expect(licence.getByText('Valid until 2026-12-16')).toBeTruthy();
      expect(licence.queryByText(/View all/)).toBeNull();

      // The supplier side names the customer.
      const supplierCard = within(screen.getByTestId('workbench-supplier-ordersToConfirm'));
      expect(supplierCard.getByText('Huaxin Electronics')).toBeTruthy();
      expect(supplierCard.getByRole('link', { name: `2 ${W.items.ordersToConfirm.title}` }).getAttribute('href')).toBe(
        '/customer/order?status=1%2C2',
      );

      // Sections by side, the side with more waiting first; items with nothing waiting as plain links.
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings).toEqual([W.sides.buyer, W.sides.supplier]);
      expect(screen.queryByTestId('workbench-buyer-inspectionsPending')).toBeNull();
      expect(screen.getByRole('link', { name: W.items.inspectionsPending.title }).getAttribute('href')).toBe(
        '/recemanage/receipt?tab=arrived',
      );
    },
    SLOW,
  );

  it(
    'says nothing is waiting when every count is zero',
    async () => {
      renderPage([[idleBuyer, idleSupplier]]);
      expect(await screen.findByText(W.empty)).toBeTruthy();
      expect(screen.getByText(W.emptyHint)).toBeTruthy();
      expect(screen.queryByTestId(/^workbench-(buyer|supplier)-/)).toBeNull();
    },
    SLOW,
  );

  it(
    'reloads when a push from the other party updates the unread count',
    async () => {
      const { client, calls } = renderPage([[toConfirm], [{ ...toConfirm, count: 3 }]]);
      await screen.findByRole('link', { name: `2 ${W.items.ordersToConfirm.title}` });
      expect(calls()).toBe(1);
      // What app/layout/useRealtime.ts does with a websocket push.
      act(() => {
        client.setQueryData(messageKeys.count, 4);
      });
      await screen.findByRole('link', { name: `3 ${W.items.ordersToConfirm.title}` });
      expect(calls()).toBe(2);
      // A fetched count (not a push) leaves the workbench alone.
      await act(async () => {
        await client.fetchQuery({ queryKey: messageKeys.count, queryFn: () => 4 });
      });
      await waitFor(() => expect(calls()).toBe(2));
    },
    SLOW,
  );
});
