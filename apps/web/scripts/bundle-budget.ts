// After `vite build`: the gzip size of what the login route and the signed-in shell download, from the
// build manifest, against their budgets (QUALITY P-07: login ≤ 250 kB on the wire; docs/performance.md).
// `node --import tsx scripts/bundle-budget.ts [dist]` — exits 1 above a budget or without a manifest.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { entryKey, heaviestVariant, type Manifest } from './bundle-closure.ts';

const KB = 1000;
/** Entry, the login page and one language catalogue: the first screen of a visitor. */
const LOGIN_BUDGET = 250 * KB;
/**
 * Entry, antd's providers with its prebuilt stylesheet (107 kB: `zeroRuntime`, app/theme.ts), the login
 * guard and the shell, before the page inside it loads: a guard against growth, set a little above what
 * issue 18 measured (653 kB), see docs/performance.md.
 */
const SHELL_BUDGET = 680 * KB;

const LOGIN_PAGE = 'src/features/accounts/LoginPage.tsx';
/** The layout routes a signed-in page sits in: antd's providers, the login guard, the shell. */
const SHELL = ['src/app/AntdProviders.tsx', 'src/app/AuthGuard.tsx', 'src/app/layout/AppLayout.tsx'];
const CATALOGUE = /^src\/locales\/[a-z]{2}-[A-Z]{2}\.ts$/;

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle budget: no ${manifestPath} (build with build.manifest: true)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const sized = (compress: (body: Buffer) => Buffer) => {
  const known = new Map<string, number>();
  return (file: string): number => {
    let bytes = known.get(file);
    if (bytes === undefined) {
      bytes = compress(readFileSync(path.join(dist, file))).length;
      known.set(file, bytes);
    }
    return bytes;
  };
};
/** The budget's measure, as precompress.mjs writes the .gz copies. */
const sizeOf = sized((body) => gzipSync(body, { level: 9 }));
/** What a browser that accepts brotli receives, for the record: the build's .br copy when there is one. */
const brotliOf = (file: string): number => {
  const copy = path.join(dist, `${file}.br`);
  return existsSync(copy) ? statSync(copy).size : brotliSized(file);
};
const brotliSized = sized((body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
const kB = (bytes: number) => (bytes / KB).toFixed(1);

const entry = entryKey(manifest);
const catalogues = (manifest[entry].dynamicImports ?? []).filter((key) => CATALOGUE.test(key));
const routes = [
  { name: 'login route', keys: [entry, LOGIN_PAGE], budget: LOGIN_BUDGET },
  { name: 'shell', keys: [entry, ...SHELL], budget: SHELL_BUDGET },
];

let over = false;
for (const route of routes) {
  const size = heaviestVariant(manifest, route.keys, catalogues, sizeOf);
  const ok = size.bytes <= route.budget;
  over ||= !ok;
  const brotli = size.files.reduce((sum, file) => sum + brotliOf(file), 0);
  const largest = [...size.files].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 5);
  console.log(
    `bundle budget: ${route.name} ${kB(size.bytes)} kB gzip (brotli ${kB(brotli)} kB) in ${size.files.length} files, ` +
      `budget ${route.budget / KB} kB gzip, with ${size.alternative ?? 'no catalogue'}: ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  console.log(`  largest (kB gzip): ${largest.map((f) => `${path.basename(f)} ${kB(sizeOf(f))}`).join(', ')}`);
}
process.exit(over ? 1 : 0);
