import { INQUIRY_STATUS as S } from '@concord/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { InquiryDetailPage } from './InquiryDetailPage.tsx';
import { inviteeChoices, NewInquiryPage } from './InquiryEditor.tsx';
import { click, envelope, initI18n, inquiryFixture, renderAt, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.inquiries;
const OPTIONS = {
  suppliers: [{ id: '31', supCode: 'S00001', supName: 'Shenzhen Precision Parts', canReceive: true }],
  currencies: [],
  paymentConditions: [],
  warehouses: [],
  taxRates: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
};

const INVITEES = {
  suppliers: [
    { id: '31', supCode: 'S00001', supName: 'Shenzhen Precision Parts', offline: false },
    { id: '33', supCode: 'S00003', supName: 'Dongguan Cartons', offline: true },
  ],
  approved: [{ materialId: '77', supplierId: '33', supPrdtNo: 'DG-77', poLeadDateNum: 7, poQuotaRate: '40' }],
};

const DRAFT = inquiryFixture(S.DRAFT, {
  quoteDeadline: null,
  invitedCount: 0,
  submittedCount: 0,
  version: 2,
  quotations: [],
});

describe('InquiryEditor', () => {
  it(
    'sends nothing while the title, the suppliers or a line is missing',
    async () => {
      const { sent } = renderAt(<NewInquiryPage />, '/prdiversion/inquirynote/add', ['PR_ION'], (url) =>
        envelope(url.endsWith('/options') ? OPTIONS : url.includes('/invitee-options') ? INVITEES : []),
      );
      await click(await screen.findByRole('button', { name: new RegExp(T.actions.save) }));
      expect((await screen.findAllByText(/required|Required/)).length).toBeGreaterThanOrEqual(2);
      expect(sent('/srm/inquiries')).toEqual([]);
    },
    SLOW,
  );

  it(
    "puts the server's refusal of a line's quantity in its cell and the title's beside the title",
    async () => {
      const refusal = () =>
        new Response(
          JSON.stringify({
            code: 1,
            msg: 'refused',
            errorCode: 'VALIDATION',
            data: [
              { path: 'lines.0.qty', message: 'Quantity allows at most 2 decimal places' },
              { path: 'title', message: 'Title is too long' },
            ],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      const { sent } = renderAt(
        <InquiryDetailPage />,
        '/prdiversion/inquirynote/detail?id=500&mode=edit',
        ['PR_ION'],
        (url, init) => {
          if (url.endsWith('/options')) return envelope(OPTIONS);
          if (url.includes('/invitee-options')) return envelope(INVITEES);
          if (init?.method === 'PUT') return refusal();
          return envelope(url.includes('/materials') ? [] : DRAFT);
        },
      );
      await click(await screen.findByRole('button', { name: new RegExp(T.actions.save) }));
      await waitFor(() => expect(sent('/srm/inquiries/500', 'PUT')).toHaveLength(1));
      expect(sent('/srm/inquiries/500', 'PUT')[0]).toEqual(
        expect.objectContaining({
          version: 2,
          supplierIds: ['31'],
          lines: [expect.objectContaining({ materialId: '77', qty: '1000', targetPrice: '3.2' })],
        }),
      );
      expect(await screen.findByText('Quantity allows at most 2 decimal places')).toBeTruthy();
      expect(await screen.findByText('Title is too long')).toBeTruthy();
    },
    SLOW,
  );
});

describe('inviteeChoices', () => {
  it('puts the suppliers approved for more of the materials first and keeps the offline mark', () => {
    expect(inviteeChoices(INVITEES).map((c) => [c.id, c.offline, c.approvedFor])).toEqual([
      ['33', true, 1],
      ['31', false, 0],
    ]);
    expect(inviteeChoices(undefined)).toEqual([]);
  });

  it(
    'asks for the invitees of the lines’ materials and marks the offline and approved ones',
    async () => {
      const urls: string[] = [];
      renderAt(<InquiryDetailPage />, '/prdiversion/inquirynote/detail?id=500&mode=edit', ['PR_ION'], (url) => {
        urls.push(url);
        if (url.endsWith('/options')) return envelope(OPTIONS);
        if (url.includes('/invitee-options')) return envelope(INVITEES);
        return envelope(url.includes('/materials') ? [] : DRAFT);
      });
      await screen.findByText(T.actions.inviteApproved);
      expect(urls.some((u) => u.includes('/invitee-options?materialIds=77'))).toBe(true);
      await click(screen.getByText(T.actions.inviteApproved));
      expect(await screen.findByText(`S00003 Dongguan Cartons · ${T.invitees.offline}`)).toBeTruthy();
    },
    SLOW,
  );
});
