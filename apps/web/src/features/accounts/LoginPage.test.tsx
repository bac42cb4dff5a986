import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { LoginPage } from './LoginPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => vi.restoreAllMocks());

const envelope = (status: number, body: object) => new Response(JSON.stringify(body), { status });

/** The page asks for the OIDC config and the outbox; `outbox` answers the latter (404 by default). */
function renderLogin(outbox: () => Promise<Response> = async () => envelope(404, { code: 1, msg: 'Not found' })) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).includes('/dev/outbox')
      ? outbox()
      : envelope(200, { code: 0, msg: '', data: { enabled: false, name: '' } }),
  );
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('LoginPage', () => {
  it('switches between the account, mobile and QR tabs', async () => {
    renderLogin();
    expect(await screen.findByPlaceholderText(enUS.auth.accountPlaceholder)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: enUS.auth.tabMobile }));
    expect(await screen.findByPlaceholderText(enUS.auth.mobilePlaceholder)).toBeTruthy();
    expect(screen.getByRole('button', { name: enUS.auth.getCode })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: enUS.auth.tabQr }));
    await waitFor(() => expect(screen.queryByText(enUS.auth.agreement)).toBeNull());
  });

  it('requires the agreement tick before signing in', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderLogin();
    fireEvent.change(await screen.findByPlaceholderText(enUS.auth.accountPlaceholder), { target: { value: 'buyer' } });
    fireEvent.change(document.querySelector('input[type=password]')!, { target: { value: 'Demo@2026' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: enUS.auth.login }));
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Please read and accept the agreement')).toBeTruthy();
    const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/auth/oauth/token'));
    expect(tokenCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.queryByText('Please read and accept the agreement')).toBeNull());
  });

  it('says a refused sign-in in the form, in the language of the reply, and keeps what was typed', async () => {
    renderLogin();
    vi.mocked(globalThis.fetch).mockImplementation(async (input) =>
      String(input).includes('/auth/oauth/token')
        ? envelope(426, {
            code: 1,
            msg: 'User name does not exist or the password is wrong',
            errorCode: 'BAD_CREDENTIALS',
          })
        : envelope(404, { code: 1, msg: 'Not found' }),
    );
    fireEvent.change(await screen.findByLabelText(enUS.auth.account, { selector: 'input' }), {
      target: { value: 'buyer' },
    });
    fireEvent.change(screen.getByLabelText(enUS.auth.password, { selector: 'input' }), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: enUS.auth.login }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('User name does not exist or the password is wrong');
    expect((screen.getByLabelText(enUS.auth.account, { selector: 'input' }) as HTMLInputElement).value).toBe('buyer');
  });

  it('links the developer outbox only when the server lets this caller read it', async () => {
    let answer: (res: Response) => void = () => {};
    const { unmount } = renderLogin(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByPlaceholderText(enUS.auth.accountPlaceholder)).toBeTruthy();
    // Not while the server has not answered: an install that sends codes never shows it, not even briefly.
    expect(screen.queryByText(enUS.outbox.link)).toBeNull();
    await act(async () => answer(envelope(404, { code: 1, msg: 'Not found', errorCode: 'NOT_FOUND' })));
    expect(screen.queryByText(enUS.outbox.link)).toBeNull();
    unmount();

    renderLogin(async () => envelope(200, { code: 0, msg: '', data: [] }));
    expect(await screen.findByText(enUS.outbox.link)).toBeTruthy();
  });
});
