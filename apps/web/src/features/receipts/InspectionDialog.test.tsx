import type { DeliveryNoteLine } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { InspectionDialog, inspectionProblem } from './InspectionDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const I = enUS.receipts.inspection;
// antd's first render in jsdom takes seconds on a small, busy machine.
const SLOW = 120_000;

const line: DeliveryNoteLine = {
  id: '71',
  lineNo: 1,
  orderId: '50',
  orderNo: 'PO2611230003',
  orderLineId: '60',
  orderLineNo: 1,
  planLineId: null,
  materialId: null,
  prdtNo: 'AL-CASE-120',
  prdtName: 'Aluminium housing',
  prdtSpc: '',
  supPrdtNo: '',
  unitName: 'PCS',
  qty: '100',
  batchNo: 'B1',
  isCheck: true,
  dueDate: '2026-12-10',
  warehouseId: null,
  warehouseName: null,
  receivedQty: '100',
  qualifiedQty: '60',
  unqualifiedQty: '0',
  warehousedQty: '0',
  remark: '',
  packageCount: 10,
  receivedPackageCount: 10,
  inspections: [],
};

function renderDialog() {
  useSession.setState({ token: 't', tenantId: '9' });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ code: 0, msg: '', data: {} }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <InspectionDialog noteId="500" line={line} places={{ quantity: 2, price: 4, amount: 2 }} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  const sent = () =>
    fetchMock.mock.calls
      .filter(([u]) => String(u).includes('/inspections'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { sent, onClose };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const confirm = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Confirm/ }));
  });
};

describe('inspectionProblem', () => {
  it('takes a result that accounts for exactly what is still to inspect, summed as decimals', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as JS numbers: the money module adds the digits.
    expect(inspectionProblem({ qualified: '0.1', unqualified: '0.2' }, '0.3', 2)).toBeNull();
    expect(inspectionProblem({ qualified: '40', unqualified: '0' }, '40', 2)).toBeNull();
    expect(inspectionProblem({ qualified: '0', unqualified: '40.00' }, '40', 2)).toBeNull();
  });

  it('refuses less or more than is still to inspect, and an inspection with nothing received left', () => {
    expect(inspectionProblem({ qualified: '39.99', unqualified: '0' }, '40', 2)).toBe('sumMismatch');
    expect(inspectionProblem({ qualified: '40', unqualified: '0.01' }, '40', 2)).toBe('sumMismatch');
    expect(inspectionProblem({ qualified: '0', unqualified: '0' }, '0', 2)).toBe('nothingOpen');
  });
});

describe('InspectionDialog', () => {
  it(
    'asks for the result instead of offering everything as qualified',
    async () => {
      const { sent } = renderDialog();
      expect(field(I.qualifiedQty).value).toBe('');
      expect(field(I.unqualifiedQty).value).toBe('');
      await confirm();
      expect(await screen.findAllByText(I.qtyRequired)).toHaveLength(2);
      expect(sent()).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'refuses unqualified goods without a reason, then sends them with one',
    async () => {
      const { sent, onClose } = renderDialog();
      // Forty were still open: thirty qualified, ten rejected.
      fireEvent.change(field(I.qualifiedQty), { target: { value: '30' } });
      fireEvent.change(field(I.unqualifiedQty), { target: { value: '10' } });
      await confirm();
      expect((await screen.findAllByText(I.reasonRequired)).length).toBe(2);
      expect(sent()).toHaveLength(0);

      fireEvent.mouseDown(field(I.reasonCode));
      fireEvent.click(await screen.findByText(enUS.receipts.reasons.appearance));
      fireEvent.change(field(I.reason), { target: { value: 'scratched housing' } });
      await confirm();
      await waitFor(() => expect(sent()).toHaveLength(1));
      expect(sent()[0]).toEqual({
        lineId: '71',
        qualifiedQty: '30',
        unqualifiedQty: '10',
        reasonCode: 'appearance',
        reason: 'scratched housing',
      });
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    },
    SLOW,
  );

  it(
    'refuses a result that does not add up to what is still to inspect, beside the field',
    async () => {
      const { sent } = renderDialog();
      fireEvent.change(field(I.qualifiedQty), { target: { value: '30' } });
      fireEvent.change(field(I.unqualifiedQty), { target: { value: '0' } });
      await confirm();
      const message = 'Qualified and unqualified together must make the 40.00 still to inspect';
      expect(await screen.findByText(message)).toBeTruthy();
      expect(sent()).toHaveLength(0);
      // Correcting the qualified quantity clears the problem of the pair.
      fireEvent.change(field(I.qualifiedQty), { target: { value: '40' } });
      await waitFor(() => expect(screen.queryByText(message)).toBeNull());
      await confirm();
      await waitFor(() =>
        expect(sent()).toEqual([expect.objectContaining({ qualifiedQty: '40', unqualifiedQty: '0' })]),
      );
    },
    SLOW,
  );
});
