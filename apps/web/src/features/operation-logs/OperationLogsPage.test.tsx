import type { UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { OperationLogsPage } from './OperationLogsPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const LOG = {
  id: '1',
  userId: '7',
  username: 'buyer',
  operationType: 15,
  module: 'departments',
  targetId: '42',
  summary: 'deptName: A → B',
  ip: '10.0.0.9',
  createdAt: '2026-01-05T08:00:00Z',
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(url: string, permissions: string[], logs: unknown[] = [LOG]) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.includes('/operation-logs/modules')) return envelope(['departments', 'custom-module']);
    if (path.includes('/operation-logs/export')) {
      return new Response(new Blob(['PK']), {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="operation-logs-2026-01-05.xlsx"' },
      });
    }
    return envelope({ dataList: logs, totalCount: logs.length });
  });
  const router = createMemoryRouter([{ path: '/logs', element: <OperationLogsPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const bodies = (part: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).includes(part))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { fetchMock, bodies };
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 30_000;

describe('OperationLogsPage', () => {
  it(
    'sends the URL filters with the list request and shows localized types and modules',
    async () => {
      const { bodies } = renderPage(
        '/logs?username=buy&operationType=15&module=departments&from=2026-01-01T00:00:00.000Z&to=2026-01-31T23:59:59.999Z',
        ['CF_LOG'],
      );
      expect(await screen.findByText('deptName: A → B')).toBeTruthy();
      expect(screen.getAllByText(enUS.audit.types.UPDATE).length).toBeGreaterThan(0);
      expect(screen.getAllByText(enUS.audit.modules.departments).length).toBeGreaterThan(0);
      expect(bodies('/operation-logs/list')[0]).toEqual({
        filter: {
          username: 'buy',
          operationType: 15,
          module: 'departments',
          from: '2026-01-01T00:00:00.000Z',
          to: '2026-01-31T23:59:59.999Z',
        },
        pageParam: { pageNum: 1, pageSize: 20 },
      });
    },
    SLOW,
  );

  it(
    'names the module of a client error and shows what failed and where',
    async () => {
      const crash = {
        ...LOG,
        operationType: 10,
        module: 'client-error',
        targetId: null,
        summary: 'Boom (https://srm.example/orders)\nBrowser: Chrome/140\nError: Boom',
      };
      renderPage('/logs?module=client-error', ['CF_LOG'], [crash]);
      expect(await screen.findByText(/^Boom \(https:\/\/srm\.example\/orders\)/)).toBeTruthy();
      expect(enUS.audit.modules['client-error']).toBe('Client errors');
      expect(screen.getAllByText('Client errors').length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'exports the filtered entries as a downloaded file',
    async () => {
      const created = vi.fn(() => 'blob:1');
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const { bodies } = renderPage('/logs?module=staff', ['CF_LOG']);
      const exportButton = await screen.findByRole('button', { name: new RegExp(enUS.audit.export) });
      await act(async () => {
        fireEvent.click(exportButton);
      });
      await waitFor(() => expect(click).toHaveBeenCalled());
      const [body] = bodies('/operation-logs/export');
      expect(body.filter).toEqual({ module: 'staff' });
      expect(body.timeZone).toBeUndefined();
      expect(created).toHaveBeenCalled();
    },
    SLOW,
  );

  it(
    'disables the export button without CF_LOG',
    async () => {
      renderPage('/logs', []);
      const exportButton = (await screen.findByRole('button', {
        name: new RegExp(enUS.audit.export),
      })) as HTMLButtonElement;
      expect(exportButton.disabled).toBe(true);
    },
    SLOW,
  );
});
