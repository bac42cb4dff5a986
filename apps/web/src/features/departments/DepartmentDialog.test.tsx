import type { DepartmentNode } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { DepartmentDialog } from './DepartmentDialog.tsx';
import { departmentOptions, filterDepartments } from './departmentTree.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

const node = (id: string, deptName: string, parentId: string | null, children?: DepartmentNode[]): DepartmentNode => ({
  id,
  deptNo: `D000${id}`,
  deptCode: deptName.toUpperCase(),
  deptName,
  parentId,
  parentNo: null,
  parentName: null,
  sortOrder: 0,
  stopDd: null,
  roleDescription: '',
  employeeCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  children,
});

// Office → Purchasing → (Team A → Cell, Team B); Office → Quality
const TREE = [
  node('1', 'Office', null, [
    node('2', 'Purchasing', '1', [node('3', 'Team A', '2', [node('5', 'Cell', '3')]), node('4', 'Team B', '2')]),
    node('6', 'Quality', '1'),
  ]),
];

const titles = (options: ReturnType<typeof departmentOptions>): string[] =>
  options.flatMap((o) => [o.title, ...titles(o.children ?? [])]);

describe('department parent choices', () => {
  it('leave out the department itself and every department below it', () => {
    expect(titles(departmentOptions(TREE, '2'))).toEqual(['Office', 'Quality']);
    expect(titles(departmentOptions(TREE, '3'))).toEqual(['Office', 'Purchasing', 'Team B', 'Quality']);
    expect(titles(departmentOptions(TREE))).toHaveLength(6);
  });

  it('search keeps matches with their subtree and the ancestors leading to them', () => {
    const found = filterDepartments(TREE, 'team a');
    expect(found[0].deptName).toBe('Office');
    expect(found[0].children?.map((d) => d.deptName)).toEqual(['Purchasing']);
    expect(found[0].children?.[0].children?.[0].children?.[0].deptName).toBe('Cell');
  });

  it('the edit dialog offers no descendant of the edited department as parent', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <App>
          <DepartmentDialog tree={TREE} department={TREE[0].children![0]} onClose={() => {}} />
        </App>
      </QueryClientProvider>,
    );
    expect(await screen.findByDisplayValue('PURCHASING')).toBeTruthy();
    const parentPicker = screen.getAllByRole('combobox')[0];
    fireEvent.mouseDown(parentPicker);
    await waitFor(() => expect(document.querySelector('.ant-select-tree')).not.toBeNull());
    const offered = [...document.querySelectorAll('.ant-select-tree-title')].map((el) => el.textContent);
    expect(offered).toEqual(['Office', 'Quality']);
  }, 30_000);
});
