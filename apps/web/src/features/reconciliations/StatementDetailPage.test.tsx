import type {
  ReconciliationDetail,
  ReconciliationLine,
  ReconciliationLineStatus,
  ReconciliationStatus,
  UserInfo,
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
import { StatementDetailPage } from './StatementDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
  // The line table keeps the columns a test chose to show.
  localStorage.clear();
});

const R = enUS.reconciliations;

const line = (
  n: number,
  status: ReconciliationLineStatus,
  extra: Partial<ReconciliationLine> = {},
): ReconciliationLine => ({
  id: `7${n}`,
  lineNo: n,
  receiptLineId: `8${n}`,
  receiptNo: 'RK2611230001',
  receiptDate: '2026-11-20',
  orderNo: 'PO2611230003',
  prdtNo: `AL-CASE-12${n}`,
  prdtName: 'Aluminium housing',
  unitName: 'PCS',
  qty: '1200',
  price: '7319.4271',
  taxRate: '13',
  amount: '8783312.52',
  taxIncluded: true,
  amountExcl: '7772842.94',
  taxAmount: '1010469.58',
  amountIncl: '8783312.52',
  status,
  disputeReason: '',
  disputeQty: null,
  disputePrice: null,
  differenceAmount: '0',
  ...extra,
});

const statement = (
  side: 'buyer' | 'supplier',
  draftedBy: 'buyer' | 'supplier',
  status: ReconciliationStatus,
  lines: ReconciliationLine[],
): ReconciliationDetail => ({
  id: '500',
  statementNo: 'RC2611230001',
  supplierId: '40',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  buyerTimeZone: 'Asia/Shanghai',
  status,
  draftedBy,
  currency: 'CNY',
  lineCount: lines.length,
  totalQty: '2400',
  totalAmount: '17566625.04',
  differenceAmount: '0',
  remark: '',
  buyerConfirmedAt: null,
  buyerConfirmedBy: '',
  supplierConfirmedAt: null,
  supplierConfirmedBy: '',
  ownerName: 'Wang Jianhua',
  sentAt: '2026-11-23T08:00:00Z',
  createdAt: '2026-11-23T08:00:00Z',
  updatedAt: '2026-11-23T08:00:00Z',
  side,
  role: side === draftedBy ? 'drafter' : 'counterpart',
  version: 3,
  actions: [],
  lines,
  history: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  totalAmountExcl: '15545685.88',
  totalTaxAmount: '2020939.16',
  totalAmountIncl: '17566625.04',
  taxTotals: [{ taxRate: '13', amountExcl: '15545685.88', taxAmount: '2020939.16', amountIncl: '17566625.04' }],
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(side: 'buyer' | 'supplier', detail: ReconciliationDetail, permissions: string[]) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => envelope(detail));
  const router = createMemoryRouter([{ path: '/detail', element: <StatementDetailPage side={side} /> }], {
    initialEntries: ['/detail?id=500'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const actions = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/srm/reconciliations/500/actions/'))
      .map(([input, init]) => ({
        action: String(input).split('/').pop(),
        body: JSON.parse(String((init as RequestInit).body)),
      }));
  return { actions };
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;
// An icon button's accessible name starts with the icon's label ("send Send").
const named = (name: string) => new RegExp(`(^|\\s)${name}$`);
const button = (name: string) => screen.queryByRole('button', { name: named(name) });
const buttons = (name: string) => screen.queryAllByRole('button', { name: named(name) });
const dialogOk = () => within(screen.getByRole('dialog')).getByRole('button', { name: enUS.common.confirm });

describe('StatementDetailPage', () => {
  it(
    'requires a reason before the counterpart’s dispute is taken, then submits the answers',
    async () => {
      const { actions } = renderPage('supplier', statement('supplier', 'buyer', 1, [line(1, 0), line(2, 0)]), [
        'RE_MA',
      ]);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(screen.getByText('Huaxin Electronics')).toBeTruthy();
      expect(screen.getAllByText('7,319.4271')).toHaveLength(2);
      await act(async () => {
        fireEvent.click(buttons(R.actions.dispute)[0]!);
      });
      expect(await screen.findByText(R.dispute.title.replace('{{lineNo}}', '1'))).toBeTruthy();
      await act(async () => {
        fireEvent.click(dialogOk());
      });
      expect(await screen.findByText(R.dispute.reasonRequired)).toBeTruthy();
      expect(screen.queryByText(R.dispute.pendingDispute)).toBeNull();
      fireEvent.change(screen.getByLabelText(R.dispute.reason), { target: { value: 'Price should be 7000' } });
      await act(async () => {
        fireEvent.click(dialogOk());
      });
      expect(await screen.findByText(R.dispute.pendingDispute)).toBeTruthy();
      await act(async () => {
        fireEvent.click(buttons(R.actions.agree)[0]!);
      });
      expect((button(R.actions.confirm) as HTMLButtonElement).disabled).toBe(true);
      await act(async () => {
        fireEvent.click(button(R.actions.submitAnswer)!);
      });
      await waitFor(() => expect(actions()).toHaveLength(1));
      expect(actions()[0]).toEqual({
        action: 'answer',
        body: {
          version: 3,
          lines: [
            { id: '71', agree: false, reason: 'Price should be 7000' },
            { id: '72', agree: true },
          ],
        },
      });
    },
    SLOW,
  );

  it(
    'takes the held quantity and price as decimal text, previews the amount exactly and sends strings (issue 16)',
    async () => {
      const { actions } = renderPage(
        'supplier',
        statement('supplier', 'buyer', 1, [line(1, 0, { qty: '3', price: '2.675', amount: '8.03' })]),
        ['RE_MA'],
      );
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      await act(async () => {
        fireEvent.click(buttons(R.actions.dispute)[0]!);
      });
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(R.dispute.reason), { target: { value: 'Price is 1.005' } });
      fireEvent.change(within(dialog).getByLabelText(R.dispute.price), { target: { value: '1.005' } });
      // 3 × 1.005 = 3.015 → 3.02 (a binary float says 3.01), against 8.03 on the statement.
      expect(
        await within(dialog).findByText(
          R.dispute.preview.replace('{{amount}}', '3.02').replace('{{difference}}', '-5.01'),
        ),
      ).toBeTruthy();
      fireEvent.change(within(dialog).getByLabelText(R.dispute.qty), { target: { value: '5' } });
      expect(
        await within(dialog).findByText(
          R.dispute.preview.replace('{{amount}}', '5.03').replace('{{difference}}', '-3.00'),
        ),
      ).toBeTruthy();
      await act(async () => {
        fireEvent.click(dialogOk());
      });
      expect(await screen.findByText(R.dispute.pendingDispute)).toBeTruthy();
      await act(async () => {
        fireEvent.click(button(R.actions.submitAnswer)!);
      });
      await waitFor(() => expect(actions()).toHaveLength(1));
      expect(actions()[0]!.body.lines).toEqual([
        { id: '71', agree: false, reason: 'Price is 1.005', qty: '5', price: '1.005' },
      ]);
    },
    SLOW,
  );

  it(
    'gives the counterpart answer and confirm only, never the drafter’s steps',
    async () => {
      renderPage('supplier', statement('supplier', 'buyer', 1, [line(1, 0)]), ['RE_MA']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(button(R.actions.submitAnswer)).toBeTruthy();
      expect(button(R.actions.confirm)).toBeTruthy();
      expect(button(R.actions.send)).toBeNull();
      expect(button(R.actions.finalize)).toBeNull();
      expect(button(R.actions.cancel)).toBeNull();
      expect(button(R.actions.acceptProposal)).toBeNull();
    },
    SLOW,
  );

  it(
    'gives the drafter of a disputed statement send, accept proposal and cancel, and no answer',
    async () => {
      renderPage(
        'buyer',
        statement('buyer', 'buyer', 2, [
          line(1, 1),
          line(2, 2, { disputeReason: 'Only 1,100 received', disputeQty: '1100', differenceAmount: '-731942.71' }),
        ]),
        ['PU_BI'],
      );
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(screen.getByText('Only 1,100 received')).toBeTruthy();
      expect(screen.getByText('-731,942.71')).toBeTruthy();
      expect(button(R.actions.send)).toBeTruthy();
      expect(button(R.actions.cancel)).toBeTruthy();
      expect(buttons(R.actions.acceptProposal)).toHaveLength(1);
      expect(button(R.actions.submitAnswer)).toBeNull();
      expect(button(R.actions.agree)).toBeNull();
      expect(button(R.actions.confirm)).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the drafter only the final confirmation once the counterpart confirmed, disabled without PU_BI',
    async () => {
      const d = statement('buyer', 'supplier', 3, [line(1, 1)]);
      renderPage('buyer', { ...d, role: 'counterpart' }, ['PU_BI']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(button(R.actions.finalize)).toBeNull();
      cleanup();
      renderPage('supplier', statement('supplier', 'supplier', 3, [line(1, 1)]), []);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect((button(R.actions.finalize) as HTMLButtonElement).disabled).toBe(true);
      expect(button(R.actions.send)).toBeNull();
    },
    SLOW,
  );
  it(
    'shows every line and the totals split into excluding tax, tax and including tax with the rate',
    async () => {
      renderPage('buyer', statement('buyer', 'buyer', 1, [line(1, 1), line(2, 1)]), ['PU_BI']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      // The tax split of each line waits behind the column settings (UI.md must-see columns).
      expect(screen.queryByText('13.00 %')).toBeNull();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: /More columns/ }));
      });
      for (const title of [R.fields.taxRate, R.fields.amountExcl, R.fields.taxAmount, R.fields.amountIncl]) {
        await act(async () => {
          fireEvent.click(await screen.findByRole('checkbox', { name: title }));
        });
        expect(screen.getAllByRole('columnheader', { name: title }).length).toBeGreaterThan(0);
      }
      expect(screen.getAllByText('13.00 %')).toHaveLength(2);
      expect(screen.getAllByText('7,772,842.94')).toHaveLength(2);
      expect(screen.getAllByText('1,010,469.58')).toHaveLength(2);
      expect(
        screen.getByText('15,545,685.88 excl. tax + 2,020,939.16 tax = 17,566,625.04 CNY', { exact: false }),
      ).toBeTruthy();
      expect(screen.getByText(R.tax.included)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the split per rate when the rates differ, and masked totals as masked',
    async () => {
      const d = statement('buyer', 'buyer', 1, [
        line(1, 1, { taxRate: '6', taxIncluded: false, amountExcl: '100', taxAmount: '6', amountIncl: '106' }),
        line(2, 1, { taxIncluded: false, amountExcl: '100', taxAmount: '13', amountIncl: '113' }),
      ]);
      renderPage(
        'buyer',
        {
          ...d,
          totalAmountExcl: '200',
          totalTaxAmount: '19',
          totalAmountIncl: '219',
          taxTotals: [
            { taxRate: '6', amountExcl: '100', taxAmount: '6', amountIncl: '106' },
            { taxRate: '13', amountExcl: '100', taxAmount: '13', amountIncl: '113' },
          ],
        },
        ['PU_BI'],
      );
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(screen.getByText('6.00 %: 100.00 + 6.00 = 106.00')).toBeTruthy();
      expect(screen.getByText('13.00 %: 100.00 + 13.00 = 113.00')).toBeTruthy();
      expect(screen.getByText(R.tax.excluded)).toBeTruthy();
      cleanup();
      const masked = statement('buyer', 'buyer', 1, [
        line(1, 1, { price: '***', amount: '***', amountExcl: '***', taxAmount: '***', amountIncl: '***' }),
      ]);
      renderPage(
        'buyer',
        {
          ...masked,
          totalAmount: '***',
          totalAmountExcl: '***',
          totalTaxAmount: '***',
          totalAmountIncl: '***',
          taxTotals: [{ taxRate: '13', amountExcl: '***', taxAmount: '***', amountIncl: '***' }],
        },
        ['PU_BI'],
      );
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(screen.queryByText(/excl\. tax \+/)).toBeNull();
      // The two totals and the line's price and amount; its tax split waits behind the column settings.
      expect(screen.getAllByText('***')).toHaveLength(4);
      expect(screen.queryByText('7,772,842.94')).toBeNull();
    },
    SLOW,
  );

  it(
    'offers the invoice lines only on the supplier side of a confirmed statement',
    async () => {
      renderPage('supplier', statement('supplier', 'buyer', 4, [line(1, 1)]), ['RE_MA']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      await act(async () => {
        fireEvent.click(button(R.actions.exportInvoice)!);
      });
      await waitFor(() =>
        expect(
          vi.mocked(globalThis.fetch).mock.calls.some(([input]) => String(input).endsWith('/500/invoice/export')),
        ).toBe(true),
      );
      cleanup();
      renderPage('supplier', statement('supplier', 'buyer', 3, [line(1, 1)]), ['RE_MA']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(button(R.actions.exportInvoice)).toBeNull();
      cleanup();
      renderPage('buyer', statement('buyer', 'buyer', 4, [line(1, 1)]), ['PU_BI']);
      expect(await screen.findByText('RC2611230001')).toBeTruthy();
      expect(button(R.actions.exportInvoice)).toBeNull();
      expect(button(R.actions.export)).toBeTruthy();
    },
    SLOW,
  );
});
