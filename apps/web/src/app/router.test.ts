import { describe, expect, it } from 'vitest';
import { FEATURE_PAGES } from './router.tsx';
import { allRoutePaths } from './routes.ts';

describe('screens registered by the features', () => {
  it('sit on paths of the route table, each registered by one feature only', () => {
    const paths = FEATURE_PAGES.flatMap((pages) => Object.keys(pages));
    const table = new Set(allRoutePaths());
    expect(paths.filter((p) => !table.has(p))).toEqual([]);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('include the screens that once had a key of their own in the route table', () => {
    const paths = new Set(FEATURE_PAGES.flatMap((pages) => Object.keys(pages)));
    for (const path of [
      '/enterpriseinformation',
      '/profile/index',
      '/news',
      '/news/newcontract',
      '/news/newsset',
      '/logs',
      '/staff',
      '/staff/staffInfo',
      '/jurisdiction/dept',
      '/jurisdiction/postauthority',
      '/jurisdiction/postauthority/detail',
      '/jurisdiction/tradpartner',
      '/jurisdiction/tradpartner/detail',
    ]) {
      expect(paths.has(path)).toBe(true);
    }
  });
});
