import { describe, expect, it } from 'vitest';
import { filterRouteGroups, type MenuGroup, ROUTE_GROUPS } from './routes.ts';

const holding =
  (...codes: string[]) =>
  (required: readonly string[]) =>
    required.some((c) => codes.includes(c));

const paths = (groups: MenuGroup[]) => groups.flatMap((g) => g.routes.map((r) => r.path));

describe('route filtering by permissions', () => {
  it('keeps routes without a permission and drops the rest for a user holding nothing', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, holding());
    expect(groups.map((g) => g.key)).toEqual(['basic']);
    expect(paths(groups)).toEqual(['/', '/news', '/news/newcontract', '/news/newsset', '/profile/index']);
  });

  it('keeps a route when the user holds any listed permission', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, holding('COMP_INFO', 'CF_LOG'));
    expect(paths(groups)).toContain('/enterpriseinformation');
    expect(paths(groups)).toContain('/logs');
  });

  it('drops a purchase entry whose children were all filtered out', () => {
    // Both children of purchase orders need their own codes (CG_TG_SURE, CHAN_SU).
    const groups = filterRouteGroups(ROUTE_GROUPS, holding('CG_TG_XT'));
    expect(paths(groups)).not.toContain('/procurementConsignment');
    expect(groups.find((g) => g.key === 'purchase')).toBeUndefined();
  });

  it('keeps the entry with only the permitted children', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, holding('PO_SUP', 'PO_SUP_RZ'));
    const supplier = groups.find((g) => g.key === 'purchase')!.routes.find((r) => r.path === '/supplier')!;
    const children = supplier.children!.map((c) => c.path);
    expect(children).toContain('/supplier/qualification');
    expect(children).not.toContain('/supplier/supfile');
    // Children without their own permission code stay.
    expect(children).toContain('/supplier/uploadinventory');
  });

  it('drops childless entries in the supply group but keeps them in configuration', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, holding('BA_CO', 'CF_REG'));
    expect(paths(groups)).not.toContain('/barcode');
    expect(paths(groups)).toContain('/sysregistrate/registration');
  });

  it('drops a process entry when only its group code is held', () => {
    const groups = filterRouteGroups(ROUTE_GROUPS, holding('PR_MG'));
    expect(groups.find((g) => g.key === 'process')).toBeUndefined();
    const withDesign = filterRouteGroups(ROUTE_GROUPS, holding('PR_MG', 'PR_MG_DESIGN'));
    expect(paths(withDesign)).toEqual(expect.arrayContaining(['/admin']));
    expect(paths(withDesign)).not.toContain('/workspace');
  });
});

describe('menu groups by permission (issue 18 §3)', () => {
  it('hides a group left with nothing the menu can show', () => {
    const groups: MenuGroup[] = [
      { key: 'basic', dropChildless: false, routes: [{ path: '/profile/index', title: 'profile', hidden: true }] },
      {
        key: 'config',
        dropChildless: false,
        routes: [
          { path: '/logs', title: 'operationLogs', permissions: ['CF_LOG'] },
          { path: '/staff/staffInfo', title: 'staffInfo', hidden: true },
        ],
      },
    ];
    expect(filterRouteGroups(groups, holding('CF_LOG')).map((g) => g.key)).toEqual(['config']);
    expect(filterRouteGroups(groups, holding())).toEqual([]);
  });

  it('hides the purchase and supply groups from a user who may open nothing in them', () => {
    const keys = filterRouteGroups(ROUTE_GROUPS, holding('SL_CUS', 'CF_LOG')).map((g) => g.key);
    expect(keys).toContain('supply');
    expect(keys).not.toContain('purchase');
    expect(keys).not.toContain('process');
  });
});
