import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Form } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { SearchActions } from './SearchActions.tsx';
import { useListChrome } from './useListChrome.ts';
import { useListParams } from './useListParams.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(cleanup);

const allColumns = [
  { key: 'code', title: 'Code' },
  { key: 'name', title: 'Name' },
];

describe('useListChrome', () => {
  it('shows the search form and every column until the toolbar changes them', () => {
    const { result } = renderHook(() => useListChrome(allColumns));
    expect(result.current.searchVisible).toBe(true);
    expect(result.current.columns.map((c) => c.key)).toEqual(['code', 'name']);
    expect(result.current.toolbarProps.columns).toEqual(allColumns);

    act(() => result.current.toolbarProps.onToggleSearch());
    act(() => result.current.toolbarProps.onHiddenChange(['name']));
    expect(result.current.searchVisible).toBe(false);
    expect(result.current.toolbarProps.searchVisible).toBe(false);
    expect(result.current.toolbarProps.hidden).toEqual(['name']);
    expect(result.current.columns.map((c) => c.key)).toEqual(['code']);
  });

  it('starts with the given columns hidden', () => {
    const { result } = renderHook(() => useListChrome(allColumns, ['code']));
    expect(result.current.columns.map((c) => c.key)).toEqual(['name']);
  });
});

describe('SearchActions', () => {
  it('submits the form with Search and calls the page reset with Reset', async () => {
    const onFinish = vi.fn();
    const onReset = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <SearchActions onReset={onReset} />
      </Form>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(onReset).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledOnce());
  });
});

describe('useListParams', () => {
  const inRouter = (url: string) => (props: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{props.children}</MemoryRouter>
  );

  it('reads page and size from the URL and writes a page change back keeping the filters', () => {
    const { result } = renderHook(() => useListParams(), { wrapper: inRouter('/list?keyword=ab&page=2&size=30') });
    const config = result.current.pagination(75);
    expect(config).toMatchObject({ current: 2, pageSize: 30, total: 75, pageSizeOptions: [10, 20, 30, 50] });
    expect(result.current.pagination(undefined).total).toBe(0);

    act(() => config.onChange?.(3, 10));
    expect(result.current.page).toBe(3);
    expect(result.current.size).toBe(10);
    expect(result.current.get('keyword')).toBe('ab');
  });

  it('reads dates and status codes from a link, ignoring what is malformed or unknown', () => {
    const { result } = renderHook(() => useListParams(), {
      wrapper: inRouter('/list?from=2026-11-01&to=yesterday&status=1,x,,7,2'),
    });
    expect(result.current.getDate('from')).toBe('2026-11-01');
    expect(result.current.getDate('to')).toBeUndefined();
    expect(result.current.getCodes('status')).toEqual([1, 7, 2]);
    expect(result.current.getCodes('status', ['draft', 'sent', 'done'])).toEqual([1, 2]);
    expect(result.current.getCodes('none')).toBeUndefined();
  });
});
