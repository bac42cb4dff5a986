import { type InquiryDetail, QUOTATION_STATUS, type UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';

/** What the web tests of this feature share: i18n, a session, fetch answered per route, the page rendered. */
export const initI18n = () =>
  i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });

export const envelope = (data: unknown, status = 200, extra: object = {}) =>
  new Response(JSON.stringify({ code: status === 200 ? 0 : 1, msg: '', data, ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Answers each request with the first matching route's reply; records every call. */
export function renderAt(
  element: ReactElement,
  url: string,
  permissions: string[],
  answer: (url: string, init: RequestInit | undefined) => Response,
  timeZone?: string,
) {
  const userInfo = { isAdmin: false, tenant: timeZone ? { timeZone } : undefined } as unknown as UserInfo;
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo });
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input, init) => answer(String(input), init as RequestInit | undefined));
  const path = url.split('?')[0]!;
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  /** The bodies sent to URLs ending with `suffix` by `method`. */
  const sent = (suffix: string, method = 'POST') =>
    fetchMock.mock.calls
      .filter(([input, init]) => String(input).endsWith(suffix) && ((init as RequestInit)?.method ?? 'GET') === method)
      .map(([, init]) => JSON.parse(String((init as RequestInit).body ?? 'null')));
  return { sent };
}

export const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

// antd's first render in jsdom takes seconds on a small machine.
export const SLOW = 120_000;

/** An inquiry line as both sides see it (AL-HS-50, 1000 pcs). */
export const SHOWN_LINE = {
  lineNo: 1,
  prdtNo: 'AL-HS-50',
  prdtName: 'Heat sink',
  prdtSpc: '',
  unitName: 'pcs',
  drawingNo: '',
  drawingVersion: null,
  qty: '1000',
  requiredDate: '2027-01-20',
};

/** RQ2611260001 to Shenzhen Precision Parts, which has submitted; version 3. */
export const inquiryFixture = (status: InquiryDetail['status'], extra: Partial<InquiryDetail> = {}): InquiryDetail => ({
  id: '500',
  inquiryNo: 'RQ2611260001',
  title: 'Heat sinks Q1',
  status,
  round: 1,
  quoteDeadline: '2026-12-03T10:00:00Z',
  sealed: true,
  currency: 'CNY',
  lineCount: 1,
  invitedCount: 2,
  submittedCount: 1,
  ownerName: 'Wang Jianhua',
  createdAt: '2026-11-26T08:00:00Z',
  publishedAt: null,
  openedAt: null,
  awardedAt: null,
  version: 3,
  taxIncluded: true,
  paymentTerms: 'Net 60',
  deliveryAddress: 'Suzhou',
  remarks: '',
  attachments: [],
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  cancelReason: '',
  closedAt: null,
  ordersMade: false,
  suppliers: [{ supplierId: '31', supCode: 'S00001', supName: 'Shenzhen Precision Parts', offline: false }],
  lines: [
    {
      id: '901',
      ...SHOWN_LINE,
      materialId: '77',
      targetPrice: '3.2',
      awardedQty: '0',
      awardReason: '',
      remark: '',
    },
  ],
  quotations: [
    {
      id: '601',
      supplierId: '31',
      supCode: 'S00001',
      supName: 'Shenzhen Precision Parts',
      offline: false,
      round: 1,
      status: QUOTATION_STATUS.SUBMITTED,
      viewedAt: null,
      submittedAt: '2026-11-26T09:00:00Z',
      declinedAt: null,
      declineReason: '',
      orderId: null,
      orderNo: '',
      recordedBy: null,
      recordedAt: null,
    },
  ],
  history: [],
  ...extra,
});
