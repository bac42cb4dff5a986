import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, setupI18n } from '../../app/i18n.ts';
import { useSession } from '../../stores/session.ts';
import { AuthLanguageLinks } from './AuthLanguageLinks.tsx';

beforeAll(async () => {
  await setupI18n();
});

afterEach(async () => {
  vi.restoreAllMocks();
  useSession.getState().clear();
  await changeLocale('en-US');
});

type FetchMock = { mock: { calls: Parameters<typeof fetch>[] } };
const settingsCalls = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/admin/user/settings'));

async function choose(name: string) {
  render(<AuthLanguageLinks />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('choosing a language', () => {
  it('only switches the page for someone not signed in', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await choose('简体中文');
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
    expect(settingsCalls(fetchMock)).toHaveLength(0);
  });

  it('keeps a signed-in user’s choice in their settings without waiting for the save', async () => {
    useSession.setState({ token: 'token', expiresAt: Date.now() + 60_000 });
    // The save never answers: the switch must not wait for it.
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
    await choose('繁體中文');
    await waitFor(() => expect(i18n.language).toBe('zh-TW'));
    const [call] = settingsCalls(fetchMock);
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ language: 'zh-TW' });
    expect(useSession.getState().settings.language).toBe('zh-TW');
  });

  it('switches all the same when the save fails', async () => {
    useSession.setState({ token: 'token', expiresAt: Date.now() + 60_000 });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await choose('简体中文');
    await waitFor(() => expect(i18n.language).toBe('zh-CN'));
  });
});
