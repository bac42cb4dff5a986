import type { EnterpriseInfo, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { EnterpriseEditForm } from './EnterpriseEditForm.tsx';

const L = enUS.enterprise;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const INFO: EnterpriseInfo = {
  id: '1',
  compNo: '10000001',
  inviteCode: '123456',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  name: 'Huaxin Electronics Co., Ltd.',
  shortName: 'Huaxin',
  profile: '',
  printName: '',
  socialCreditCode: '',
  industry: '',
  scale: '',
  legalPerson: '',
  bankName: '',
  bankAccount: '',
  contractTerms: '',
  contractCapWarning: false,
  address: '',
  phone: '',
  isDataCentre: false,
  subsidiaries: [],
  divisions: [],
  rankTypes: ['first', 'middle', 'last'],
  timeZone: 'Asia/Shanghai',
  capabilities: [],
};

describe('EnterpriseEditForm', () => {
  it('chooses the enterprise’s time zone from a searchable list and saves it', async () => {
    useSession.setState({
      token: 't',
      tenantId: '1',
      userInfo: { tenant: { id: '1', name: 'Huaxin', compNo: '10000001', timeZone: 'Asia/Shanghai' } } as UserInfo,
    });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (_input, init) =>
        new Response(JSON.stringify({ code: 0, msg: '', data: { ...INFO, ...JSON.parse(String(init?.body)) } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <EnterpriseEditForm info={INFO} onDone={onDone} />
        </App>
      </QueryClientProvider>,
    );
    const zone = screen.getByRole('combobox', { name: L.timeZone });
    expect(screen.getByText(L.timeZoneHint)).toBeTruthy();
    expect(screen.getByTitle('Asia/Shanghai')).toBeTruthy();
    await act(async () => {
      fireEvent.mouseDown(zone);
    });
    await act(async () => {
      fireEvent.change(zone, { target: { value: 'tokyo' } });
    });
    // Typing narrows some four hundred zones to the one.
    const [option, ...others] = document.querySelectorAll('.ant-select-item-option');
    expect([option?.textContent, others.length]).toEqual(['Asia/Tokyo', 0]);
    fireEvent.click(option!);
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({ timeZone: 'Asia/Tokyo', version: 3 });
    // The screens show instants in the new zone at once.
    expect(useSession.getState().userInfo?.tenant?.timeZone).toBe('Asia/Tokyo');
  }, 30_000);
});
