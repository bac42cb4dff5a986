import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { ScanBox } from './ScanBox.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The scan answers `body`; anything else (the enterprise's decimal places) answers with nothing set. */
const serve = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) =>
      String(input).includes('/scan') ? reply(status, body) : reply(200, { code: 0, msg: '', data: { settings: [] } }),
    );

function renderBox() {
  useSession.setState({ token: 't', tenantId: '9' });
  const onScanned = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <ScanBox
          noteId="500"
          places={{ quantity: 2, price: 4, amount: 2 }}
          received={0}
          total={3}
          onScanned={onScanned}
        />
      </App>
    </QueryClientProvider>,
  );
  const input = screen.getByLabelText(enUS.receipts.scan.label) as HTMLInputElement;
  const type = (code: string) => {
    fireEvent.change(input, { target: { value: code } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  };
  return { input, type, onScanned };
}

describe('ScanBox', () => {
  it('receives what the scanner typed, shows it with the running count, clears and keeps the focus', async () => {
    const fetchMock = serve(200, {
      code: 0,
      msg: '',
      data: {
        packageNo: 'DN1-1-1',
        kind: 1,
        received: 1,
        qty: '10',
        arrived: false,
        receivedPackageCount: 1,
        packageCount: 3,
        lines: [{ lineId: '71', lineNo: 1, receivedQty: '10' }],
      },
    });
    const { input, type, onScanned } = renderBox();
    expect(document.activeElement).toBe(input);
    expect(screen.getByTestId('scan-progress').textContent).toBe('0 of 3 packages received');
    type('DN1-1-1');
    expect(await screen.findByText('Package DN1-1-1 received: 1 package(s), quantity 10.00')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/scan'))!;
    expect(String(url)).toContain('/srm/receipts/notes/500/scan');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ code: 'DN1-1-1' });
    expect(screen.getByTestId('scan-progress').textContent).toBe('1 of 3 packages received');
    expect(onScanned).toHaveBeenCalledOnce();
    await waitFor(() => expect(input.value).toBe(''));
    expect(document.activeElement).toBe(input);
  });

  it('warns about a package received before, with the server’s message, and stays ready for the next one', async () => {
    const msg = 'Package DN1-1-1 was already received at 2026-11-23 08:00:00 by Wang Jianhua';
    serve(409, { code: 1, msg, errorCode: 'RECEIPT_PACKAGE_ALREADY_RECEIVED' });
    const { input, type, onScanned } = renderBox();
    type('DN1-1-1');
    const alert = await screen.findByText(msg);
    expect(alert.closest('.ant-alert-warning')).toBeTruthy();
    expect(onScanned).not.toHaveBeenCalled();
    await waitFor(() => expect(input.value).toBe(''));
    expect(document.activeElement).toBe(input);
  });

  it('shows an unknown code as an error', async () => {
    const msg = 'No package with the code “XYZ” was found';
    serve(404, { code: 1, msg, errorCode: 'RECEIPT_PACKAGE_UNKNOWN' });
    const { type } = renderBox();
    type('XYZ');
    expect((await screen.findByText(msg)).closest('.ant-alert-error')).toBeTruthy();
  });
});
