import type { PotentialSupplierDetail, UserInfo } from '@concord/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { AuditDetailPage } from './AuditDetailPage.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const PROSPECT: PotentialSupplierDetail = {
  id: '500',
  code: 'PS00004',
  name: 'Kunshan Heat Sinks Co., Ltd.',
  contactName: 'Wu Min',
  mobileArea: '+86',
  mobile: '13912340004',
  email: 'wu.min@ksheatsinks.example',
  compNo: '',
  socialCreditCode: '',
  productDescription: 'Extruded heat sinks',
  supplierClassId: null,
  supplierClassName: null,
  requiredQualifications: ['ISO 9001 certificate'],
  attachments: [],
  auditState: 1,
  convertedSupplierId: null,
  ownerId: '1',
  ownerName: 'Wang Jianhua',
  lastScore: null,
  lastAuditedAt: null,
  version: 2,
  createdAt: '2027-01-01T08:00:00Z',
  updatedAt: '2027-01-02T08:00:00Z',
  audits: [],
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPage(permissions: string[], audited: () => Response = () => envelope(PROSPECT)) {
  useSession.setState({ token: 't', tenantId: '9', permissions, userInfo: { isAdmin: false } as unknown as UserInfo });
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) => (String(input).endsWith('/audits') ? audited() : envelope(PROSPECT)));
  const router = createMemoryRouter([{ path: '/purchase/supplier-audit/detail', element: <AuditDetailPage /> }], {
    initialEntries: ['/purchase/supplier-audit/detail?id=500'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  const audits = () =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/srm/potential-suppliers/500/audits'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
  return { audits };
}

const SLOW = 30_000;

describe('AuditDetailPage', () => {
  it(
    'asks for a comment when the audit fails, then records result, score and comment',
    async () => {
      const { audits } = renderPage(['PO_PG_SH']);
      expect(await screen.findByText('Kunshan Heat Sinks Co., Ltd.')).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByLabelText(enUS.sourcing.audit.results.fail));
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(enUS.sourcing.audit.submit) }));
      });
      expect(await screen.findByText(enUS.sourcing.audit.commentRequired)).toBeTruthy();
      expect(audits()).toHaveLength(0);

      await act(async () => {
        fireEvent.change(screen.getByLabelText(enUS.sourcing.audit.comment), { target: { value: 'No test lab' } });
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(enUS.sourcing.audit.submit) }));
      });
      await waitFor(() => expect(audits()).toHaveLength(1));
      expect(audits()[0]).toEqual({ result: 'fail', score: 80, comment: 'No test lab', attachments: [] });
    },
    SLOW,
  );

  it(
    'shows the server’s word on a field beside that field, in the reader’s language',
    async () => {
      const refused = () =>
        new Response(
          JSON.stringify({
            code: 1,
            msg: 'The submitted data is not valid',
            errorCode: 'VALIDATION_FAILED',
            data: [{ path: 'comment', message: 'At most 1000 characters' }],
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      const { audits } = renderPage(['PO_PG_SH'], refused);
      expect(await screen.findByText('Kunshan Heat Sinks Co., Ltd.')).toBeTruthy();
      await act(async () => {
        fireEvent.change(screen.getByLabelText(enUS.sourcing.audit.comment), { target: { value: 'Fine' } });
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: new RegExp(enUS.sourcing.audit.submit) }));
      });
      await waitFor(() => expect(audits()).toHaveLength(1));
      const problem = await screen.findByText('At most 1000 characters');
      expect(problem.closest('.ant-form-item')).toBe(
        screen.getByLabelText(enUS.sourcing.audit.comment).closest('.ant-form-item'),
      );
    },
    SLOW,
  );
});
