import type { DeliverableLine, UserInfo } from '@concord/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { DeliveryNoteFormPage } from './DeliveryNoteFormPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const L = enUS.deliveryNotes;
const line: DeliverableLine = {
  customerTenantId: '5',
  customerName: 'Huaxin',
  orderId: '10',
  orderNo: 'PO2611230001',
  orderLineId: '11',
  orderLineNo: 1,
  planLineId: null,
  planNo: null,
  materialId: null,
  prdtNo: 'HX-AL-120',
  prdtName: '铝合金外壳',
  prdtSpc: '',
  supPrdtNo: '',
  unitName: 'pcs',
  qty: '100',
  dueDate: '2026-12-01',
  deliveredQty: '0',
  openQty: '100',
  maxQty: '110',
  materialQty: '12',
  smallQty: '5',
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
};
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }), { status: 200 });

/** The form with one open line chosen; `created` answers the save. */
async function chooseLine(created: () => Response) {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: ['SL_SH_GL'],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/customers')) return envelope([{ tenantId: '5', name: 'Huaxin', openLines: 1 }]);
    if (url.includes('/deliverable-lines/list')) return envelope({ dataList: [line], totalCount: 1 });
    return created();
  });
  const router = createMemoryRouter(
    [
      { path: '/delivery/deliverynote/filterlist', element: <DeliveryNoteFormPage /> },
      { path: '/supplysee/deliverydetail', element: <div>detail page</div> },
    ],
    { initialEntries: ['/delivery/deliverynote/filterlist'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/customers'))).toBe(true));
  await act(async () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: L.fields.customer }));
  });
  fireEvent.click(await screen.findByText('Huaxin (1)'));
  const qty = await screen.findByLabelText(`${L.fields.qty} PO2611230001-1`);
  const row = qty.closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
  return { fetchMock, qty, row };
}

describe('DeliveryNoteFormPage', () => {
  it('refuses a quantity over the maximum and sends the chosen lines', async () => {
    const { fetchMock, qty, row } = await chooseLine(() => envelope({ id: '77', noteNo: 'DN2611230001' }));
    // The open quantity, at the places of the line's order.
    expect((qty as HTMLInputElement).value).toBe('100.00');
    expect(within(row).getByText('9 boxes in 2 cartons')).toBeTruthy();
    fireEvent.change(qty, { target: { value: '111' } });
    fireEvent.blur(qty);
    fireEvent.click(screen.getByRole('button', { name: L.actions.saveAndSend }));
    expect((await screen.findByRole('alert')).textContent).toBe(L.form.fixMarked);
    expect(within(row).getByText('At most 110.00 may be delivered on this line')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/srm/delivery-notes'))).toBe(false);
    fireEvent.change(qty, { target: { value: '110' } });
    fireEvent.blur(qty);
    fireEvent.change(screen.getByLabelText(`${L.fields.batchNo} PO2611230001-1`), { target: { value: 'B-7' } });
    fireEvent.click(screen.getByRole('button', { name: L.actions.saveAndSend }));
    await waitFor(() => expect(screen.getByText('detail page')).toBeTruthy());
    const create = fetchMock.mock.calls.find(
      ([u, init]) => init?.method === 'POST' && String(u).endsWith('/srm/delivery-notes'),
    );
    const body = JSON.parse(String(create![1]!.body));
    expect(body).toMatchObject({
      customerTenantId: '5',
      send: true,
      lines: [{ orderLineId: '11', qty: '110', batchNo: 'B-7' }],
    });
  }, 60_000);

  it('shows the server’s refusal of a line beside its quantity, in the reader’s words, once', async () => {
    const msg = 'Order PO2611230001 line 1: 105 exceeds the open quantity 100';
    const { qty, row } = await chooseLine(
      () =>
        new Response(
          JSON.stringify({
            code: 1,
            msg,
            errorCode: 'DELIVERY_OVER_OPEN',
            data: [{ path: 'lines.0.qty', message: msg }],
          }),
          { status: 409 },
        ),
    );
    fireEvent.change(qty, { target: { value: '105' } });
    fireEvent.blur(qty);
    fireEvent.click(screen.getByRole('button', { name: L.actions.saveDraft }));
    await waitFor(() => expect(within(row).getByText(msg)).toBeTruthy());
    expect(screen.getAllByText(msg, { exact: false })).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(L.form.fixMarked);
    expect(document.body.textContent).not.toContain('lines.0.qty');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    // Correcting the quantity clears the line's problem.
    fireEvent.change(qty, { target: { value: '100' } });
    expect(within(row).queryByText(msg)).toBeNull();
  }, 60_000);
});
