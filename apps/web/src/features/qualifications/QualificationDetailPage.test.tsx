import { QUALIFICATION_STATUS, type QualificationDetail, type UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { QualificationDetailPage } from './QualificationDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.qualifications;
const S = QUALIFICATION_STATUS;
const file = (n: number) => ({ name: `cert-${n}.pdf`, url: `/gateway/system/oss/file/${String(n).repeat(32)}.pdf` });
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

const DOC: QualificationDetail = {
  id: '700',
  side: 'buyer',
  fileCode: 'QF00042',
  fileName: 'ISO 9001 certificate',
  description: 'Certificate of the production site',
  fileType: 'Certificate',
  isNecessary: true,
  validityType: '1',
  fileDqDate: day(300),
  validQuantity: 2,
  status: S.TO_BE_CONFIRMED,
  result: null,
  documentCode: 'CN-0042',
  buildDate: day(-65),
  submitTime: '2027-01-10T08:00:00Z',
  createdAt: '2027-01-09T08:00:00Z',
  updatedAt: '2027-01-10T08:00:00Z',
  supplierId: '31',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  attachmentCount: 2,
  ownerName: 'Wang Jianhua',
  templateFile: null,
  attachments: [file(1), file(2)],
  resultComment: '',
  requirementId: null,
  version: 3,
  history: [
    {
      at: '2027-01-09T08:00:00Z',
      side: 'buyer',
      actor: 'Wang Jianhua',
      own: true,
      party: 'Huaxin Electronics',
      summary: 'requested the qualification document QF00042 "Business licence" from supplier Shenzhen Precision Parts',
    },
  ],
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(doc: QualificationDetail, permissions: string[], path = '/supplier/qualification/detail') {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/options')) return envelope({ suppliers: [], classes: [], customers: [], expiringDays: 30 });
    if (url.includes('/actions/')) return envelope({ ...doc, status: S.RETURNED });
    return envelope(doc);
  });
  const router = createMemoryRouter([{ path, element: <QualificationDetailPage /> }], {
    initialEntries: [`${path}?id=${doc.id}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const posted = (action: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith(`/srm/qualification-documents/${doc.id}/actions/${action}`))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { posted };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 120_000;

describe('QualificationDetailPage, buyer side', () => {
  it(
    'offers the steps of the transition table and asks the reason of a fail',
    async () => {
      const { posted } = renderPage(DOC, ['PO_SUP_RZ']);
      expect(await screen.findByText('QF00042')).toBeTruthy();
      expect(screen.getByText('cert-2.pdf')).toBeTruthy();
      // The history says who took each step, for which side — the reader's own as "us" — and what.
      expect(screen.getByText(/ · Wang Jianhua · Us$/)).toBeTruthy();
      expect(screen.getByText(/^requested the qualification document QF00042 /)).toBeTruthy();
      // To be confirmed: pass, fail, invalidate; nothing of the supplier's and no edit.
      for (const name of [T.actions.pass, T.actions.fail, T.actions.invalidate]) {
        expect(screen.getByRole('button', { name })).toBeTruthy();
      }
      for (const name of [T.actions.send, T.actions.withdraw, T.actions.edit, T.actions.withdrawReply]) {
        expect(screen.queryByRole('button', { name })).toBeNull();
      }

      await click(screen.getByRole('button', { name: T.actions.fail }));
      await click(await screen.findByRole('button', { name: enUS.common.confirm }));
      expect(await screen.findByText(T.fail.commentRequired)).toBeTruthy();
      expect(posted('fail')).toHaveLength(0);

      await act(async () => {
        fireEvent.change(screen.getByLabelText(T.fail.comment), { target: { value: 'Certificate has expired' } });
      });
      await click(screen.getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(posted('fail')).toEqual([{ comment: 'Certificate has expired' }]));
    },
    SLOW,
  );

  it(
    'shows a reader without PO_SUP_RZ the document but no step',
    async () => {
      renderPage({ ...DOC, status: S.DRAFT }, ['PO_SUP_ARC']);
      expect(await screen.findByText('QF00042')).toBeTruthy();
      for (const name of Object.values(T.actions)) expect(screen.queryByRole('button', { name })).toBeNull();
    },
    SLOW,
  );

  it(
    'answers "not found" for a document of the other side on this route',
    async () => {
      renderPage({ ...DOC, side: 'supplier' }, ['PO_SUP_RZ', 'SL_CUS']);
      expect(await screen.findByText(T.detail.notFound)).toBeTruthy();
    },
    SLOW,
  );
});

describe('QualificationDetailPage, supplier side', () => {
  const returned: QualificationDetail = {
    ...DOC,
    side: 'supplier',
    status: S.RETURNED,
    result: 'fail',
    resultComment: 'Second page missing',
    attachments: [file(1)],
    buildDate: day(1),
  };

  it(
    'checks the reply like the server before sending it',
    async () => {
      const { posted } = renderPage(returned, ['SL_CUS'], '/sale/customer/detail');
      expect(await screen.findByText(T.reply.title)).toBeTruthy();
      // The buyer's reason is shown; the supplier cannot pass its own document.
      expect(screen.getAllByText(/Second page missing/).length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: T.actions.pass })).toBeNull();

      await click(screen.getByRole('button', { name: new RegExp(T.reply.submit) }));
      expect(await screen.findByText('Attach at least 2 file(s)')).toBeTruthy();
      expect(await screen.findByText(T.reply.buildDateFuture)).toBeTruthy();
      expect(posted('reply')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'sends files, document code and build date, and shows the due date they give',
    async () => {
      const ready = { ...returned, attachments: [file(1), file(2)], buildDate: day(-10) };
      const { posted } = renderPage(ready, ['SL_CUS'], '/sale/customer/detail');
      expect(await screen.findByText(T.reply.title)).toBeTruthy();
      const due = dayjs().add(-10, 'day').add(1, 'year').format('YYYY-MM-DD');
      expect(screen.getByText(`Valid until ${due}`)).toBeTruthy();

      await click(screen.getByRole('button', { name: new RegExp(T.reply.submit) }));
      await waitFor(() =>
        expect(posted('reply')).toEqual([
          { attachments: [file(1), file(2)], documentCode: 'CN-0042', buildDate: day(-10) },
        ]),
      );
    },
    SLOW,
  );
});
