import type { Material, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { MaterialDetailPage } from './MaterialDetailPage.tsx';
import { MaterialFormPage } from './MaterialFormPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

/** As the server sends it: numeric columns as their decimal text. */
const MATERIAL: Material = {
  id: '11',
  prdtNo: 'AL-CASE-120',
  prdtName: 'Aluminium housing',
  prdtSpc: '',
  englishName: '',
  classId: null,
  className: null,
  classCode: null,
  erpClassCode: '',
  poUnitNo: 'PCS',
  poUnitName: 'Pieces',
  valuationUnitNo: 'PCS',
  valuationUnitName: 'Pieces',
  poLeadDateNum: 7,
  isCheck: false,
  warehouseId: null,
  warehouseCode: null,
  warehouseName: null,
  taxRateCode: 'VAT13',
  taxRate: '13.00',
  minOrderQty: '1050.5000',
  minPackQty: '185.4000',
  orderOverRate: '2.50',
  status: 1,
  remarks: '',
  version: 3,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderAt(path: string, element: React.ReactNode) {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: ['CF_BAS'],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname.endsWith('/srm/decimal-places')) {
      return json({
        settings: [
          { kind: 'quantity', places: 2 },
          { kind: 'price', places: 4 },
          { kind: 'amount', places: 2 },
        ],
        version: 1,
      });
    }
    if (url.pathname.endsWith('/srm/materials/11')) {
      return json(init?.method === 'PUT' ? { ...MATERIAL, version: 4 } : MATERIAL);
    }
    if (/\/srm\/materials\/\d+$/.test(url.pathname)) {
      return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    return json({ dataList: [], totalCount: 0 });
  });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
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

describe('material quantities and rates (issue 16)', () => {
  it('edits them as decimal strings and sends strings, never JSON numbers', async () => {
    const fetchMock = renderAt('/form?id=11', <MaterialFormPage />);
    const minOrder = (await screen.findByLabelText('Min. order quantity')) as HTMLInputElement;
    await waitFor(() => expect(minOrder.value).toBe('1050.50'));
    fireEvent.change(minOrder, { target: { value: '2000.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')!;
    const body = JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>;
    expect(body).toMatchObject({ minOrderQty: '2000.25', orderOverRate: '2.50', version: 3 });
    expect(typeof body.minPackQty).toBe('string');
  });

  it('shows them through the one formatter: separators, places and %', async () => {
    renderAt('/detail?id=11', <MaterialDetailPage />);
    expect(await screen.findByText('1,050.50')).toBeTruthy();
    expect(screen.getByText('185.40')).toBeTruthy();
    expect(screen.getByText('2.50 %')).toBeTruthy();
    expect(screen.getByText('VAT13 (13.00 %)')).toBeTruthy();
  });
});

describe('material detail without a material', () => {
  it('says a link without an id names no material, instead of loading for ever', async () => {
    const fetchMock = renderAt('/detail', <MaterialDetailPage />);
    expect(await screen.findByText(enUS.materials.detail.notFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(enUS.materials.detail.back) })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/srm/materials/'))).toBe(false);
  });

  it('says so too for an id the server does not know', async () => {
    renderAt('/detail?id=12', <MaterialDetailPage />);
    expect(await screen.findByText(enUS.materials.detail.notFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
