import type { PartnerRestrictionDetail, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { TradingPartnerDetailPage } from './TradingPartnerDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const precision = { id: '21', compNo: '20260002', name: 'Shenzhen Precision' };
const plastics = { id: '31', compNo: '20260003', name: 'Suzhou Plastics' };
const employee = { id: '5', name: 'Li Xiaomei', platformNo: 'buyer.clerk', deptName: 'Purchasing', status: 2 };

const reply = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SLOW = 30_000;

describe('TradingPartnerDetailPage', () => {
  it(
    'saves both lists with the employee version it read; on 409 it shows the lists saved meanwhile',
    async () => {
      useSession.setState({
        token: 't',
        tenantId: '9',
        permissions: ['CF_OAU'],
        userInfo: { isAdmin: false } as unknown as UserInfo,
      });
      let current: PartnerRestrictionDetail = { employee, supplier: [precision], client: [], version: 2 };
      const puts: unknown[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const url = String(input);
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          current = { employee, supplier: [precision, plastics], client: [], version: 3 };
          return reply(409, { code: 1, msg: 'Changed by someone else', errorCode: 'CONFLICT' });
        }
        if (url.includes('/settings')) {
          const settings = { privateBusinessData: false, tradingPartnerRestriction: true };
          return reply(200, { code: 0, msg: '', data: { ...settings, superiorSeesSubordinates: true, version: 1 } });
        }
        return reply(200, { code: 0, msg: '', data: current });
      });
      const router = createMemoryRouter(
        [{ path: '/jurisdiction/tradpartner/detail', element: <TradingPartnerDetailPage /> }],
        {
          initialEntries: ['/jurisdiction/tradpartner/detail?id=5'],
        },
      );
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <App>
            <RouterProvider router={router} />
          </App>
        </QueryClientProvider>,
      );
      expect(await screen.findByText(precision.name)).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(enUS.jurisdiction.partners.remove) }));
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(enUS.common.save) }));
      });
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toEqual({ supplier: [], client: [], version: 2 });
      // The refused removal gives way to the lists as saved meanwhile; the next save starts from them.
      expect(await screen.findByText(plastics.name)).toBeTruthy();
      expect(screen.getByText(precision.name)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/jurisdiction/tradpartner/detail');
    },
    SLOW,
  );
});
