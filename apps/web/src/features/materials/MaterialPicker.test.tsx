import type { MaterialOption, UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { MaterialPicker, PICKER_DEBOUNCE_MS } from './MaterialPicker.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const RESISTOR: MaterialOption = {
  id: '11',
  prdtNo: 'R-0603-10K',
  prdtName: '贴片电阻',
  prdtSpc: '10kΩ ±1% 0603',
  poUnitNo: 'PCS',
  poUnitName: '个 Pieces',
  status: 1,
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function renderPicker(onChange = vi.fn()) {
  useSession.setState({
    token: 't',
    tenantId: '9',
    permissions: ['PO_SYN'],
    userInfo: { isAdmin: false } as unknown as UserInfo,
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const q = new URL(String(input), 'http://x').searchParams.get('q') ?? '';
    return envelope(q === 'tpdz' ? [RESISTOR] : []);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MaterialPicker onChange={onChange} />
    </QueryClientProvider>,
  );
  const searches = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((u) => u.pathname.endsWith('/srm/materials/search'))
      .map((u) => u.searchParams.get('q') ?? '');
  return { searches, onChange };
}

describe('MaterialPicker', () => {
  it('asks the server once per pause in typing and hands back the whole option', async () => {
    const { searches, onChange } = renderPicker();
    const input = screen.getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(input);
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let option: HTMLElement;
    try {
      for (const text of ['t', 'tp', 'tpd', 'tpdz']) {
        await act(async () => {
          fireEvent.change(input, { target: { value: text } });
        });
      }
      await act(async () => {
        vi.advanceTimersByTime(PICKER_DEBOUNCE_MS + 10);
      });
      // Still on fake time: the query's answer is delivered through timers scheduled meanwhile, which
      // switching back to real timers too early would drop (the picker then spins for ever).
      option = await screen.findByText('R-0603-10K · 贴片电阻 · 10kΩ ±1% 0603');
    } finally {
      vi.useRealTimers();
    }
    // The first load (empty query) and one search for the finished word; none for t, tp, tpd.
    await waitFor(() => expect(searches()).toEqual(['', 'tpdz']));
    await act(async () => {
      fireEvent.click(option);
    });
    expect(onChange).toHaveBeenCalledWith('11', RESISTOR);
  });

  it('says when nothing matches', async () => {
    renderPicker();
    const input = screen.getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: 'zzzz' } });
    });
    expect(await screen.findByText(enUS.materials.picker.noMatch, undefined, { timeout: 3000 })).toBeTruthy();
  });
});
