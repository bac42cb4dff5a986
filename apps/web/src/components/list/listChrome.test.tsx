import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { App, Button, Form, Input } from 'antd';
import i18n from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { fitColumns } from './fitColumns.ts';
import { ListSearch } from './ListSearch.tsx';
import { ListTable } from './ListTable.tsx';
import { SearchActions } from './SearchActions.tsx';
import { TableToolbar } from './TableToolbar.tsx';
import { useListChrome } from './useListChrome.ts';
import { useListParams } from './useListParams.ts';
import { useListQuery } from './useListQuery.ts';
import { useListSort } from './useListSort.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

const realMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  localStorage.clear();
  window.matchMedia = realMatchMedia;
  vi.restoreAllMocks();
});

/** Media queries answered as a browser of `width` px would (antd's breakpoints use min-/max-width). */
function screenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/** Every element measures `width` px, as the table's container would on a screen. */
function containerWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width } as DOMRect);
}

interface Line {
  id: string;
  no: string;
  material: string;
  qty: string;
  remark: string;
  owner: string;
  status: string;
}

const lines: Line[] = [
  { id: '1', no: 'PO-1', material: 'M-01 Bolt', qty: '10', remark: 'urgent', owner: 'Li', status: 'Sent' },
  { id: '2', no: 'PO-2', material: 'M-02 Nut', qty: '20', remark: '', owner: 'Wang', status: 'Confirmed' },
];

const lineColumns = (onConfirm: (row: Line) => void = () => {}): TableColumnsType<Line> => [
  { key: 'no', title: 'Number', dataIndex: 'no', width: 150 },
  { key: 'remark', title: 'Remark', dataIndex: 'remark', width: 300 },
  { key: 'material', title: 'Material', dataIndex: 'material', width: 200 },
  { key: 'owner', title: 'Owner', dataIndex: 'owner', width: 100 },
  { key: 'qty', title: 'Quantity', dataIndex: 'qty', width: 100, align: 'right' },
  { key: 'status', title: 'Status', dataIndex: 'status', width: 100 },
  {
    key: 'operation',
    title: 'Operation',
    width: 160,
    fixed: 'right',
    render: (_v, row) => (
      <Button type="link" size="small" onClick={() => onConfirm(row)}>
        Confirm {row.no}
      </Button>
    ),
  },
];
const mustSee = ['no', 'material', 'qty', 'status'];

describe('fitColumns', () => {
  const columns = lineColumns() as TableColumnsType<never>;

  it('keeps the must-see and operation columns and fills the rest in declared order while they fit', () => {
    // Must-see 550 + operation 160 = 710; remark (300) no longer fits in 900, owner (100) does.
    expect(fitColumns(columns, { mustSee, width: 900 })).toEqual(['remark']);
    expect(fitColumns(columns, { mustSee, width: 1010 })).toEqual(['owner']);
    expect(fitColumns(columns, { mustSee, width: 1110 })).toEqual([]);
    expect(fitColumns(columns, { mustSee, width: 800 })).toEqual(['remark', 'owner']);
    // Too narrow even for the must-see columns: they stay, and only they.
    expect(fitColumns(columns, { mustSee, width: 300 })).toEqual(['remark', 'owner']);
  });

  it('counts the selection checkboxes and hides nothing before the container is measured', () => {
    expect(fitColumns(columns, { mustSee, width: 900, reserve: 60 })).toEqual(['remark']);
    expect(fitColumns(columns, { mustSee, width: 850, reserve: 60 })).toEqual(['remark', 'owner']);
    expect(fitColumns(columns, { mustSee, width: undefined })).toEqual([]);
    expect(fitColumns(columns, { mustSee, width: 0 })).toEqual([]);
  });

  it('lets the user choice win over the fit, for must-see columns too', () => {
    const choice = { shown: ['remark'], hidden: ['status'] };
    // remark is shown by choice; with status hidden, 150+200+100+300+160 = 910 leaves no room for owner.
    expect(fitColumns(columns, { mustSee, width: 950, choice })).toEqual(['owner', 'status']);
  });
});

