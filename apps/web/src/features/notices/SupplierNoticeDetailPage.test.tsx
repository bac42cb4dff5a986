import type { NoticeBuyerDetail, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { SupplierNoticeDetailPage } from './SupplierNoticeDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const recipient = {
  supCode: 'S001',
  supplierTenantId: '20',
  delivery: 'platform' as const,
  readAt: null,
  reply: '',
  replyAttachments: [],
  repliedAt: null,
  version: 1,
};

const NOTICE: NoticeBuyerDetail = {
  side: 'buyer',
  id: '100',
  noticeNo: 'NT00007',
  title: 'Spring Festival',
  content: '<p>Closed from <b>5 February</b></p>',
  attachments: [],
  needReply: true,
  status: 1,
  publishedAt: '2027-01-10T08:00:00Z',
  buyerTimeZone: 'Asia/Shanghai',
  createdAt: '2027-01-09T08:00:00Z',
  updatedAt: '2027-01-10T08:00:00Z',
  supplierClasses: [],
  ownerName: 'Wang Jianhua',
  version: 2,
  recipients: [
    {
      ...recipient,
      id: 'r1',
      supplierId: 's1',
      supName: 'Precision Parts',
      status: 2,
      reply: 'Noted, last shipment 2 Feb',
    },
    { ...recipient, id: 'r2', supplierId: 's2', supCode: 'S002', supName: 'Suzhou Plastics', status: 0 },
  ],
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(notice: NoticeBuyerDetail, permissions: string[]) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = String(input);
    if (path.includes('/actions/')) return envelope({ notice: { ...notice, status: 2 }, emailed: 0 });
    return envelope(notice);
  });
  const router = createMemoryRouter(
    [{ path: '/supplier/supnotificate/detail', element: <SupplierNoticeDetailPage /> }],
    {
      initialEntries: [`/supplier/supnotificate/detail?id=${notice.id}`],
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return fetchMock;
}

// antd's first render in jsdom takes seconds on a small machine.
const SLOW = 30_000;

describe('SupplierNoticeDetailPage', () => {
  it(
    'shows who read and who replied, and offers the buttons of the transition table',
    async () => {
      const fetchMock = renderPage(NOTICE, ['PO_SUP_CAT_EDIT', 'PO_SUP_CAT_ADD']);
      expect(await screen.findByText('Noted, last shipment 2 Feb')).toBeTruthy();
      expect(screen.getByText('5 February').tagName).toBe('B');
      expect(screen.getAllByText(enUS.notices.recipientStatuses.replied).length).toBeGreaterThan(0);
      expect(screen.getAllByText(enUS.notices.recipientStatuses.unread).length).toBeGreaterThan(0);
      // Published: withdraw and abolish, never publish again; the replied row can be returned.
      expect(screen.queryByRole('button', { name: enUS.notices.actions.publish })).toBeNull();
      expect(screen.getByRole('button', { name: enUS.notices.actions.abolish })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: enUS.notices.actions.return })).toHaveLength(1);

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: enUS.notices.actions.withdraw }));
      });
      const ok = await screen.findByRole('button', { name: enUS.common.confirm });
      await act(async () => {
        fireEvent.click(ok);
      });
      await waitFor(() =>
        expect(
          fetchMock.mock.calls.some(([input]) => String(input).endsWith('/srm/notices/100/actions/withdraw')),
        ).toBe(true),
      );
    },
    SLOW,
  );

  it(
    'offers no state change to a reader without PO_SUP_CAT_ADD',
    async () => {
      renderPage({ ...NOTICE, status: 0 }, ['PO_SUP_CAT_EDIT']);
      expect(await screen.findByText('NT00007')).toBeTruthy();
      expect(screen.queryByRole('button', { name: enUS.notices.actions.publish })).toBeNull();
      expect(screen.queryByRole('button', { name: enUS.notices.actions.abolish })).toBeNull();
    },
    SLOW,
  );
});
