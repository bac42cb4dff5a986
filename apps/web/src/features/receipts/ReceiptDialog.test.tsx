import { MASK, type ReceiptDetail, type ReceiptLine } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { ReceiptDialog } from './ReceiptDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const R = enUS.receipts.receipt;

const line = (n: number, extra: Partial<ReceiptLine>): ReceiptLine => ({
  id: `${700 + n}`,
  lineNo: n,
  noteLineId: `${710 + n}`,
  orderId: '50',
  orderNo: 'PO2611230003',
  orderLineId: `${720 + n}`,
  materialId: null,
  prdtNo: `TAX-${n}`,
  prdtName: `Tax part ${n}`,
  prdtSpc: '',
  unitName: 'pcs',
  qty: '3',
  price: '2.675',
  taxRate: '13',
  amount: '8.03',
  amountExcl: '7.11',
  taxAmount: '0.92',
  amountIncl: '8.03',
  currency: 'CNY',
  dueDate: '2026-01-10',
  arrivalDate: '2026-01-08',
  receiptDate: '2026-01-09',
  reconciliationId: null,
  ...extra,
});

/** A tax-included order of 3 × 2.675 and 5 × 1.005 at 13 %, as the server splits it. */
const receipt: ReceiptDetail = {
  id: '600',
  receiptNo: 'RK2601090001',
  noteId: '500',
  noteNo: 'DN2601050001',
  supplierId: '40',
  supCode: 'S00001',
  supName: 'Precision',
  customerTenantId: '9',
  customerName: 'Huaxin',
  warehouseId: null,
  warehouseName: 'Main',
  receiptDate: '2026-01-09',
  lineCount: 2,
  totalQty: '8',
  totalAmount: '13.06',
  createdAt: '2026-01-09T02:00:00.000Z',
  side: 'buyer',
  lines: [
    line(1, {}),
    line(2, { qty: '5', price: '1.005', amount: '5.03', amountExcl: '4.45', taxAmount: '0.58', amountIncl: '5.03' }),
  ],
  totalAmountExcl: '11.56',
  totalTaxAmount: '1.5',
  totalAmountIncl: '13.06',
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
};

const MONEY = ['price', 'amount', 'amountExcl', 'taxAmount', 'amountIncl'] as const;
const masked: ReceiptDetail = {
  ...receipt,
  totalAmount: MASK,
  totalAmountExcl: MASK,
  totalTaxAmount: MASK,
  totalAmountIncl: MASK,
  lines: receipt.lines.map((l) => ({ ...l, ...Object.fromEntries(MONEY.map((k) => [k, MASK])) })),
};

function renderDialog(data: ReceiptDetail) {
  useSession.setState({ token: 't', tenantId: '9' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ code: 0, msg: '', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReceiptDialog id="600" onClose={() => {}} />
    </QueryClientProvider>,
  );
}

/** The texts of the table's body rows, cell by cell. */
const bodyRows = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);

describe('ReceiptDialog', () => {
  it('shows each line and the total excluding tax, tax and including tax, with the rate', async () => {
    renderDialog(receipt);
    expect(await screen.findByText('11.56 excl. tax + 1.50 tax = 13.06 CNY')).toBeTruthy();
    expect(screen.getByText('13.06 CNY')).toBeTruthy();
    const h = headers();
    const at = (title: string) => h.indexOf(title);
    const cells = bodyRows().map((r) =>
      [R.price, R.taxRate, R.amountExcl, R.taxAmount, R.amountIncl].map((t) => r[at(t)]),
    );
    expect(cells).toEqual([
      ['2.6750', '13.00 %', '7.11', '0.92', '8.03'],
      ['1.0050', '13.00 %', '4.45', '0.58', '5.03'],
    ]);
  }, 30_000);

  it('masks every price, amount and total for a position without view-price', async () => {
    renderDialog(masked);
    expect(await screen.findByText(R.taxBreakdown)).toBeTruthy();
    const h = headers();
    for (const row of bodyRows()) {
      for (const title of [R.price, R.amountExcl, R.taxAmount, R.amountIncl]) expect(row[h.indexOf(title)]).toBe(MASK);
      expect(row[h.indexOf(R.qty)]).toMatch(/^\d/);
    }
    expect(screen.getAllByText(MASK).length).toBe(2 + 4 * masked.lines.length);
  }, 30_000);
});