describe('useListChrome', () => {
  it('shows the search form and every column until the toolbar changes them', () => {
    const allColumns = [
      { key: 'code', title: 'Code' },
      { key: 'name', title: 'Name' },
    ];
    const { result } = renderHook(() => useListChrome(allColumns));
    expect(result.current.searchVisible).toBe(true);
    expect(result.current.cards).toBe(false);
    expect(result.current.columns.map((c) => c.key)).toEqual(['code', 'name']);
    expect(result.current.toolbarProps.columns).toEqual(allColumns);

    act(() => result.current.toolbarProps.onToggleSearch());
    act(() => result.current.toolbarProps.onHiddenChange(['name']));
    expect(result.current.searchVisible).toBe(false);
    expect(result.current.toolbarProps.searchVisible).toBe(false);
    expect(result.current.toolbarProps.hidden).toEqual(['name']);
    expect(result.current.columns.map((c) => c.key)).toEqual(['code']);
  });

  it('never offers the operation column in the column settings', () => {
    const { result } = renderHook(() => useListChrome(lineColumns(), { mustSee }));
    expect(result.current.toolbarProps.columns.map((c) => c.key)).not.toContain('operation');
    expect(result.current.columns.map((c) => c.key)).toContain('operation');
  });

  it('fits the columns to the width its container measures', () => {
    containerWidth(900);
    function List() {
      const chrome = useListChrome(lineColumns(), { mustSee });
      return <ListTable<Line> chrome={chrome} rowKey="id" dataSource={lines} pagination={false} />;
    }
    render(<List />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Number', 'Material', 'Owner', 'Quantity', 'Status', 'Operation']);
  });

  it('keeps the user choice per route in localStorage, over the fit, until it is reset', () => {
    containerWidth(900);
    const measured = (id?: string) => {
      const hook = renderHook(() => useListChrome(lineColumns(), { mustSee, id }));
      act(() => void hook.result.current.measureRef(document.createElement('div')));
      return hook;
    };
    const { result, unmount } = measured();
    expect(result.current.toolbarProps.hidden).toEqual(['remark']);
    expect(result.current.toolbarProps.customised).toBe(false);

    act(() => result.current.toolbarProps.onHiddenChange(['owner']));
    expect(result.current.columns.map((c) => c.key)).toEqual([
      'no',
      'remark',
      'material',
      'qty',
      'status',
      'operation',
    ]);
    const stored = JSON.parse(localStorage.getItem(`concord:columns:${window.location.pathname}`) ?? '{}');
    expect(stored).toEqual({ hidden: ['owner'], shown: ['no', 'remark', 'material', 'qty', 'status'] });
    unmount();

    // A later visit of the same list starts from the user's choice.
    const again = measured();
    expect(again.result.current.toolbarProps.hidden).toEqual(['owner']);
    expect(again.result.current.toolbarProps.customised).toBe(true);
    // Another list of the route keeps its own.
    const other = measured('lines');
    expect(other.result.current.toolbarProps.hidden).toEqual(['remark']);

    act(() => again.result.current.toolbarProps.onResetColumns());
    expect(again.result.current.toolbarProps.hidden).toEqual(['remark']);
    expect(localStorage.length).toBe(0);
  });
});

describe('TableToolbar', () => {
  it('shows or hides a column by its named checkbox, once the dialog is confirmed', async () => {
    containerWidth(900);
    function List() {
      const chrome = useListChrome(lineColumns(), { mustSee });
      return (
        <>
          <TableToolbar {...chrome.toolbarProps} onRefresh={() => {}} />
          <ListTable<Line> chrome={chrome} rowKey="id" dataSource={lines} pagination={false} />
        </>
      );
    }
    render(
      <App>
        <List />
      </App>,
    );
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).not.toContain('Remark');
    fireEvent.click(screen.getByRole('button', { name: 'Show or hide columns' }));
    const dialog = await screen.findByRole('dialog');
    const shown = within(dialog).getByRole('group', { name: 'Shown' });
    // Every column but the operation column, ticked while it shows.
    expect(
      within(shown)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Number', 'Remark', 'Material', 'Owner', 'Quantity', 'Status']);
    expect((within(shown).getByRole('checkbox', { name: 'Remark' }) as HTMLInputElement).checked).toBe(false);
    expect((within(shown).getByRole('checkbox', { name: 'Owner' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(shown).getByRole('checkbox', { name: 'Remark' }));
    fireEvent.click(within(shown).getByRole('checkbox', { name: 'Owner' }));
    // Nothing changes before the choice is confirmed.
    expect(headers()).not.toContain('Remark');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(headers()).toEqual(['Number', 'Remark', 'Material', 'Quantity', 'Status', 'Operation']);
    expect(JSON.parse(localStorage.getItem(`concord:columns:${window.location.pathname}`) ?? '{}')).toEqual({
      hidden: ['owner'],
      shown: ['no', 'remark', 'material', 'qty', 'status'],
    });
  });

  it('restores the automatic columns from the column settings once the user has chosen', async () => {
    containerWidth(900);
    function List() {
      const chrome = useListChrome(lineColumns(), { mustSee });
      return <TableToolbar {...chrome.toolbarProps} onRefresh={() => {}} />;
    }
    localStorage.setItem(
      `concord:columns:${window.location.pathname}`,
      JSON.stringify({ hidden: ['owner'], shown: [] }),
    );
    render(
      <App>
        <List />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show or hide columns' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Default columns' }));
    expect(localStorage.length).toBe(0);
  });
});

describe('ListTable on a phone', () => {
  it('shows each row as a card: title, status, must-see fields and the row actions', () => {
    screenWidth(390);
    const confirm = vi.fn();
    function List() {
      const chrome = useListChrome(lineColumns(confirm), { mustSee });
      return (
        <ListTable<Line>
          chrome={chrome}
          rowKey="id"
          dataSource={lines}
          pagination={{ current: 1, pageSize: 20, total: 2, onChange: () => {} }}
        />
      );
    }
    render(<List />);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = document.querySelectorAll<HTMLElement>('.list-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('PO-1')).toBeTruthy();
    expect(first.getByText('Sent')).toBeTruthy();
    expect(first.getByText('Material')).toBeTruthy();
    expect(first.getByText('M-01 Bolt')).toBeTruthy();
    expect(first.getByText('Quantity')).toBeTruthy();
    // Only the must-see fields: the remark and the owner stay behind the desktop's column settings.
    expect(first.queryByText('urgent')).toBeNull();
    expect(first.queryByText('Li')).toBeNull();
    fireEvent.click(first.getByRole('button', { name: 'Confirm PO-1' }));
    expect(confirm).toHaveBeenCalledWith(lines[0]);
    expect(document.querySelector('.ant-pagination')).not.toBeNull();
  });

  it('keeps the row checkboxes of a list with batch actions', () => {
    screenWidth(390);
    const onChange = vi.fn();
    function List() {
      const chrome = useListChrome(lineColumns(), { mustSee, selectable: true });
      return (
        <ListTable<Line>
          chrome={chrome}
          rowKey="id"
          dataSource={lines}
          rowSelection={{ selectedRowKeys: ['2'], onChange }}
        />
      );
    }
    render(<List />);
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select' })[0]!);
    expect(onChange.mock.calls[0]![0]).toEqual(['2', '1']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(onChange.mock.calls[1]![0]).toEqual(['2', '1']);
  });

  it('folds the search form behind the Filters button; Search closes the drawer', async () => {
    screenWidth(390);
    const onFinish = vi.fn();
    function List() {
      const chrome = useListChrome(lineColumns(), { mustSee });
      return (
        <>
          <ListSearch chrome={chrome}>
            <Form layout="inline" onFinish={onFinish}>
              <Form.Item name="no" label="Number">
                <Input />
              </Form.Item>
              <SearchActions onReset={() => {}} />
            </Form>
          </ListSearch>
          <TableToolbar {...chrome.toolbarProps} onRefresh={() => {}} />
        </>
      );
    }
    render(<List />);
    expect(screen.queryByRole('button', { name: 'Show or hide columns' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: /Search/ }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledOnce());
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /Filters/ }).getAttribute('aria-expanded')).toBe('false'),
    );
  });
});

describe('sorting', () => {
  function Location() {
    const { search } = useLocation();
    return <output aria-label="url">{search}</output>;
  }

  it('cycles a column descending, ascending, none and keeps the sort in the URL', () => {
    function List() {
      const params = useListParams();
      const { sortOrder, onChange } = useListSort<Line>(params);
      const columns: TableColumnsType<Line> = [
        { key: 'no', title: 'Number', dataIndex: 'no', width: 150, sorter: true, sortOrder: sortOrder('no') },
        { key: 'qty', title: 'Quantity', dataIndex: 'qty', width: 100 },
      ];
      const chrome = useListChrome(columns, { mustSee: ['no'] });
      return <ListTable<Line> chrome={chrome} rowKey="id" dataSource={lines} onChange={onChange} />;
    }
    render(
      <MemoryRouter initialEntries={['/list?page=3']}>
        <List />
        <Location />
      </MemoryRouter>,
    );
    const url = () => screen.getByRole('status', { name: 'url' }).textContent;
    const header = () => screen.getByRole('columnheader', { name: /Number/ });
    fireEvent.click(header());
    expect(url()).toBe('?sort=no&order=desc');
    expect(header().getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header());
    expect(url()).toBe('?sort=no&order=asc');
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header());
    expect(url()).toBe('');
    expect(header().getAttribute('aria-sort')).toBeNull();
  });
});

describe('useListQuery', () => {
  it('keeps the previous page on screen when the next one fails to load', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const load = vi.fn(async (page: number) => {
      if (page === 2) throw new Error('offline');
      return [`row of page ${page}`];
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/list']}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        const params = useListParams();
        const query = useListQuery({ queryKey: ['rows', params.page], queryFn: () => load(params.page) }, params);
        return { params, query };
      },
      { wrapper },
    );
    await vi.waitFor(() => expect(result.current.query.data).toEqual(['row of page 1']));

    act(() => result.current.params.update({ page: 2 }, false));
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith(2));
    // The rows of page 1 stay, and the pager goes back to page 1.
    await vi.waitFor(() => expect(result.current.params.page).toBe(1));
    expect(result.current.query.data).toEqual(['row of page 1']);
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
