import { describe, expect, it } from 'vitest';
import { orderMenuGroups } from './menuOrder.ts';
import { filterRouteGroups, ROUTE_GROUPS } from './routes.ts';

const keys = (groups: { key: string }[]) => groups.map((g) => g.key);
const everything = () => true;

describe('menu order by the enterprise side (issue 18 §3)', () => {
  it('shows a supplier the supply group before the purchase group, basic still on top', () => {
    expect(keys(orderMenuGroups(ROUTE_GROUPS, ['supplier']))).toEqual([
      'basic',
      'supply',
      'purchase',
      'process',
      'config',
    ]);
  });

  it('keeps the route table order for a buyer, for both sides and while the side is not known', () => {
    const table = keys(ROUTE_GROUPS);
    expect(table).toEqual(['basic', 'purchase', 'supply', 'process', 'config']);
    expect(keys(orderMenuGroups(ROUTE_GROUPS, ['buyer']))).toEqual(table);
    expect(keys(orderMenuGroups(ROUTE_GROUPS, ['buyer', 'supplier']))).toEqual(table);
    expect(keys(orderMenuGroups(ROUTE_GROUPS, []))).toEqual(table);
  });

  it('orders what the permissions left: a supplier without purchase rights sees supply after basic', () => {
    const canSupply = (codes: readonly string[]) => codes.some((c) => c.startsWith('SL_') || c === 'CF_LOG');
    expect(keys(orderMenuGroups(filterRouteGroups(ROUTE_GROUPS, canSupply), ['supplier']))).toEqual([
      'basic',
      'supply',
      'config',
    ]);
    expect(keys(orderMenuGroups(filterRouteGroups(ROUTE_GROUPS, everything), ['supplier']))[1]).toBe('supply');
  });

  it('does not change the groups it was given', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, everything);
    const before = keys(groups);
    orderMenuGroups(groups, ['supplier']);
    expect(keys(groups)).toEqual(before);
  });
});
