import { describe, expect, it } from 'vitest';
import { entryKey, heaviestVariant, type Manifest, routeSize, staticClosure } from '../../scripts/bundle-closure.ts';

/** A build in miniature: an entry sharing a vendor chunk with the login page, a lazily loaded shell. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor-1.js'],
    dynamicImports: ['src/LoginPage.tsx', 'src/AppLayout.tsx', 'src/locales/en-US.ts', 'src/locales/zh-CN.ts'],
    css: ['assets/index-1.css'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_vendor-1.js'], css: ['assets/form-1.css'] },
  'src/LoginPage.tsx': {
    file: 'assets/LoginPage-1.js',
    imports: ['_form-1.js', 'index.html'],
    dynamicImports: ['src/QrPanel.tsx'],
  },
  'src/QrPanel.tsx': { file: 'assets/QrPanel-1.js' },
  'src/AppLayout.tsx': { file: 'assets/AppLayout-1.js', imports: ['_form-1.js', '_menu-1.js', 'index.html'] },
  '_menu-1.js': { file: 'assets/menu-1.js', imports: ['_vendor-1.js'] },
  'src/locales/en-US.ts': { file: 'assets/en-US-1.js' },
  'src/locales/zh-CN.ts': { file: 'assets/zh-CN-1.js' },
};

const SIZES: Record<string, number> = {
  'assets/index-1.js': 100,
  'assets/index-1.css': 5,
  'assets/vendor-1.js': 1000,
  'assets/form-1.js': 200,
  'assets/form-1.css': 10,
  'assets/LoginPage-1.js': 50,
  'assets/QrPanel-1.js': 400,
  'assets/AppLayout-1.js': 300,
  'assets/menu-1.js': 150,
  'assets/en-US-1.js': 80,
  'assets/zh-CN-1.js': 90,
};
const sizeOf = (file: string) => SIZES[file];

describe('what a route downloads, from the build manifest', () => {
  it('follows static imports and their CSS, each file once, and leaves lazy chunks out', () => {
    expect(staticClosure(manifest, ['index.html', 'src/LoginPage.tsx']).sort()).toEqual([
      'assets/LoginPage-1.js',
      'assets/form-1.css',
      'assets/form-1.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/vendor-1.js',
    ]);
  });

  it('sums the sizes of the closure, a chunk shared by two keys counted once', () => {
    expect(routeSize(manifest, ['index.html', 'src/LoginPage.tsx'], sizeOf).bytes).toBe(100 + 5 + 1000 + 200 + 10 + 50);
    expect(routeSize(manifest, ['index.html', 'src/AppLayout.tsx'], sizeOf).bytes).toBe(
      100 + 5 + 1000 + 200 + 10 + 300 + 150,
    );
  });

  it('charges the route with the heaviest language catalogue', () => {
    const login = heaviestVariant(
      manifest,
      ['index.html', 'src/LoginPage.tsx'],
      ['src/locales/en-US.ts', 'src/locales/zh-CN.ts'],
      sizeOf,
    );
    expect(login.alternative).toBe('src/locales/zh-CN.ts');
    expect(login.bytes).toBe(1365 + 90);
  });

  it('finds the entry and refuses a manifest that names a chunk it does not hold', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(() => staticClosure(manifest, ['src/Missing.tsx'])).toThrow(/no chunk src\/Missing.tsx/);
    expect(() => entryKey({ 'a.js': { file: 'a.js' } })).toThrow(/no entry/);
  });
});
