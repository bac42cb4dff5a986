import { type ContractDetail, CONTRACT_STATUS as S, type UserInfo } from '@concord/shared';
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

/** Answers each request with `answer`; `sent` reads back the bodies sent to a path. */
export function renderAt(
  element: ReactElement,
  url: string,
  permissions: string[],
  answer: (url: string, init: RequestInit | undefined) => Response,
) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
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

/** CT2611270001 with Shenzhen Precision Parts: AL-HS-50 at 2.98 with two breaks, cap 50,000; version 4. */
export const contractFixture = (
  status: ContractDetail['status'],
  extra: Partial<ContractDetail> = {},
): ContractDetail => ({
  id: '700',
  contractNo: 'CT2611270001',
  kind: 'framework',
  title: 'Heat sinks 2026',
  supplierId: '31',
  supCode: 'S00001',
  supName: 'Shenzhen Precision Parts',
  customerTenantId: '9',
  customerName: 'Huaxin Electronics',
  status,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  currency: 'CNY',
  taxIncluded: true,
  amountCap: '150000',
  lineCount: 1,
  ownerName: 'Wang Jianhua',
  createdAt: '2026-11-27T01:00:00Z',
  updatedAt: '2026-11-27T01:00:00Z',
  sentAt: status === S.DRAFT ? null : '2026-11-27T02:00:00Z',
  side: 'buyer',
  buyerTimeZone: 'Asia/Shanghai',
  paymentTerms: 'Net 60 days',
  terms: 'Deliveries follow the buyer’s schedule.',
  attachments: [],
  returnReason: '',
  terminateReason: '',
  signedAt: null,
  countersignedAt: null,
  endedAt: null,
  decimalPlaces: { quantity: 2, price: 4, amount: 2 },
  version: 4,
  lines: [
    {
      id: '801',
      lineNo: 1,
      materialId: '77',
      prdtNo: 'AL-HS-50',
      prdtName: 'Heat sink',
      prdtSpc: '50 mm',
      unitNo: 'PCS',
      unitName: 'pcs',
      price: '2.98',
      taxRate: '13',
      priceBreaks: [
        { minQty: '5000', price: '2.92' },
        { minQty: '20000', price: '2.85' },
      ],
      qtyCap: '50000',
      orderedQty: '12000',
      remainingQty: '38000',
      remark: '',
    },
  ],
  history: [],
  ...extra,
});
