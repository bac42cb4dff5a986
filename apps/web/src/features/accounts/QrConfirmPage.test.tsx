import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { QrConfirmPage } from './QrConfirmPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => vi.restoreAllMocks());

const envelope = (status: number, body: object) => new Response(JSON.stringify(body), { status });

function renderPage(requester: () => Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/requester')) return requester();
    if (url.includes('/confirm')) return envelope(200, { code: 0, msg: '', data: null });
    return envelope(401, { code: 1, msg: 'Please log in first' });
  });
  const router = createMemoryRouter([{ path: '/qr-login', element: <QrConfirmPage /> }], {
    initialEntries: ['/qr-login?id=42&s=secret-of-the-ticket'],
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

describe('QrConfirmPage', () => {
  it('shows which browser and address asked before the user confirms', async () => {
    const fetchMock = renderPage(() =>
      envelope(200, {
        code: 0,
        msg: '',
        data: { agent: 'Chrome 126 · Windows', ip: '203.0.113.80', sameAddress: false },
      }),
    );
    expect(await screen.findByText('Chrome 126 · Windows')).toBeTruthy();
    expect(screen.getByText('203.0.113.80')).toBeTruthy();
    expect(screen.getByText(enUS.qr.otherAddress)).toBeTruthy();
    expect(screen.getByText(enUS.qr.warning)).toBeTruthy();
    const confirms = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/confirm'));
    expect(confirms()).toHaveLength(0);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: enUS.qr.confirm }));
    });
    expect(await screen.findByText(enUS.qr.confirmed)).toBeTruthy();
    expect(confirms()).toHaveLength(1);
  });

  it('offers no confirmation for a ticket that is no longer waiting', async () => {
    renderPage(() => envelope(410, { code: 1, msg: 'The QR code has expired, refresh it', errorCode: 'QR_EXPIRED' }));
    expect(await screen.findByText('The QR code has expired, refresh it')).toBeTruthy();
    expect(screen.queryByRole('button', { name: enUS.qr.confirm })).toBeNull();
  });
});
