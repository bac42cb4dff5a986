import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../locales/en-US.ts';
import { type LineColumn, LineTable } from './LineTable.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

interface Line {
  id: string;
  material: string;
  qty: string;
  remark: string;
}

const LINES: Line[] = [
  { id: '1', material: 'AL-HS-50 Heat sink', qty: '2,000.00', remark: 'second shift' },
  { id: '2', material: 'SCR-M3-8 Screw', qty: '500.00', remark: '' },
];

const COLUMNS: LineColumn<Line>[] = [
  { key: 'material', title: 'Material', dataIndex: 'material', width: 200 },
  { key: 'qty', title: 'Quantity', dataIndex: 'qty', width: 100 },
  { key: 'remark', title: 'Remark', dataIndex: 'remark', width: 160 },
  { key: 'operation', title: 'Operation', width: 100, render: (_v, l) => <button type="button">Accept {l.id}</button> },
];

const table = () => (
  <LineTable<Line> id="test-lines" rowKey="id" columns={COLUMNS} optional={['remark']} dataSource={LINES} />
);

/** A screen narrower than 992 px: antd's lg breakpoint, where the lines become cards. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 991.98px'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('LineTable', () => {
  it('shows the must-see columns, keeps the others behind the column settings and remembers the choice', async () => {
    render(table());
    expect(screen.getByRole('columnheader', { name: 'Material' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Remark' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /More columns \(1\)/ }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('checkbox', { name: 'Remark' }));
    });
    expect(screen.getByRole('columnheader', { name: 'Remark' })).toBeTruthy();
    expect(screen.getByText('second shift')).toBeTruthy();

    cleanup();
    render(table());
    expect(screen.getByRole('columnheader', { name: 'Remark' })).toBeTruthy();
  }, 60_000);

  it('shows each line as a card with its must-see fields and its actions on a phone', () => {
    onPhone();
    render(table());
    expect(screen.queryByRole('table')).toBeNull();
    const cards = document.querySelectorAll<HTMLElement>('.line-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('AL-HS-50 Heat sink')).toBeTruthy();
    expect(first.getByText('Quantity')).toBeTruthy();
    expect(first.getByText('2,000.00')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Accept 1' })).toBeTruthy();
    expect(first.queryByText('second shift')).toBeNull();
  });
});
