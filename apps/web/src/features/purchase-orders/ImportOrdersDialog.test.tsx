import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { ImportOrdersDialog } from './ImportOrdersDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const T = enUS.purchaseOrders.importDialog;

function renderDialog(reply: () => Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => reply());
  const createObjectURL = vi.fn(() => 'blob:template');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ImportOrdersDialog open onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
  return { fetchMock, createObjectURL };
}

const clickTemplate = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: new RegExp(T.template) }));
  });
};

describe('ImportOrdersDialog', () => {
  it('downloads the import template in the language in use', async () => {
    const { fetchMock, createObjectURL } = renderDialog(
      () => new Response(new Blob(['xlsx']), { status: 200, headers: { 'content-type': 'application/octet-stream' } }),
    );
    await clickTemplate();
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/gateway\/srm\/purchase-orders\/template$/);
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en-US');
  });

  it('shows the server’s localized message when the template cannot be had', async () => {
    const { createObjectURL } = renderDialog(
      () =>
        new Response(JSON.stringify({ code: 1, msg: 'No permission for this operation', errorCode: 'FORBIDDEN' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await clickTemplate();
    expect(await screen.findByText('No permission for this operation')).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
