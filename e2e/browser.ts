import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const DEMO_PASSWORD = 'Demo@2026';
const SHOTS = path.join(import.meta.dirname, 'screenshots');

/** `extraArgs` adds Chromium switches, e.g. a host-resolver rule that gives the server a LAN name. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
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
