import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe } from 'node:test';
import type { Locale } from '@concord/shared';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../browser.ts';
import { newContext, pick, serialSteps, settled, signIn, WAIT } from '../support.ts';

/**
 * The notice editor (tiptap, issue 18 §7): Huaxin (`buyer`) writes a notice with bold words and a
 * list, a pasted image with an onerror handler comes along and runs nowhere, the notice is published,
 * and Shenzhen Precision (`supplier`) reads it formatted. The editor's code is loaded by the notice
 * form only, never by the login page or the shell.
 */

const EDITOR_LABEL: Record<Locale, string> = { 'en-US': 'Content', 'zh-CN': '内容', 'zh-TW': '內容' };
const BOLD: Record<Locale, string> = { 'en-US': 'Bold', 'zh-CN': '加粗', 'zh-TW': '粗體' };
const BULLETS: Record<Locale, string> = { 'en-US': 'Bulleted list', 'zh-CN': '项目符号列表', 'zh-TW': '項目符號清單' };

/** What pasting this into the editor would run if anything on the way let it through. */
const PASTED = '<p>Pasted <img src="x" onerror="alert(\'pasted\')"><b>note</b></p>';

/**
 * Chromium reports every `on…` attribute it parses, in any document of a page whose content security
 * policy forbids inline handlers (script-src-attr 'none'), as refused — DOMPurify's inert parse of the
 * pasted HTML included. That report is the one console error the writer's page may show.
 */
const HANDLER_REFUSED =
  /^Executing inline event handler violates the following Content Security Policy directive 'script-src-attr 'none''/;

/** axe's source, evaluated through the debugging protocol (the content security policy refuses a script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings inside `selector`. */
async function audit(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(include, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

/** Every script the page has loaded so far, by address. */
const scriptsOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => new URL(url).pathname.endsWith('.js')),
  );

/** The scripts among `urls` whose code holds ProseMirror, the engine under tiptap. */
async function editorScripts(page: Page, urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) {
    const code = await (await page.request.get(url)).text();
    if (code.includes('ProseMirror')) found.push(url);
  }
  return found;
}

/** The words of the notice per language of the writer: before, in and after the bold part, then a list. */
const WORDS = {
  'en-US': {
    before: 'Closed from ',
    bold: '5 February',
    after: ' to 13 February.',
    items: ['Last receiving day: 3 February', 'First day back: 14 February'],
  },
  'zh-CN': {
    before: '春节放假时间为',
    bold: '2 月 5 日至 2 月 13 日',
    after: '，2 月 14 日正常上班。',
    items: ['节前最后收货日：2 月 3 日', '节后首个收货日：2 月 14 日'],
  },
};

/** Writes the notice as a user types it: the bold part with Ctrl+B, the list from the toolbar. */
async function writeNotice(page: Page, locale: keyof typeof WORDS): Promise<void> {
  const words = WORDS[locale];
  const area = page.getByRole('textbox', { name: EDITOR_LABEL[locale], exact: true });
  await area.click();
  await area.pressSequentially(words.before);
  await page.keyboard.press('Control+b');
  await area.pressSequentially(words.bold);
  assert.equal(await page.getByRole('button', { name: BOLD[locale] }).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('Control+b');
  await area.pressSequentially(words.after);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: BULLETS[locale] }).click();
  await area.pressSequentially(words.items[0]!);
  await page.keyboard.press('Enter');
  await area.pressSequentially(words.items[1]!);
}

/** Opens the notice form and waits until the editor stands. */
async function openForm(page: Page, locale: Locale): Promise<void> {
  await page.goto('/supplier/newannounce');
  await page.getByRole('textbox', { name: EDITOR_LABEL[locale], exact: true }).waitFor({ timeout: WAIT });
}

