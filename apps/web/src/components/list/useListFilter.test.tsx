import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { SearchActions } from './SearchActions.tsx';
import { filterField, useListFilter } from './useListFilter.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(cleanup);

const NAMES = ['', 'sent', 'done'] as const;
let seen: ReturnType<typeof useFilter> | undefined;

function useFilter() {
  return useListFilter({
    keyword: filterField.text(),
    status: filterField.code(NAMES),
    level: filterField.number(),
    scope: filterField.oneOf(['class', 'supplier'] as const),
    deptId: filterField.value(),
  });
}

function Page() {
  const list = useFilter();
  seen = list;
  const location = useLocation();
  return (
    <>
      <Form form={list.form} initialValues={list.filter} onFinish={list.search}>
        <Form.Item name="keyword" label="Keyword">
          <Input />
        </Form.Item>
        <SearchActions onReset={list.clear} />
      </Form>
      <output>{location.search}</output>
    </>
  );
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Page />
    </MemoryRouter>,
  );
const search = () => screen.getByRole('status').textContent;

describe('useListFilter', () => {
  it('reads the filter from a link, ignoring what the fields do not know', () => {
    renderAt('/list?keyword=ab&status=2&level=3&scope=supplier&deptId=9&page=2');
    expect(seen!.filter).toEqual({ keyword: 'ab', status: 2, level: 3, scope: 'supplier', deptId: '9' });
    expect(seen!.filtered).toBe(true);
    expect(seen!.page).toBe(2);

    cleanup();
    renderAt('/list?status=0&scope=material&size=50');
    expect(seen!.filter).toEqual({
      keyword: undefined,
      status: undefined,
      level: undefined,
      scope: undefined,
      deptId: undefined,
    });
    expect(seen!.filtered).toBe(false);
    expect(seen!.size).toBe(50);
  });

  it('writes the trimmed form to the URL on Search, back on page 1', async () => {
    // Search writes every field: the status is not in this form, so it goes.
    renderAt('/list?status=1&page=3&size=30');
    expect(screen.getByLabelText('Keyword')).toHaveProperty('value', '');
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '  housing ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    });
    await waitFor(() => expect(search()).toBe('?size=30&keyword=housing'));
    expect(seen!.filter.keyword).toBe('housing');

    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    });
    await waitFor(() => expect(search()).toBe('?size=30'));
  });

  it('empties the form and the URL on Reset but for the page size', () => {
    renderAt('/list?keyword=ab&status=1&page=3&size=30');
    expect(screen.getByLabelText('Keyword')).toHaveProperty('value', 'ab');
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(screen.getByLabelText('Keyword')).toHaveProperty('value', '');
    expect(search()).toBe('?size=30');
    expect(seen!.filtered).toBe(false);
  });
});

const STATES = ['draft', 'sent', 'done'] as const;
let seenRanges: ReturnType<typeof useRangeFilter> | undefined;

function useRangeFilter() {
  return useListFilter(
    {
      statuses: filterField.at('status', filterField.codes(STATES)),
      partner: filterField.at('supplierId', filterField.value()),
      due: filterField.dateRange('dueFrom', 'dueTo'),
      time: filterField.timeRange('from', 'to'),
      date: filterField.dateRange(),
      flag: filterField.numberOf([0, 1] as const),
    },
    { keep: ['size', 'tab'] },
  );
}

function RangePage() {
  const list = useRangeFilter();
  seenRanges = list;
  const location = useLocation();
  return (
    <>
      <Form form={list.form} initialValues={list.initialValues} onFinish={list.search}>
        <Form.Item name="partner" label="Partner">
          <Input />
        </Form.Item>
        <SearchActions onReset={list.clear} />
      </Form>
      <output>{location.search}</output>
    </>
  );
}

const renderRangesAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <RangePage />
    </MemoryRouter>,
  );

describe('useListFilter fields kept under other parameters, code lists and ranges', () => {
  it('reads them from a link, dropping what a hand-edited link gets wrong', () => {
    renderRangesAt('/list?status=1,9,2&supplierId=7&dueFrom=2026-11-01&dueTo=bad&dateTo=2026-12-31&flag=1.0');
    expect(seenRanges!.filter).toEqual({
      statuses: [1, 2],
      partner: '7',
      due: { from: '2026-11-01', to: undefined },
      time: undefined,
      date: { from: undefined, to: '2026-12-31' },
      flag: undefined,
    });
    const due = seenRanges!.initialValues.due;
    expect(due?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(due?.[1]).toBeNull();
    expect(seenRanges!.initialValues.time).toBeNull();
  });

  it('writes every field back to its parameters on Search', async () => {
    renderRangesAt('/list?status=1&page=2&tab=x');
    const start = seenRanges!.initialValues.due;
    expect(start).toBeNull();
    await act(async () => {
      seenRanges!.search({
        statuses: [0, 2],
        partner: '8',
        due: [dayjs('2026-01-02'), null],
        time: [dayjs('2026-01-01T10:20:30.400Z'), dayjs('2026-01-31T10:20:30.400Z')],
        date: null,
        flag: 0,
      });
    });
    await waitFor(() =>
      expect(search()).toBe(
        '?status=0%2C2&tab=x&supplierId=8&dueFrom=2026-01-02&from=2026-01-01T10%3A20%3A30.000Z&to=2026-01-31T10%3A20%3A30.999Z&flag=0',
      ),
    );
  });

  it('keeps the named parameters on Reset', () => {
    renderRangesAt('/list?supplierId=7&tab=x&size=30&page=2');
    expect(screen.getByLabelText('Partner')).toHaveProperty('value', '7');
    fireEvent.click(screen.getByRole('button', { name: /Reset/ }));
    expect(screen.getByLabelText('Partner')).toHaveProperty('value', '');
    expect(search()).toBe('?size=30&tab=x');
  });
});
