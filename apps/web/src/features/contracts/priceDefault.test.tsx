import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { type EditLine, emptyLine, LineEditor, toLineInput } from '../purchase-orders/LineEditor.tsx';
import { envelope, initI18n, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PO = enUS.purchaseOrders;
const PLACES = { quantity: 2, price: 4, amount: 2 };
const FOUND = {
  price: '2.98',
  basePrice: '2.98',
  currency: 'CNY',
  taxRate: '13',
  taxIncluded: true,
  priceBreaks: [{ minQty: '5000', price: '2.92' }],
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  source: 'contract',
  sourceId: '700',
  sourceNo: 'CT2611270001',
  contractLineId: '801',
};

function Editor({ seen }: { seen: (lines: EditLine[]) => void }) {
  const [lines, setLines] = useState<EditLine[]>(() => [
    emptyLine({ materialId: '77', prdtNo: 'AL-HS-50', prdtName: 'Heat sink', unitName: 'pcs' }),
  ]);
  const [supplierId, setSupplierId] = useState('31');
  return (
    <>
      <button type="button" onClick={() => setSupplierId('32')}>
        other supplier
      </button>
      <LineEditor
        lines={lines}
        options={undefined}
        places={PLACES}
        supplierId={supplierId}
        onChange={(next) => {
          setLines(next);
          seen(next);
        }}
      />
    </>
  );
}

describe('an order line’s price from the price library (issue 22)', () => {
  it(
    'defaults to the contract price with its source, follows the breaks, and flags a typed price as manual',
    async () => {
      const fetchMock = vi
        .spyOn(globalThis, 'fetch')
        .mockImplementation(async (input) => envelope(String(input).includes('/material-prices/lookup') ? FOUND : []));
      let latest: EditLine[] = [];
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Editor seen={(l) => (latest = l)} />
        </QueryClientProvider>,
      );
      expect(await screen.findByText('Contract CT2611270001')).toBeTruthy();
      const lookup = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/lookup'))!;
      expect(lookup).toContain('materialId=77');
      expect(lookup).toContain('supplierId=31');
      const price = screen.getByLabelText(`${PO.fields.price}, line 1`) as HTMLInputElement;
      await waitFor(() => expect(price.value).toBe('2.9800'));
      expect(toLineInput(latest[0]!)).toMatchObject({ price: '2.98', taxRate: '13', contractLineId: '801' });

      fireEvent.change(screen.getByLabelText(`${PO.fields.qty}, line 1`), { target: { value: '6000' } });
      await waitFor(() => expect(toLineInput(latest[0]!).price).toBe('2.92'));
      expect(screen.queryByText(enUS.contracts.priceSource.manual)).toBeNull();

      fireEvent.change(price, { target: { value: '3.1' } });
      expect(await screen.findByText(enUS.contracts.priceSource.manual)).toBeTruthy();
      expect(toLineInput(latest[0]!)).toMatchObject({ price: '3.1', contractLineId: '801' });
    },
    SLOW,
  );

  it(
    'drops a library price when another supplier has none for the material',
    async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
        const url = String(input);
        if (!url.includes('/material-prices/lookup')) return envelope([]);
        return envelope(url.includes('supplierId=31') ? FOUND : null);
      });
      let latest: EditLine[] = [];
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Editor seen={(l) => (latest = l)} />
        </QueryClientProvider>,
      );
      expect(await screen.findByText('Contract CT2611270001')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'other supplier' }));
      await waitFor(() => expect(screen.queryByText('Contract CT2611270001')).toBeNull());
      expect(latest[0]).toMatchObject({ price: null, contractLineId: null });
    },
    SLOW,
  );
});
