import { type InquiryDetail, INQUIRY_STATUS as S } from '@concord/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { InquiryDetailPage } from './InquiryDetailPage.tsx';
import { click, envelope, initI18n, inquiryFixture, renderAt, SHOWN_LINE, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.inquiries;

function renderDetail(detail: InquiryDetail, permissions = ['PR_ION']) {
  return renderAt(<InquiryDetailPage />, `/prdiversion/inquirynote/detail?id=${detail.id}`, permissions, (url) =>
    envelope(url.includes('/actions/') ? { ...detail, version: detail.version + 1 } : detail),
  );
}

const button = (name: string) => screen.queryByRole('button', { name: new RegExp(`^(\\S+ )?${name}$`) });

describe('InquiryDetailPage', () => {
  it(
    'offers each status the steps of the machine, and nothing to a reader without PR_ION',
    async () => {
      const expected: [InquiryDetail['status'], string[], string[]][] = [
        [S.DRAFT, [T.actions.edit, T.actions.publish, T.actions.cancel], [T.actions.close, T.actions.open]],
        [S.PUBLISHED, [T.actions.extend, T.actions.close, T.actions.cancel], [T.actions.publish, T.actions.open]],
        [S.CLOSED, [T.actions.extend, T.actions.open, T.actions.cancel], [T.actions.close, T.actions['new-round']]],
        [S.OPENED, [T.actions['new-round'], T.actions.cancel, T.actions.compare], [T.actions.open, T.actions.extend]],
        [S.CANCELLED, [], [T.actions.cancel, T.actions.extend, T.actions.publish]],
      ];
      for (const [status, shown, hidden] of expected) {
        renderDetail(inquiryFixture(status));
        expect(await screen.findByText('RQ2611260001')).toBeTruthy();
        for (const name of shown) expect(button(name), `${status} ${name}`).toBeTruthy();
        for (const name of hidden) expect(button(name), `${status} ${name}`).toBeNull();
        cleanup();
        vi.restoreAllMocks();
      }
      renderDetail(inquiryFixture(S.PUBLISHED), []);
      expect(await screen.findByText('RQ2611260001')).toBeTruthy();
      expect(button(T.actions.close)).toBeNull();
    },
    SLOW,
  );

  it(
    'tells the buyer the bids are sealed and shows who submitted, never a price',
    async () => {
      renderDetail(inquiryFixture(S.PUBLISHED));
      expect(await screen.findByText(T.detail.sealedNote)).toBeTruthy();
      await click(screen.getByRole('tab', { name: /Quotations/ }));
      expect(await screen.findByText(T.quotationStatuses.submitted)).toBeTruthy();
      expect(screen.queryByText(/3\.1415/)).toBeNull();
    },
    SLOW,
  );

  it(
    'refuses an extension under an hour ahead and sends a later one with the version seen',
    async () => {
      const { sent } = renderDetail(inquiryFixture(S.PUBLISHED));
      expect(await screen.findByText('RQ2611260001')).toBeTruthy();
      await click(button(T.actions.extend)!);
      const dialog = await screen.findByRole('dialog');
      const field = within(dialog).getByLabelText(T.detail.newDeadline);
      const soon = dayjs().add(20, 'minute').format('YYYY-MM-DD HH:mm:ss');
      fireEvent.mouseDown(field);
      fireEvent.change(field, { target: { value: soon } });
      fireEvent.keyDown(field, { key: 'Enter' });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      // The hint stands under the field; the refusal repeats it as the field's error.
      await waitFor(() => expect(within(dialog).getAllByText(T.detail.deadlineHint).length).toBeGreaterThan(1), {
        timeout: 10_000,
      });
      expect(sent('/actions/extend')).toEqual([]);
      const later = dayjs().add(2, 'day').startOf('hour');
      fireEvent.mouseDown(field);
      fireEvent.change(field, { target: { value: later.format('YYYY-MM-DD HH:mm:ss') } });
      fireEvent.keyDown(field, { key: 'Enter' });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/extend')).toHaveLength(1), { timeout: 10_000 });
      expect(sent('/actions/extend')[0]).toEqual({ version: 3, deadline: later.toISOString() });
    },
    SLOW,
  );

  it(
    'cancels only with a reason',
    async () => {
      const { sent } = renderDetail(inquiryFixture(S.CLOSED));
      expect(await screen.findByText('RQ2611260001')).toBeTruthy();
      await click(button(T.actions.cancel)!);
      const dialog = await screen.findByRole('dialog');
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      expect(
        await within(dialog).findByText(T.detail.cancelReason, { selector: '.ant-form-item-explain-error' }),
      ).toBeTruthy();
      expect(sent('/actions/cancel')).toEqual([]);
      fireEvent.change(within(dialog).getByLabelText(T.detail.cancelReason), { target: { value: 'Project stopped' } });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/cancel')).toEqual([{ version: 3, reason: 'Project stopped' }]));
    },
    SLOW,
  );

  it(
    'records the quote of an offline supplier in a drawer: note, price, remark; prints the PDF',
    async () => {
      const offlineQuote = {
        ...inquiryFixture(S.PUBLISHED).quotations[0]!,
        id: '602',
        supplierId: '33',
        supCode: 'S00003',
        supName: 'Dongguan Cartons',
        offline: true,
        status: 0 as const,
        submittedAt: null,
      };
      const detail = inquiryFixture(S.PUBLISHED, {
        quotations: [...inquiryFixture(S.PUBLISHED).quotations, offlineQuote],
      });
      const quote = {
        id: '602',
        inquiryId: '500',
        inquiryNo: 'RQ2611260001',
        title: 'Heat sinks Q1',
        round: 1,
        status: 0,
        supplierId: '33',
        supCode: 'S00003',
        supName: 'Dongguan Cartons',
        customerTenantId: '9',
        customerName: 'Huaxin Electronics',
        offline: true,
        quoteDeadline: '2026-12-03T10:00:00Z',
        closed: false,
        currency: 'CNY',
        lineCount: 1,
        submittedAt: null,
        createdAt: '2026-11-26T08:00:00Z',
        side: 'buyer',
        buyerTimeZone: 'Asia/Shanghai',
        version: 1,
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
        revealed: false,
        recordedBy: null,
        recordedAt: null,
        recordAttachments: [],
        viewedAt: null,
        declinedAt: null,
        lines: [{ id: '902', ...SHOWN_LINE, remark: '', bid: null, awardQty: null, awardPrice: null }],
        history: [],
      };
      const urls: string[] = [];
      const { sent } = renderAt(<InquiryDetailPage />, '/prdiversion/inquirynote/detail?id=500', ['PR_ION'], (url) => {
        urls.push(url);
        if (url.endsWith('/pdf'))
          return new Response(new Blob(['%PDF-']), { headers: { 'content-type': 'application/pdf' } });
        if (url.includes('/srm/quotations/602')) return envelope({ ...quote, status: 2 });
        return envelope(detail);
      });
      await click(await screen.findByRole('tab', { name: /Quotations/ }));
      await click(await screen.findByRole('button', { name: new RegExp(T.actions.record) }));
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByText(T.record.note)).toBeTruthy();
      fireEvent.change(
        within(drawer).getByLabelText(
          enUS.lineTable.cell.replace('{{column}}', T.fields.unitPrice).replace('{{line}}', '1'),
        ),
        { target: { value: '2.95' } },
      );
      fireEvent.change(within(drawer).getByLabelText(T.fields.remark), { target: { value: 'By fax' } });
      await click(within(drawer).getByRole('button', { name: new RegExp(T.actions.record) }));
      await click(await screen.findByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/record')).toHaveLength(1));
      expect(sent('/actions/record')[0]).toEqual(
        expect.objectContaining({
          version: 1,
          remark: 'By fax',
          attachments: [],
          lines: [expect.objectContaining({ lineId: '902', unitPrice: '2.95' })],
        }),
      );
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
      vi.spyOn(window, 'open').mockReturnValue(null);
      await click(screen.getByRole('button', { name: new RegExp(T.actions.print) }));
      await waitFor(() => expect(urls.some((u) => u.endsWith('/srm/inquiries/500/pdf'))).toBe(true));
    },
    SLOW,
  );
});
