import type { UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { DecimalPlacesPage } from './DecimalPlacesPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const SETTING = {
  settings: [
    { kind: 'quantity', places: 2 },
    { kind: 'price', places: 4 },
    { kind: 'amount', places: 2 },
  ],
  version: 0,
};

describe('DecimalPlacesPage', () => {
  it('previews each setting with thousands separators and saves all three with the version', async () => {
    useSession.setState({
      token: 't',
      tenantId: '9',
      permissions: ['CF_BAS'],
      userInfo: { isAdmin: false } as unknown as UserInfo,
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const body = init?.method === 'PUT' ? { ...JSON.parse(String(init.body)), version: 1 } : SETTING;
      return new Response(JSON.stringify({ code: 0, msg: '', data: body }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <DecimalPlacesPage />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Example: 1,234,567.8912')).toBeTruthy();
    expect(screen.getAllByText('Example: 1,234,567.89')).toHaveLength(2);
    const [quantity] = screen.getAllByRole('spinbutton');
    fireEvent.change(quantity, { target: { value: '0' } });
    await screen.findByText('Example: 1,234,568');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toEqual({
      settings: [
        { kind: 'quantity', places: 0 },
        { kind: 'price', places: 4 },
        { kind: 'amount', places: 2 },
      ],
      version: 0,
    });
  }, 30_000);
});
