import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { enUS } from '../../locales/en-US.ts';
import {
  defaultWarehouse,
  type EditLine,
  emptyLine,
  firstInvalidLine,
  fromLine,
  LineEditor,
  orderTotal,
  toLineInput,
  useLineErrors,
} from './LineEditor.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const T = enUS.purchaseOrders;
const PLACES = { quantity: 2, price: 4, amount: 2 };

/** The editor with its lines held in state, as the order and change forms hold them. */
function Editor({ initial, seen }: { initial: EditLine[]; seen: (lines: EditLine[]) => void }) {
  const [lines, setLines] = useState(initial);
  return (
    <LineEditor
      lines={lines}
      options={undefined}
      places={PLACES}
      onChange={(next) => {
        setLines(next);
        seen(next);
      }}
    />
  );
}

/** The editor as the order form uses it: sent, refused by the server, then edited. */
function Refused({ initial, refusal }: { initial: EditLine[]; refusal: unknown }) {
  const [lines, setLines] = useState(initial);
  const errors = useLineErrors();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          errors.sending(lines);
          errors.refused(refusal);
        }}
      >
        send
      </button>
      <LineEditor
        lines={lines}
        options={undefined}
        places={PLACES}
        errors={errors.errors}
        onChange={(next) => {
          errors.edited(lines, next);
          setLines(next);
        }}
      />
    </>
  );
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;

describe('LineEditor (issue 16)', () => {
  it(
    'keeps quantity, price and rate as the decimal text typed and previews the amount exactly',
    async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () =>
          new Response(JSON.stringify({ code: 0, msg: '', data: [] }), {
            headers: { 'content-type': 'application/json' },
          }),
      );
      let latest: EditLine[] = [];
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Editor initial={[emptyLine({ prdtNo: 'HS-060', prdtName: 'Heat sink' })]} seen={(l) => (latest = l)} />
        </QueryClientProvider>,
      );
      // Each cell's editor is named by its column and line.
      fireEvent.change(await screen.findByLabelText(`${T.fields.qty}, line 1`), { target: { value: '3' } });
      fireEvent.change(screen.getByLabelText(`${T.fields.price}, line 1`), { target: { value: '2.675' } });
      fireEvent.change(screen.getByLabelText(`${T.fields.taxRate}, line 1`), { target: { value: '13' } });
      // 3 × 2.675 = 8.025 → 8.03, where a binary float gives 8.02.
      expect(await screen.findByText('8.03')).toBeTruthy();
      expect(toLineInput(latest[0]!)).toMatchObject({ qty: '3', price: '2.675', taxRate: '13' });
      expect(JSON.stringify(toLineInput(latest[0]!))).toContain('"price":"2.675"');
    },
    SLOW,
  );

  it(
    "shows each refused field in its line's cell, in the server's words, and drops it once the line is edited",
    async () => {
      vi.spyOn(globalThis, 'fetch').mockImplementation(
        async () =>
          new Response(JSON.stringify({ code: 0, msg: '', data: [] }), {
            headers: { 'content-type': 'application/json' },
          }),
      );
      const places = 'Quantity allows at most 2 decimal places';
      const refusal = new ApiError('The submitted data is not valid', 400, 'VALIDATION_FAILED', [
        { path: 'lines.1.qty', message: places },
        { path: 'lines.1.qty', message: places },
        { path: 'lines.0.requestedDate', message: 'Enter a date' },
      ]);
      render(
        <QueryClientProvider client={new QueryClient()}>
          <Refused
            initial={[
              emptyLine({ prdtNo: 'A', prdtName: 'First', qty: '1' }),
              emptyLine({ prdtNo: 'B', prdtName: 'Second', qty: '2' }),
            ]}
            refusal={refusal}
          />
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'send' }));
      // Once each, beside its line; the summary names the lines as the user numbers them.
      expect(await screen.findAllByText(places)).toHaveLength(1);
      expect(screen.getByText('Enter a date')).toBeTruthy();
      expect(screen.queryByText(/lines\.1/)).toBeNull();
      expect(screen.getByRole('alert').textContent).toContain('1, 2');
      const qty = screen.getByLabelText(`${T.fields.qty}, line 2`);
      const row = qty.closest('.ant-table-row')!;
      expect(row.textContent).toContain(places);
      fireEvent.change(qty, { target: { value: '2.5' } });
      expect(screen.queryByText(places)).toBeNull();
      expect(screen.getByText('Enter a date')).toBeTruthy();
    },
    SLOW,
  );

  it('reads stored lines as text and names the first line that cannot be sent', () => {
    const stored = fromLine({
      lineNo: 2,
      materialId: null,
      prdtNo: 'AL-1',
      prdtName: 'Housing',
      prdtSpc: '',
      unitNo: '',
      unitName: 'pcs',
      qty: '1234567890123.5',
      price: '***',
      taxRate: '13.0625',
      requestedDate: '2027-01-20',
      warehouseId: null,
      remark: '',
      deliveredQty: '100.25',
    });
    // Digits a double would lose survive; a masked price is held back, not sent as a number.
    expect([stored.qty, stored.price, stored.taxRate, stored.deliveredQty, stored.priceHidden]).toEqual([
      '1234567890123.5',
      null,
      '13.0625',
      '100.25',
      true,
    ]);
    expect(firstInvalidLine([stored])).toBeNull();
    expect(firstInvalidLine([stored, { ...stored, lineNo: undefined, qty: '0' }])).toBe(2);
    expect(firstInvalidLine([{ ...stored, qty: null }])).toBe(2);
  });
});

describe('orderTotal (issue 18 §8)', () => {
  const line = (qty: string | null, price: string | null, taxRate: string | null) =>
    emptyLine({ prdtNo: 'A', prdtName: 'A', qty, price, taxRate });

  it('taxes each line as the server does and sums the lines exactly', () => {
    // 3 × 0.1 is 0.30000000000000004 as JS numbers; 1200 × 7319.4271 = 8,783,312.52 at 2 places.
    const lines = [line('3', '0.1', '13'), line('1200', '7319.4271', '13')];
    expect(orderTotal(lines, true, PLACES)).toEqual({ excl: '7772843.21', tax: '1010469.61', incl: '8783312.82' });
    // Tax-excluded prices: the tax is added on top of each line.
    expect(orderTotal([line('10', '2.5', '13')], false, PLACES)).toEqual({ excl: '25', tax: '3.25', incl: '28.25' });
  });

  it('counts a line still being typed as nothing, and a price the viewer may not see as unknown', () => {
    expect(orderTotal([line(null, '5', null), line('2', '', '13')], true, PLACES)).toEqual({
      excl: '0',
      tax: '0',
      incl: '0',
    });
    expect(orderTotal([line('2', '5', '13'), { ...line('1', null, '13'), priceHidden: true }], true, PLACES)).toBe(
      '***',
    );
  });

  it('gives a new line the first warehouse, and none when the enterprise has none', () => {
    const options = { warehouses: [{ id: '7', code: 'WH01', name: 'Raw materials' }] } as never;
    expect(defaultWarehouse(options)).toBe('7');
    expect(defaultWarehouse(undefined)).toBeNull();
  });
});
