import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const DEMO_PASSWORD = 'Demo@2026';
const SHOTS = path.join(import.meta.dirname, 'screenshots');

/**
 * What Chromium itself logs as an error without the app having done anything wrong: a refused request's
 * network line (the flows test refusals) and the note that a plain-HTTP install's isolation header is
 * ignored (the plain-HTTP flow opens one on purpose).
 */
const BROWSER_NOTICES = ['Failed to load resource', 'The Cross-Origin-Opener-Policy header has been ignored'];

/**
 * Uncaught page errors and console errors of every page the browser opened (issue 17: a flow fails on
 * any) beyond the browser's own notices.
 */
function watchConsole(context: BrowserContext, problems: string[]): void {
  context.on('page', (page) => {
    page.on('pageerror', (err) => problems.push(`${page.url()} uncaught: ${err.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !BROWSER_NOTICES.some((notice) => message.text().startsWith(notice)))
        problems.push(`${page.url()} console: ${message.text()}`);
    });
  });
}

/**
 * `extraArgs` adds Chromium switches, e.g. a host-resolver rule that gives the server a LAN name.
 * Closing the browser fails when any of its pages logged an error or left a promise rejection uncaught.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  });
  const problems: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchConsole(context, problems);
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (options) => {
    await close(options);
    if (problems.length) throw new Error(`errors in the browser during the flow:\n${problems.join('\n')}`);
  };
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false, animations: 'disabled' });
}

/** Reads the newest 6-digit code the development outbox holds for a recipient. */
export async function outboxCode(recipient: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/gateway/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const body = (await res.json()) as { data: { body: string }[] };
  const code = body.data[0]?.body.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}
