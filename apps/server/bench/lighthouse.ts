// QUALITY P-07: Lighthouse performance ≥ 90 on the login page and on the workbench (`/` signed in), for a
// fresh production build served by the app itself (compressed and cached as in production), in Debian's
// Chromium. Desktop and mobile presets: the mobile one simulates a mid-range phone on slow 4G.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { seedDemoWorld } from '../src/seed/demo.ts';
import { record } from './summary.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGET = 90;
const WEB = path.resolve(import.meta.dirname, '../../web');

type FormFactor = 'desktop' | 'mobile';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

const ATTEMPTS = 3;

/**
 * One cold load of `url` (Lighthouse empties the HTTP cache first; localStorage, the session, stays). A
 * run whose trace came out unusable (NO_NAVSTART and the like: "please run Lighthouse again") is repeated.
 */
async function audit(port: number, url: string, formFactor: FormFactor): Promise<Result> {
  let lhr: Result;
  let attempt = 0;
  do {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    lhr = result.lhr;
    attempt++;
  } while (lhr.runtimeError && attempt < ATTEMPTS);
  return lhr;
}

async function score(port: number, page: string, url: string, formFactor: FormFactor): Promise<void> {
  const lhr = await audit(port, url, formFactor);
  if (lhr.runtimeError) {
    console.log(
      `P-07 Lighthouse ${page} ${formFactor}: no score, ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
    record({
      row: 'P-07',
      case: `Lighthouse performance, ${page} ${formFactor}`,
      target: `≥ ${TARGET}`,
      measured: Number.NaN,
      unit: '',
      pass: false,
      note: lhr.runtimeError.code,
    });
    return;
  }
  const value = Math.round((lhr.categories.performance.score ?? 0) * 100);
  record({
    row: 'P-07',
    case: `Lighthouse performance, ${page} ${formFactor}`,
    target: `≥ ${TARGET}`,
    measured: value,
    unit: '',
    pass: value >= TARGET,
  });
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '–';
  const transferred = (lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1000;
  console.log(
    `P-07 Lighthouse ${page.padEnd(9)} ${formFactor.padEnd(7)} performance ${String(value).padStart(3)} ` +
      `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
      `${transferred.toFixed(0)} kB transferred; target ≥ ${TARGET})` +
      `${value >= TARGET ? '' : ' — UNDER'}`,
  );
  if (lhr.finalDisplayedUrl.replace(/\/$/, '') !== url.replace(/\/$/, '')) {
    console.log(`  (ended on ${lhr.finalDisplayedUrl})`);
  }
}

export async function benchLighthouse(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`P-07 Lighthouse: skipped, no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  const dist = mkdtempSync(path.join(os.tmpdir(), 'concord-bench-web-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-bench-lighthouse-'));
  const database = await openPglite();
  try {
    run('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
    run(process.execPath, ['scripts/precompress.mjs', dist]);
    console.log('\nWeb build for the Lighthouse runs:');
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-budget.ts', dist], { cwd: WEB, stdio: 'inherit' });

    await migrateDatabase(database);
    await seedDemoWorld(database.db);
    const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'false', WEB_DIST: dist, DATA_DIR: dataDir });
    const app = await buildApp({ database, config, logger: false });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    try {
      for (const formFactor of ['desktop', 'mobile'] as const)
        await score(chrome.port, 'login', `${origin}/login`, formFactor);

      // Signed in the way the app keeps a session: /auth-redirect stores the token (localStorage), then `/`.
      const login = await app.inject({
        method: 'POST',
        url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
        payload: { username: 'buyer', password: 'Demo@2026' },
      });
      const { access_token: token, expires_in: expiresIn } = login.json() as {
        access_token: string;
        expires_in: number;
      };
      const hash = new URLSearchParams({ access_token: token, expires_in: String(expiresIn), redirect: '/' });
      await audit(chrome.port, `${origin}/auth-redirect#${hash}`, 'desktop');
      for (const formFactor of ['desktop', 'mobile'] as const)
        await score(chrome.port, 'workbench', `${origin}/`, formFactor);
    } finally {
      chrome.kill();
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx apps/server/bench/lighthouse.ts` runs this stage alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchLighthouse();
