import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient.ts';
import { enUS } from '../../locales/en-US.ts';
import { InviteDialog } from './InviteDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }), { status: 200 });

function renderDialog(answer?: () => Response) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).includes('/srm/departments/tree')) return ok([]);
    return answer?.() ?? ok({ id: '1', ...JSON.parse(String(init?.body ?? '{}')) });
  });
  const onClose = vi.fn();
  // The application's client: it places a refused request's field problems beside the form's fields.
  const client = answer ? createQueryClient() : new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <InviteDialog onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  const invites = () =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/srm/employees') && init?.method === 'POST');
  return { invites, onClose };
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: enUS.common.confirm }));
  });
};

describe('InviteDialog', () => {
  it('needs a mobile number or an e-mail address, each well formed (spec §5)', async () => {
    const { invites } = renderDialog();
    await submit();
    expect(await screen.findByText(enUS.organization.staff.contactRequired)).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText(enUS.auth.mobilePlaceholder), { target: { value: '12345' } });
    expect(await screen.findByText('Enter a valid mobile number')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(enUS.auth.mobilePlaceholder), { target: { value: '' } });

    fireEvent.change(screen.getByLabelText(enUS.organization.staff.email), { target: { value: 'not-an-email' } });
    await submit();
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(invites()).toHaveLength(0);
  }, 30_000);

  it('sends the invitation with an e-mail alone', async () => {
    const { invites, onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText(enUS.organization.staff.email), {
      target: { value: 'colleague@example.test' },
    });
    await submit();
    await waitFor(() => expect(invites()).toHaveLength(1));
    expect(JSON.parse(String(invites()[0][1]?.body))).toMatchObject({
      email: 'colleague@example.test',
      mobileArea: '+86',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 30_000);

  it('shows the server’s problem with a field beside that field, in the reader’s words', async () => {
    const refused = () =>
      new Response(
        JSON.stringify({
          code: 1,
          msg: 'The submitted data is not valid',
          errorCode: 'VALIDATION_FAILED',
          data: [{ path: 'email', message: '请输入有效的电子邮箱' }],
        }),
        { status: 400 },
      );
    const { invites, onClose } = renderDialog(refused);
    fireEvent.change(screen.getByLabelText(enUS.organization.staff.email), {
      target: { value: 'colleague@example.test' },
    });
    await submit();
    await waitFor(() => expect(invites()).toHaveLength(1));
    const problem = await screen.findByText('请输入有效的电子邮箱');
    expect(problem.closest('.ant-form-item')?.querySelector('#email')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  }, 30_000);
});
