import {
  type InquiryComparison,
  type InquiryComparisonCell,
  QUOTATION_STATUS,
  INQUIRY_STATUS as S,
} from '@concord/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { awardInput, draftFrom, draftProblem } from './award.ts';
import { ComparisonPage } from './ComparisonPage.tsx';
import { click, envelope, initI18n, renderAt, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.inquiries;

const cell = (quotationId: string, price: string | null, leadDays: number, lowest: boolean): InquiryComparisonCell => ({
  quotationId,
  noBid: price === null,
  noBidReason: price === null ? 'Not our product' : '',
  unitPrice: price,
  taxRate: '13',
  priceExcl: price,
  priceIncl: price,
  breakPrice: null,
  amount: price,
  leadDays,
  moq: null,
  validUntil: null,
  priceBreaks: [],
  priceDeltaPct: null,
  lowest,
  awardQty: null,
  awardPrice: null,
  remark: '',
});

const column = (quotationId: string, supName: string) => ({
  quotationId,
  supplierId: `s${quotationId}`,
  supCode: `S${quotationId}`,
  supName,
  offline: false,
  status: QUOTATION_STATUS.SUBMITTED,
  submittedAt: null,
  quotedLines: 2,
  totalAmount: '0',
});

const lineOf = (n: number, cells: InquiryComparisonCell[]) => ({
  lineId: `L${n}`,
  lineNo: n,
  prdtNo: `AL-${n}`,
  prdtName: `Part ${n}`,
  prdtSpc: '',
  unitName: 'pcs',
  drawingNo: '',
  drawingVersion: null,
  qty: '1000',
  requiredDate: '2027-01-20',
  materialId: `${n}`,
  targetPrice: null,
  awardedQty: '0',
  awardReason: '',
  lastPrice: null,
  unawardedQty: '1000',
  cells,
});

// Line 1: A is cheaper, B is faster. Line 2: only B bids.
const COMPARISON: InquiryComparison = {
  id: '500',
  inquiryNo: 'RQ2611260001',
  title: 'Heat sinks Q1',
  status: S.OPENED,
  round: 1,
  version: 7,
  currency: 'CNY',
  taxIncluded: true,
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  columns: [column('A', 'Shenzhen Precision'), column('B', 'Suzhou Plastics')],
  lines: [
    lineOf(1, [cell('A', '3.1415', 20, true), cell('B', '3.5', 7, false)]),
    lineOf(2, [cell('A', null, 0, false), cell('B', '9', 10, true)]),
  ],
};

describe('award draft', () => {
  it('checks the draft with the shared rules: over-award, a bid that is none, a reason off the lowest', () => {
    expect(draftProblem(COMPARISON, {})?.code).toBe('INQUIRY_AWARD_EMPTY');
    const split = { L1: { qty: { A: '600', B: '400' }, reason: '' } };
    expect(draftProblem(COMPARISON, split)).toEqual({ code: 'INQUIRY_AWARD_REASON_REQUIRED', lineNo: 1 });
    expect(draftProblem(COMPARISON, { L1: { ...split.L1, reason: 'Second source' } })).toBeNull();
    expect(draftProblem(COMPARISON, { L1: { qty: { A: '1000', B: '1' }, reason: 'x' } })?.code).toBe(
      'INQUIRY_OVER_AWARD',
    );
    expect(draftProblem(COMPARISON, { L2: { qty: { A: '5' }, reason: 'x' } })?.code).toBe('INQUIRY_AWARD_NO_BID');
  });

  it('keeps typed reasons when a suggestion replaces the quantities, and sends only positive ones', () => {
    const draft = draftFrom([{ lineId: 'L1', quotationId: 'B', qty: '1000' }], {
      L1: { qty: { A: '1000' }, reason: 'Faster' },
      L2: { qty: { B: '0' }, reason: '' },
    });
    expect(awardInput(draft)).toEqual([
      { lineId: 'L1', allocations: [{ quotationId: 'B', qty: '1000' }], reason: 'Faster' },
    ]);
  });
});

function renderComparison(reply: () => Response) {
  return renderAt(<ComparisonPage />, '/prdiversion/pricecom/detail?id=500', ['PR_ION'], (url) =>
    url.endsWith('/comparison') ? reply() : envelope({ ordersMade: false, quotations: [] }),
  );
}

const awardCell = (supName: string, lineNo: number) =>
  screen.getByLabelText(`${T.fields.awardQty} ${supName}, line ${lineNo}`) as HTMLInputElement;

describe('ComparisonPage', () => {
  it(
    'fills the award from a suggestion, wants a reason for a split off the lowest, then sends it',
    async () => {
      const { sent } = renderComparison(() => envelope(COMPARISON));
      expect(await screen.findByText('RQ2611260001')).toBeTruthy();
      expect(screen.getAllByText(T.comparison.lowest)).toHaveLength(2);
      const submit = () => screen.getByRole('button', { name: T.actions.award });
      expect(submit()).toHaveProperty('disabled', true);
      await click(screen.getByRole('button', { name: T.actions.lowestPerLine }));
      expect(awardCell('Shenzhen Precision', 1).value).toBe('1000.00');
      expect(awardCell('Suzhou Plastics', 2).value).toBe('1000.00');
      expect(submit()).toHaveProperty('disabled', false);
      // Split line 1: 600 to the lowest, 400 to the faster one.
      fireEvent.change(awardCell('Shenzhen Precision', 1), { target: { value: '600' } });
      fireEvent.change(awardCell('Suzhou Plastics', 1), { target: { value: '400' } });
      expect(await screen.findByText(/Line 1 does not go \(only\) to the lowest bid/)).toBeTruthy();
      expect(submit()).toHaveProperty('disabled', true);
      fireEvent.change(screen.getByLabelText(`${T.fields.reason}, line 1`), { target: { value: 'Second source' } });
      await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
      await click(submit());
      await click(await screen.findByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/award')).toHaveLength(1));
      expect(sent('/actions/award')[0]).toEqual({
        version: 7,
        awards: [
          {
            lineId: 'L1',
            allocations: [
              { quotationId: 'A', qty: '600' },
              { quotationId: 'B', qty: '400' },
            ],
            reason: 'Second source',
          },
          { lineId: 'L2', allocations: [{ quotationId: 'B', qty: '1000' }], reason: '' },
        ],
      });
    },
    SLOW,
  );

  it(
    'says the bids are sealed when the server refuses the comparison before opening',
    async () => {
      renderComparison(() => envelope(null, 409, { errorCode: 'INQUIRY_SEALED', msg: 'sealed' }));
      expect(await screen.findByText(T.comparison.sealed)).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    },
    SLOW,
  );
});
