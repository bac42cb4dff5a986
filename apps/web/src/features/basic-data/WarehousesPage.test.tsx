import type { UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { WarehousesPage } from './WarehousesPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const WAREHOUSE = {
  id: '11',
  code: 'WH01',
  name: 'Raw materials',
  segmentCode: 'DG1',
  segmentName: 'Dongguan plant 1',
  featureName: 'Storage climate',
  featureValue: 'Ambient',
  remarks: '',
  version: 1,
  createdAt: '2026-01-05T08:00:00Z',
  updatedAt: '2026-01-05T08:00:00Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(url: string, permissions: string[]) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.includes('/warehouses/import')) {
      return json(
        {
          code: 1,
          msg: '2 errors were found in the file; nothing was imported',
          errorCode: 'IMPORT_ROWS_INVALID',
          data: [
            { row: 3, column: 'Warehouse name', reason: 'A value is required' },
            { row: 4, column: 'Warehouse number', reason: '“IM1” also appears in row 2' },
          ],
        },
        400,
      );
    }
    return json({ code: 0, msg: '', data: { dataList: [WAREHOUSE], totalCount: 1 } });
  });
  const router = createMemoryRouter([{ path: '/wh', element: <WarehousesPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const listBodies = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/warehouses/list'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { fetchMock, listBodies };
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 90_000;

describe('WarehousesPage', () => {
  it(
    'lists with the URL filter and page, and refuses a batch delete with nothing selected',
    async () => {
      const { listBodies } = renderPage('/wh?keyword=WH&page=2&size=10', ['CF_BAS']);
      expect(await screen.findByText('Raw materials')).toBeTruthy();
      expect(listBodies()[0]).toEqual({ filter: { keyword: 'WH' }, pageParam: { pageNum: 2, pageSize: 10 } });
      fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
      expect(await screen.findByText('Select at least one row')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'keeps the add button visible but disabled without CF_BAS',
    async () => {
      renderPage('/wh', ['PO_SYN']);
      await screen.findByText('Raw materials');
      const add = screen.getAllByRole('button', { name: /New warehouse/ })[0] as HTMLButtonElement;
      expect(add.disabled).toBe(true);
    },
    SLOW,
  );

  it(
    'shows every bad row of a refused import with its row, column and reason',
    async () => {
      renderPage('/wh', ['CF_BAS']);
      await screen.findByText('Raw materials');
      fireEvent.click(screen.getByRole('button', { name: /Import/ }));
      const dialog = await screen.findByRole('dialog');
      const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      const file = new File(['PK'], 'warehouses.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      fireEvent.change(input, { target: { files: [file] } });
      await within(dialog).findByText('warehouses.xlsx');
      fireEvent.click(within(dialog).getByRole('button', { name: /^Import$/ }));
      await waitFor(() => expect(within(dialog).getByText('“IM1” also appears in row 2')).toBeTruthy());
      expect(within(dialog).getByText(/2 problems found; nothing was imported/)).toBeTruthy();
      expect(within(dialog).getByText('Warehouse name')).toBeTruthy();
    },
    SLOW,
  );
});
