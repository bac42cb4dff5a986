import {
  type QualificationOptions,
  type QualificationRequirement,
  type UserInfo,
  validationMessage,
} from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { QualificationRequestPage } from './QualificationRequestPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.qualifications;

const OPTIONS: QualificationOptions = {
  suppliers: [
    { id: '31', supCode: 'S00001', supName: 'Precision Parts', supplierClassId: '5', onNetwork: true, blocked: false },
  ],
  classes: [{ id: '5', code: 'MACH', name: 'Machined parts' }],
  customers: [],
  expiringDays: 30,
};

const REQUIREMENT: QualificationRequirement = {
  id: '900',
  scopeType: 'class',
  scopeId: '5',
  scopeName: 'MACH Machined parts',
  supName: '',
  fileName: 'RoHS test report',
  description: 'Third-party report',
  fileType: 'Test report',
  isNecessary: true,
  validityType: '1',
  validDate: null,
  validQuantity: 2,
  templateFile: null,
  version: 1,
  updatedAt: '2027-01-01T00:00:00Z',
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage() {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: ['PO_SUP_RZ', 'PO_SUP_ARC'],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/options')) return envelope(OPTIONS);
    if (url.includes('/requirements/applicable')) return envelope([REQUIREMENT]);
    return envelope({ documentIds: ['1', '2'], skipped: [] });
  });
  const path = '/supplier/supfile/add-qualifications';
  const router = createMemoryRouter(
    [
      { path, element: <QualificationRequestPage /> },
      { path: '*', element: null },
    ],
    {
      initialEntries: [`${path}?supId=31`],
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
  const requests = () =>
    fetchMock.mock.calls
      .filter(([input, init]) => String(input).endsWith('/srm/qualification-documents') && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { requests };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

describe('QualificationRequestPage', () => {
  it('refuses an unnamed file, then sends the files taken from the requirements with their origin', async () => {
    const { requests } = renderPage();
    expect(await screen.findByText(/Request qualification documents from S00001 Precision Parts/)).toBeTruthy();

    await click(screen.getByRole('button', { name: new RegExp(T.request.send) }));
    expect(await screen.findByText(validationMessage('required', 'en-US'))).toBeTruthy();
    expect(requests()).toHaveLength(0);

    await click(screen.getByRole('button', { name: new RegExp(T.request.fromRequirements) }));
    const picker = await screen.findByRole('dialog');
    const row = (await within(picker).findByText('RoHS test report')).closest('tr')!;
    await click(within(row).getByRole('checkbox'));
    await click(within(picker).getByRole('button', { name: enUS.common.confirm }));
    // The empty block is replaced by the picked requirement.
    await waitFor(() => expect(screen.getByDisplayValue('RoHS test report')).toBeTruthy());

    await click(screen.getByRole('button', { name: new RegExp(T.request.send) }));
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(requests()[0]).toEqual({
      supplierIds: ['31'],
      supplierClassIds: [],
      send: true,
      items: [
        {
          requirementId: '900',
          fileName: 'RoHS test report',
          description: 'Third-party report',
          fileType: 'Test report',
          isNecessary: true,
          validityType: '1',
          validDate: null,
          validQuantity: 2,
          templateFile: null,
        },
      ],
    });
    expect(await screen.findByText('2 document request(s) created')).toBeTruthy();
  }, 120_000);
});
