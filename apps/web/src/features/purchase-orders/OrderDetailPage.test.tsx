import {
  PURCHASE_ORDER_LINE_STATUS as LS,
  type PurchaseOrderDetail,
  type PurchaseOrderLine,
  PURCHASE_ORDER_STATUS as S,
  type UserInfo,
} from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { OrderDetailPage } from './OrderDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.purchaseOrders;

const line = (n: number, extra: Partial<PurchaseOrderLine> = {}): PurchaseOrderLine => ({
  id: `${900 + n}`,
  lineNo: n,
  materialId: null,
  prdtNo: `AL-${n}`,
  prdtName: `Housing ${n}`,
  prdtSpc: '',
  supPrdtNo: '',
  unitNo: 'PCS',
  unitName: 'pcs',
  qty: '1200',
  price: '7319.4271',
  taxRate: '13',
  amount: '8783312.52',
  amountExcl: '7772842.94',
  taxAmount: '1010469.58',
  amountIncl: '8783312.52',
  requestedDate: '2027-01-20',
  warehouseId: null,
  warehouseName: '',
  remark: '',
  status: LS.PENDING,
  confirmedQty: null,
  confirmedDate: null,
  proposedQty: null,
  proposedDate: null,
  supplierRemark: '',
  deliveredQty: '0',
  receivedQty: '0',
  contractLineId: null,
  version: 1,
  ...extra,
});

