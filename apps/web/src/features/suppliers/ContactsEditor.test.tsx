import type { SupplierContactsView } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { ContactsEditor } from './ContactsEditor.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const contact = (id: string, name: string, isPrimary: boolean) => ({
  id,
  name,
  position: '',
  mobile: '',
  email: '',
  weChatNumber: '',
  connectFax: '',
  isPrimary,
});

const reply = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SLOW = 30_000;

describe('ContactsEditor', () => {
  it(
    'saves with the version it read; on 409 it shows the list the other editor saved',
    async () => {
      useSession.setState({ token: 't', tenantId: '9', permissions: ['PO_SUP_ARC'] });
      const read: SupplierContactsView = { version: 3, contacts: [contact('1', 'Wu Gang', true)] };
      const theirs: SupplierContactsView = {
        version: 4,
        contacts: [contact('1', 'Wu Gang', true), contact('2', 'Qian Li', false)],
      };
      let current = read;
      const puts: unknown[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          current = theirs;
          return reply(409, { code: 1, msg: 'Changed by someone else', errorCode: 'CONFLICT' });
        }
        return reply(200, { code: 0, msg: '', data: current });
      });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <App>
            <ContactsEditor supplierId="7" editable />
          </App>
        </QueryClientProvider>,
      );
      const name = await screen.findByDisplayValue('Wu Gang');
      await act(async () => {
        fireEvent.change(name, { target: { value: 'Wu Gang (sales)' } });
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: enUS.common.save }));
      });
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toMatchObject({ version: 3, contacts: [{ name: 'Wu Gang (sales)', isPrimary: true }] });
      // The refused edit gives way to what was saved meanwhile, so nothing of it is overwritten blindly.
      expect(await screen.findByDisplayValue('Qian Li')).toBeTruthy();
      expect(screen.getByDisplayValue('Wu Gang')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows each contact’s problem in its own cell: its own checks before sending, the server’s after',
    async () => {
      useSession.setState({ token: 't', tenantId: '9', permissions: ['PO_SUP_ARC'] });
      const read: SupplierContactsView = {
        version: 3,
        contacts: [contact('1', 'Wu Gang', true), contact('2', 'Qian Li', false)],
      };
      const puts: unknown[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return reply(400, {
            code: 1,
            msg: 'The submitted data is not valid',
            errorCode: 'VALIDATION_FAILED',
            data: [{ path: 'contacts.1.email', message: 'This address is already a contact' }],
          });
        }
        return reply(200, { code: 0, msg: '', data: read });
      });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <App>
            <ContactsEditor supplierId="7" editable />
          </App>
        </QueryClientProvider>,
      );
      await screen.findByDisplayValue('Qian Li');
      const mobiles = screen.getAllByLabelText(enUS.partners.contacts.mobile);
      await act(async () => {
        fireEvent.change(mobiles[0]!, { target: { value: '123' } });
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: enUS.common.save }));
      });
      expect(await screen.findByText('Enter a valid mobile number')).toBeTruthy();
      expect(puts).toHaveLength(0);

      // Corrected, the list goes; the server's objection lands under the second contact's e-mail.
      await act(async () => {
        fireEvent.change(mobiles[0]!, { target: { value: '13800000001' } });
      });
      expect(screen.queryByText('Enter a valid mobile number')).toBeNull();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: enUS.common.save }));
      });
      await waitFor(() => expect(puts).toHaveLength(1));
      const problem = await screen.findByText('This address is already a contact');
      const emails = screen.getAllByLabelText(enUS.partners.contacts.email);
      expect(problem.closest('td')).toBe(emails[1]!.closest('td'));
      expect(emails[1]!.closest('.ant-input-status-error, .ant-input-affix-wrapper-status-error')).toBeTruthy();
    },
    SLOW,
  );
});
