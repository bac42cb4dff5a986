import { CONTRACT_STATUS as S } from '@concord/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { SupplierContractPage } from './ContractDetailPage.tsx';
import { NewContractPage } from './ContractEditor.tsx';
import { click, contractFixture, envelope, initI18n, renderAt, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.contracts;
const OPTIONS = {
  suppliers: [{ id: '31', supCode: 'S00001', supName: 'Shenzhen Precision Parts', canReceive: true }],
  currencies: [],
  paymentConditions: [],
  warehouses: [],
  taxRates: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
};

describe('ContractEditor', () => {
  it(
    'sends nothing without a supplier',
    async () => {
      const { sent } = renderAt(<NewContractPage />, '/contract/supplier/add', ['PO_CON'], (url) =>
        envelope(url.endsWith('/options') ? OPTIONS : []),
      );
      await click(await screen.findByRole('button', { name: new RegExp(T.actions.save) }));
      expect((await screen.findAllByText(/required|Required/)).length).toBeGreaterThanOrEqual(1);
      expect(sent('/srm/contracts')).toEqual([]);
    },
    SLOW,
  );

  it(
    'resends a returned contract with its lines and breaks as typed and the version read, then sends it',
    async () => {
      const returned = contractFixture(S.RETURNED, { returnReason: 'Resin prices rose 8 %' });
      const { sent } = renderAt(
        <SupplierContractPage />,
        '/contract/supplier/detail?id=700&mode=edit',
        ['PO_CON'],
        (url, init) => {
          if (url.endsWith('/options')) return envelope(OPTIONS);
          if (init?.method === 'PUT') return envelope({ ...returned, version: 5 });
          if (url.includes('/actions/send')) return envelope({ ...returned, status: S.SENT, version: 6 });
          return envelope(url.includes('/materials') ? [] : returned);
        },
      );
      expect(await screen.findByText(/Resin prices rose 8 %/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText(`${T.fields.price}, line 1`), { target: { value: '3.05' } });
      await click(screen.getByRole('button', { name: new RegExp(T.actions.saveAndSend) }));
      await waitFor(() => expect(sent('/srm/contracts/700', 'PUT')).toHaveLength(1));
      expect(sent('/srm/contracts/700', 'PUT')[0]).toEqual(
        expect.objectContaining({
          version: 4,
          supplierId: '31',
          validFrom: '2026-01-01',
          validTo: '2026-12-31',
          lines: [
            expect.objectContaining({
              materialId: '77',
              price: '3.05',
              qtyCap: '50000',
              priceBreaks: [
                { minQty: '5000', price: '2.92' },
                { minQty: '20000', price: '2.85' },
              ],
            }),
          ],
        }),
      );
      await waitFor(() => expect(sent('/actions/send')).toEqual([{ version: 5 }]));
    },
    SLOW,
  );

  it(
    'says so when the contract changed since it was opened',
    async () => {
      const draft = contractFixture(S.DRAFT);
      const { sent } = renderAt(
        <SupplierContractPage />,
        '/contract/supplier/detail?id=700&mode=edit',
        ['PO_CON'],
        (url, init) => {
          if (url.endsWith('/options')) return envelope(OPTIONS);
          if (init?.method === 'PUT')
            return envelope(null, 409, { errorCode: 'CONFLICT', msg: 'Changed by someone else' });
          return envelope(url.includes('/materials') ? [] : draft);
        },
      );
      await click(await screen.findByRole('button', { name: new RegExp(T.actions.save) }));
      await waitFor(() => expect(sent('/srm/contracts/700', 'PUT')).toHaveLength(1));
      expect((await screen.findAllByText('Changed by someone else')).length).toBeGreaterThan(0);
      expect(screen.getByText(T.detail.changedSince)).toBeTruthy();
    },
    SLOW,
  );
});
