import type { DeliveryNoteLine } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { InspectionDialog } from './InspectionDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const I = enUS.receipts.inspection;

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

describe('InspectionDialog', () => {
  it('refuses unqualified goods without a reason, then sends them with one', async () => {
    const { sent, onClose } = renderDialog();
    // Forty were still open: thirty qualified, ten rejected.
    expect(field(I.qualifiedQty).value).toBe('40.00');
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
  }, 30_000);

  it('refuses more than is left to inspect', async () => {
    const { sent } = renderDialog();
    fireEvent.change(field(I.qualifiedQty), { target: { value: '41' } });
    await confirm();
    expect(await screen.findByText('Together at most 40.00 can still be inspected')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  }, 30_000);
});
