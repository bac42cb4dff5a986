import { type QuotationDetail, type QuotationLine, QUOTATION_STATUS as S } from '@concord/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { type BidDraft, bidProblem, QuotationPage } from './QuotationPage.tsx';
import { click, envelope, initI18n, renderAt, SHOWN_LINE, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.inquiries;

const bid = (extra: Partial<BidDraft> = {}): BidDraft => ({
  lineId: '1',
  noBid: false,
  noBidReason: '',
  unitPrice: '3.1415',
  taxRate: '13',
  leadDays: 14,
  moq: null,
  validUntil: null,
  priceBreaks: [],
  remark: '',
  ...extra,
});

describe('bidProblem', () => {
  it('wants every line priced or marked no bid with a reason, and breaks ascending', () => {
    expect(bidProblem([bid()])).toBeNull();
    expect(bidProblem([bid(), bid({ unitPrice: null })])).toEqual({ key: 'lineIncomplete', lineNo: 2 });
    expect(bidProblem([bid({ noBid: true, unitPrice: null })])).toEqual({ key: 'lineIncomplete', lineNo: 1 });
    expect(bidProblem([bid({ noBid: true, unitPrice: null, noBidReason: 'Not our product' })])).toBeNull();
    const breaks = [
      { minQty: '500', price: '3' },
      { minQty: '100', price: '3.1' },
    ];
    expect(bidProblem([bid({ priceBreaks: breaks })])).toEqual({ key: 'breaksAscending', lineNo: 1 });
    expect(bidProblem([bid({ priceBreaks: [...breaks].reverse() })])).toBeNull();
  });
});

const line: QuotationLine = {
  id: '901',
  ...SHOWN_LINE,
  remark: '',
  bid: null,
  awardQty: null,
  awardPrice: null,
};

const quotation = (status: QuotationDetail['status'], extra: Partial<QuotationDetail> = {}): QuotationDetail => ({
  id: '601',
  inquiryId: '500',
  inquiryNo: 'RQ2611260001',
  title: 'Heat sinks Q1',
  round: 1,
  status,
  supplierId: '31',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  offline: false,
  quoteDeadline: '2026-12-03T10:00:00Z',
  closed: false,
  currency: 'CNY',
  lineCount: 1,
  submittedAt: null,
  createdAt: '2026-11-26T08:00:00Z',
  side: 'supplier',
  buyerTimeZone: 'Asia/Shanghai',
  version: 2,
  sealed: true,
  taxIncluded: true,
  paymentTerms: '',
  deliveryAddress: '',
  remarks: '',
  attachments: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  remark: '',
  declineReason: '',
  revisionDiscarded: false,
  revealed: true,
  recordedBy: null,
  recordedAt: null,
  recordAttachments: [],
  viewedAt: null,
  declinedAt: null,
  lines: [line],
  history: [],
  ...extra,
});

function renderQuotation(q: QuotationDetail, timeZone?: string) {
  return renderAt(
    <QuotationPage />,
    `/inquiryoffer/offerin/detail?id=${q.id}`,
    ['QU_MA'],
    (_url, init) => envelope(init?.method === 'PUT' ? { ...q, version: q.version + 1 } : q),
    timeZone,
  );
}

const priceOf = () =>
  screen.getByLabelText(enUS.lineTable.cell.replace('{{column}}', T.fields.unitPrice).replace('{{line}}', '1'));

describe('QuotationPage', () => {
  it(
    'refuses to submit a line left open, then saves the typed price as text and submits with the saved version',
    async () => {
      const { sent } = renderQuotation(quotation(S.INVITED));
      expect(await screen.findByText('RQ2611260001')).toBeTruthy();
      await click(screen.getByRole('button', { name: new RegExp(T.actions.submit) }));
      expect(await screen.findByText(T.quotation.lineIncomplete.replace('{{lineNo}}', '1'))).toBeTruthy();
      expect(sent('/srm/quotations/601', 'PUT')).toEqual([]);
      fireEvent.change(priceOf(), { target: { value: '3.1415' } });
      await click(screen.getByRole('button', { name: new RegExp(T.actions.submit) }));
      await click(await screen.findByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/submit')).toEqual([{ version: 3 }]));
      const [saved] = sent('/srm/quotations/601', 'PUT');
      expect(saved.version).toBe(2);
      expect(saved.lines).toEqual([expect.objectContaining({ lineId: '901', noBid: false, unitPrice: '3.1415' })]);
    },
    SLOW,
  );

  it(
    'is read-only once quoting is over, and names the buyer zone beside the deadline',
    async () => {
      renderQuotation(
        quotation(S.SUBMITTED, {
          closed: true,
          lines: [
            {
              ...line,
              bid: {
                noBid: false,
                noBidReason: '',
                unitPrice: '3.1415',
                taxRate: '13',
                leadDays: 14,
                moq: null,
                validUntil: null,
                priceBreaks: [],
                remark: '',
              },
            },
          ],
        }),
        'Asia/Tokyo',
      );
      expect(await screen.findByText(T.quotation.closedNote)).toBeTruthy();
      expect(screen.getByText('2026-12-03 18:00:00 (Asia/Shanghai)')).toBeTruthy();
      expect(screen.getByText('3.1415')).toBeTruthy();
      expect(screen.queryByRole('button', { name: new RegExp(T.actions.submit) })).toBeNull();
      expect(screen.queryByRole('button', { name: new RegExp(T.actions.revise) })).toBeNull();
      expect(screen.queryAllByRole('spinbutton')).toEqual([]);
    },
    SLOW,
  );

  it(
    'imports bids from the filled-in template and lists every refused cell',
    async () => {
      const refused = () =>
        new Response(
          JSON.stringify({
            code: 1,
            msg: '2 errors were found in the file; nothing was imported',
            errorCode: 'IMPORT_ROWS_INVALID',
            data: [
              { row: 2, column: 'Unit price', reason: 'At most 4 decimal places' },
              { row: 4, column: 'Line', reason: '“9” does not exist' },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      renderAt(<QuotationPage />, '/inquiryoffer/offerin/detail?id=601', ['QU_MA'], (url) =>
        url.endsWith('/import') ? refused() : envelope(quotation(S.INVITED)),
      );
      expect(await screen.findByRole('button', { name: new RegExp(T.actions.template) })).toBeTruthy();
      await click(screen.getByRole('button', { name: new RegExp(T.actions.importBids) }));
      const dialog = await screen.findByRole('dialog');
      const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
      await act(async () => {
        fireEvent.change(input, { target: { files: [new File(['x'], 'bids.xlsx')] } });
      });
      expect(await within(dialog).findByText('Row 4, Line: “9” does not exist')).toBeTruthy();
      expect(within(dialog).getByText('Row 2, Unit price: At most 4 decimal places')).toBeTruthy();
    },
    SLOW,
  );
});