describe('notices: the rich-text editor from writing to reading', () => {
  let browser: Browser;
  /** The writer's browser watches its own console: launchBrowser's would fail on the refusal above. */
  let writerBrowser: Browser;
  let buyer: Page;
  let writer: Page;
  let supplier: Page;
  const dialogs: string[] = [];
  const writerErrors: string[] = [];
  const title = `Holiday schedule ${Date.now() % 1e8}`;
  let noticeId = '';
  const step = serialSteps();

  before(async () => {
    browser = await launchBrowser();
    writerBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    buyer = await (await newContext(browser)).newPage();
    writer = await (await newContext(writerBrowser)).newPage();
    writer.on('pageerror', (err) => writerErrors.push(`uncaught: ${err.message}`));
    writer.on('console', (message) => {
      if (message.type() === 'error') writerErrors.push(message.text());
    });
    supplier = await (await newContext(browser)).newPage();
    for (const page of [buyer, writer, supplier]) {
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
    }
  });
  after(async () => {
    await writerBrowser?.close();
    await browser?.close();
  });

  step('the login page and the shell load no editor code; the notice form does', async () => {
    await buyer.goto('/login');
    await settled(buyer);
    assert.deepEqual(await editorScripts(buyer, await scriptsOf(buyer)), [], 'editor code on the login page');
    await signIn(buyer, 'buyer');
    await settled(buyer);
    const shell = await scriptsOf(buyer);
    assert.deepEqual(await editorScripts(buyer, shell), [], 'editor code in the shell');
    await openForm(buyer, 'en-US');
    const form = (await scriptsOf(buyer)).filter((url) => !shell.includes(url));
    assert.notDeepEqual(await editorScripts(buyer, form), [], 'the notice form loads the editor');
  });

  step('the buyer writes bold words and a list, pastes an image with a handler, and publishes', async () => {
    await signIn(writer, 'buyer');
    await openForm(writer, 'en-US');
    await writer.getByLabel('Title', { exact: true }).fill(title);
    await writer.getByLabel('Suppliers', { exact: true }).fill('S00001');
    await pick(writer, 'S00001');
    await writer.keyboard.press('Escape');
    await writeNotice(writer, 'en-US');

    const area = writer.getByRole('textbox', { name: 'Content', exact: true });
    await area.press('Enter');
    await area.press('Enter');
    await area.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted note');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PASTED);
    await area.getByText('note', { exact: true }).waitFor();
    assert.equal(await area.locator('img').count(), 0, 'the pasted image stays out of the document');
    assert.equal(await area.locator('strong').first().innerText(), '5 February');
    assert.equal(await area.locator('ul > li').count(), 2);

    await writer.getByRole('button', { name: 'Save and publish' }).click();
    await writer.waitForURL(/\/supplier\/supnotificate\/detail\?id=\d+/, { timeout: WAIT });
    noticeId = new URL(writer.url()).searchParams.get('id') ?? '';
    const shown = writer.locator('.notice-content');
    await shown.locator('strong', { hasText: '5 February' }).waitFor({ timeout: WAIT });
    assert.equal(await shown.locator('img').count(), 0);
    assert.deepEqual(
      writerErrors.filter((e) => !HANDLER_REFUSED.test(e) && !e.startsWith('Failed to load resource')),
      [],
      "only refusals of the pasted handler on the writer's page",
    );
  });

  step('the supplier reads the notice formatted, and nothing pasted ran on either side', async () => {
    await signIn(supplier, 'supplier');
    await supplier.goto(`/sale/custnotificate/detail?id=${noticeId}`);
    const shown = supplier.locator('.notice-content');
    await shown.waitFor({ timeout: WAIT });
    await supplier.getByText(title).first().waitFor({ timeout: WAIT });
    assert.equal(await shown.locator('strong').first().innerText(), '5 February');
    assert.deepEqual(await shown.locator('ul > li').allInnerTexts(), WORDS['en-US'].items);
    assert.equal(await shown.locator('b, strong').filter({ hasText: 'note' }).count(), 1);
    const html = await shown.innerHTML();
    assert.doesNotMatch(html, /<img|onerror|<script|javascript:/i);
    // Give a handler that slipped through the time to fire before looking.
    await supplier.waitForTimeout(500);
    assert.deepEqual(dialogs, [], 'no alert opened');
  });

  step('the editor in zh-CN at 1366 × 768 and 390 × 844, with no serious axe finding', async () => {
    for (const [name, viewport] of [
      ['1366', { width: 1366, height: 768 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      const page = await (await newContext(browser, { locale: 'zh-CN', viewport })).newPage();
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await signIn(page, 'buyer', undefined, 'zh-CN');
      await openForm(page, 'zh-CN');
      await writeNotice(page, 'zh-CN');
      await page.locator('.rich-text-editor').scrollIntoViewIfNeeded();
      await settled(page);
      await screenshot(page, `notices-editor-${name}-zh-CN`);
      assert.deepEqual(await audit(page, '.rich-text-editor'), [], `axe on the editor at ${name}`);
      await page.getByRole('button', { name: '插入链接' }).click();
      await page.locator('.ant-modal:not([class*="ant-zoom"])').waitFor({ timeout: WAIT });
      assert.deepEqual(await audit(page, '.ant-modal'), [], `axe on the link dialog at ${name}`);
      await page.context().close();
    }
    assert.deepEqual(dialogs, []);
  });
});