const ORDER: PurchaseOrderDetail = {
  id: '800',
  orderNo: 'PO2701150001',
  supplierId: '31',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  status: S.SENT,
  revision: 1,
  currency: 'CNY',
  taxIncluded: true,
  paymentTerms: 'Net 60',
  orderDate: '2027-01-15',
  buyerTimeZone: 'Asia/Shanghai',
  totalAmount: '17566625.04',
  totalAmountExcl: '15545685.88',
  totalTaxAmount: '2020939.16',
  totalAmountIncl: '17566625.04',
  lineCount: 2,
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  ownerName: 'Wang Jianhua',
  createdAt: '2027-01-15T08:00:00Z',
  updatedAt: '2027-01-15T08:00:00Z',
  sentAt: '2027-01-15T08:00:00Z',
  side: 'supplier',
  remarks: '',
  attachments: [],
  version: 4,
  lines: [line(1), line(2)],
  changes: [],
  history: [],
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(order: PurchaseOrderDetail, permissions: string[], path: string, refusal?: Response) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/actions/')) return refusal ?? envelope({ ...order, status: S.CONFIRMED });
    return envelope(order);
  });
  const router = createMemoryRouter([{ path, element: <OrderDetailPage /> }], {
    initialEntries: [`${path}?id=${order.id}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const posted = (action: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith(`/srm/purchase-orders/${order.id}/actions/${action}`))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { posted };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;

describe('OrderDetailPage', () => {
  it(
    'lets the supplier confirm every waiting line with the version it saw',
    async () => {
      const { posted } = renderPage(ORDER, ['CU_OR_CO'], '/customer/order/detail');
      expect(await screen.findByText('PO2701150001')).toBeTruthy();
      expect(screen.getByText('Huaxin Electronics')).toBeTruthy();
      // The buyer's steps are not the supplier's.
      for (const name of [T.actions.send, T.actions.cancel, T.actions.change, T.actions.copy]) {
        expect(screen.queryByRole('button', { name })).toBeNull();
      }
      await click(screen.getByRole('button', { name: T.actions.confirmAll }));
      await click(await screen.findByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(posted('confirm')).toEqual([{ version: 4, all: true }]));
    },
    SLOW,
  );

  it(
    'sends the counter-proposed quantity as the decimal text typed, never a JS number (issue 16)',
    async () => {
      const { posted } = renderPage(ORDER, ['CU_OR_CO'], '/customer/order/detail');
      expect(await screen.findByText('PO2701150001')).toBeTruthy();
      // The must-see amount of each line shows; the tax split waits behind the column settings.
      expect(screen.getAllByText('8,783,312.52')).toHaveLength(2);
      expect(screen.queryByText('13.00 %')).toBeNull();
      await click(screen.getAllByRole('button', { name: T.actions.propose })[0]!);
      const dialog = await screen.findByRole('dialog');
      const qty = within(dialog).getByLabelText(T.propose.qty);
      expect((qty as HTMLInputElement).value).toBe('1200.00');
      fireEvent.change(qty, { target: { value: '0' } });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      expect(await within(dialog).findByText(T.propose.qtyPositive)).toBeTruthy();
      expect(posted('confirm')).toEqual([]);
      fireEvent.change(qty, { target: { value: '1000.25' } });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(posted('confirm')).toHaveLength(1));
      expect(posted('confirm')[0].lines).toEqual([
        expect.objectContaining({ id: '901', qty: '1000.25', date: '2027-01-20' }),
      ]);
    },
    SLOW,
  );

  it(
    "shows the server's refusal of the counter-proposed quantity beside the field, once, in the reader's words",
    async () => {
      const sentence = 'Quantity allows at most 2 decimal places';
      const refusal = new Response(
        JSON.stringify({
          code: 1,
          msg: sentence,
          errorCode: 'DECIMAL_PLACES_EXCEEDED',
          data: [{ path: 'lines.0.qty', message: sentence }],
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
      const { posted } = renderPage(ORDER, ['CU_OR_CO'], '/customer/order/detail', refusal);
      expect(await screen.findByText('PO2701150001')).toBeTruthy();
      await click(screen.getAllByRole('button', { name: T.actions.propose })[0]!);
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(T.propose.qty), { target: { value: '1000.25' } });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(posted('confirm')).toHaveLength(1));
      // Beside the quantity, the dialog still open; no raw path and no second copy in a toast.
      expect(await within(dialog).findByText(sentence)).toBeTruthy();
      await waitFor(() => expect(screen.getAllByText(sentence)).toHaveLength(1));
      expect(screen.queryByText(/lines\.0/)).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the buyer a counter-proposal to accept, and *** where prices are masked',
    async () => {
      const masked = {
        ...ORDER,
        side: 'buyer' as const,
        status: S.COUNTER_PROPOSED,
        totalAmount: '***',
        totalAmountExcl: '***',
        totalTaxAmount: '***',
        totalAmountIncl: '***',
        lines: [
          line(1, {
            price: '***',
            amount: '***',
            amountExcl: '***',
            taxAmount: '***',
            amountIncl: '***',
            status: LS.PROPOSED,
            proposedQty: '1000',
            proposedDate: '2027-02-01',
          }),
        ],
      };
      const { posted } = renderPage(masked, ['CG_TG_SURE'], '/procurementConsignment/order/detail');
      expect(await screen.findByText('PO2701150001')).toBeTruthy();
      expect(screen.getAllByText('***').length).toBeGreaterThanOrEqual(3);
      expect(screen.queryByText(/7,319/)).toBeNull();
      // Ordered → proposed, in the row of the Accept it concerns.
      const proposal = document.querySelector('.order-proposal') as HTMLElement;
      expect(within(proposal).getByText('1,200.00')).toBeTruthy();
      expect(within(proposal).getByText('1,000.00')).toBeTruthy();
      expect(within(proposal).getByText('2027-02-01')).toBeTruthy();
      // The virtual table draws its rows as blocks rather than <tr>.
      const row = proposal.closest<HTMLElement>('.ant-table-row')!;
      expect(within(row).getByRole('button', { name: T.actions.rejectLine })).toBeTruthy();
      await click(within(row).getByRole('button', { name: T.actions.acceptLine }));
      await waitFor(() => expect(posted('accept')).toEqual([{ version: 4, lines: [{ id: '901' }] }]));
    },
    SLOW,
  );
});
