import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { LOCALES, type Locale } from '@concord/shared';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { flattenRoutes, type MenuGroupKey, ROUTE_GROUPS } from '../../apps/web/src/app/routes.ts';
import { launchBrowser, screenshot } from '../browser.ts';
import { DESKTOP, newContext, signIn, TEXT, WAIT } from '../support.ts';

/**
 * Issue 18 §6 (docs/accessibility.md): axe-core over every route of the route table, as the side the
 * route belongs to, in one of the languages by turns (`auditedIn`), and over the public pages and the
 * open dialogs and drawers of the main forms in every language. A
 * serious or critical violation fails the flow; the message names the page, the rule, the elements and
 * axe's help, and lists every violation of the run rather than the first.
 */

/**
 * axe's source, evaluated through the debugging protocol: the app's Content-Security-Policy refuses
 * inline scripts (page.addScriptTag), and the pages are audited under their real policy.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** The shell audited once per menu entry; the pages between audit what the route itself shows. */
const SHELL = ['.ant-layout-sider', '.shell-header', '.tags-view'];
/** Still loading: antd spinners and skeletons. */
const LOADING = '.ant-spin-spinning, .ant-skeleton-active';

/** The words the flow clicks, per language (written out, as in support.ts TEXT). */
const WORDS = {
  'en-US': { propose: 'Propose', supplyGroup: 'Supply management' },
  'zh-CN': { propose: '反馈', supplyGroup: '供应管理' },
  'zh-TW': { propose: '回覆', supplyGroup: '供應管理' },
} satisfies Record<Locale, Record<string, string>>;

interface Violation {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

type User = 'buyer' | 'supplier';

/** The purchase side as the buyer, the supply side as the supplier; the shared groups as the buyer. */
const SIDES: { user: User; groups: MenuGroupKey[] }[] = [
  { user: 'buyer', groups: ['basic', 'purchase', 'process', 'config'] },
  { user: 'supplier', groups: ['basic', 'supply'] },
];

interface RouteToVisit {
  path: string;
  hidden: boolean;
  /** The top-level menu entry it sits under: the shell is audited once per entry. */
  entry: string;
}

const routesOf = (groups: MenuGroupKey[]): RouteToVisit[] =>
  ROUTE_GROUPS.filter((g) => groups.includes(g.key)).flatMap((g) =>
    flattenRoutes(g.routes).map(({ node, parents }) => ({
      path: node.path,
      hidden: node.hidden === true,
      entry: (parents[0] ?? node).path,
    })),
  );

/** How long the page must not have changed: React may still commit what the last answer brought. */
const QUIET_MS = 150;

/**
 * Records in the page when its DOM last changed, and when the shell's content did (installed before
 * any document loads).
 */
function watchMutations(): void {
  const w = window as unknown as { lastMutation: number; lastContentMutation: number };
  w.lastMutation = performance.now();
  w.lastContentMutation = 0;
  new MutationObserver((records) => {
    w.lastMutation = performance.now();
    const inContent = records.some((r) => {
      const el = r.target instanceof Element ? r.target : r.target.parentElement;
      return !!el?.closest('.shell-content');
    });
    if (inContent) w.lastContentMutation = w.lastMutation;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Nothing loading, nothing changed for a moment and nothing moving: a dialog zooming in or a menu
 * item's background fading to the selected colour is half transparent, which reads as low contrast.
 * Endless animations (a processing badge's pulse) do not count.
 */
function stillness({ loading, quietMs }: { loading: string; quietMs: number }): boolean {
  const w = window as unknown as { lastMutation: number; lastContentMutation: number; navigatedAt?: number };
  if (document.querySelector(loading)) return false;
  // The old page stays while the new route loads: until the content has changed, it has not arrived.
  if (w.navigatedAt !== undefined && w.lastContentMutation <= w.navigatedAt) return false;
  if (performance.now() - w.lastMutation < quietMs) return false;
  return document
    .getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY);
}

/**
 * Resolves once the page has stopped loading: no request in flight (the websocket is not one), nothing
 * busy, changing or moving on screen, and still no request a frame later — an answer may start the
 * next query.
 */
async function loadWatcher(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(watchMutations);
  // The app honours "reduce motion" (antd's animations off): a page is still as soon as it has rendered.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const inFlight = new Set<Request>();
  // A report of a client error changes nothing on screen (and the browser error fails the flow anyway).
  page.on('request', (r) => {
    if (!r.url().endsWith('/system/client-errors')) inFlight.add(r);
  });
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async () => {
    const deadline = Date.now() + WAIT;
    for (let calm = 0; calm < 2; ) {
      const left = deadline - Date.now();
      const idle =
        left > 0 &&
        (await page
          .waitForFunction(stillness, { loading: LOADING, quietMs: QUIET_MS }, { polling: 'raf', timeout: left })
          .then(
            () => true,
            () => false,
          ));
      if (!idle || Date.now() > deadline) {
        const busy = await page.evaluate((sel) => document.querySelector(sel)?.outerHTML.slice(0, 200), LOADING);
        throw new Error(
          `${page.url()} kept loading: ${busy ?? ([...inFlight].map((r) => r.url()).join(', ') || 'moving')}`,
        );
      }
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))));
      calm = inFlight.size === 0 ? calm + 1 : 0;
    }
  };
}

/** axe on the page as it is (without the shell when `shell` is false): its serious and critical findings. */
async function audit(page: Page, where: string, shell = true): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length ? { exclude: exclude.map((s) => [s]) } : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        // A contrast finding says which colours met: "selector (#777777 on #ffffff 4.48)".
        targets: v.nodes.map((n) => {
          const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
          const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor} ${data.contrastRatio})` : '';
          return `${n.target.join(' ')}${colours}`;
        }),
      }));
    },
    { tags: AXE_TAGS, exclude: shell ? [] : SHELL },
  );
  return found.filter((v) => BLOCKING.has(v.impact)).map((v) => ({ ...v, where }));
}

/** Client-side navigation, as a menu click does: the app stays loaded from route to route. */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    // A menu entry redirects to its first page, which may be the next route: it is there already.
    if (`${window.location.pathname}${window.location.search}` === to) return;
    (window as unknown as { navigatedAt: number }).navigatedAt = performance.now();
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Links on the page to routes of `wanted`, so a detail route opens on a real document. */
async function collectLinks(page: Page, wanted: Set<string>, found: Map<string, string>): Promise<void> {
  const hrefs = await page.$$eval('a[href^="/"]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    const path = href.split('?')[0]!;
    if (wanted.has(path) && !found.has(path)) found.set(path, href);
  }
}

function report(violations: Violation[]): string {
  const byRule = new Map<string, Violation[]>();
  for (const v of violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v]);
  const elements = violations.reduce((n, v) => n + v.targets.length, 0);
  const lines = [`${violations.length} serious or critical violations (${elements} elements)`];
  for (const [rule, list] of byRule) {
    lines.push(`\n${rule} (${list[0]!.impact}): ${list[0]!.help} — on ${list.length} pages`);
    for (const v of list) lines.push(`  ${v.where}: ${v.targets.slice(0, 4).join(' | ')}`);
  }
  return lines.join('\n');
}

/** Opens a dialog or drawer with `open`, audits the page with it open, and closes it with Escape. */
async function auditOpened(page: Page, settle: () => Promise<void>, where: string, open: () => Promise<void>) {
  await open();
  const surface = page.locator('.ant-modal-wrap:visible, .ant-drawer-open .ant-drawer-content-wrapper:visible').last();
  await surface.waitFor({ timeout: WAIT });
  await settle();
  const found = await audit(page, where);
  await page.keyboard.press('Escape');
  await surface.waitFor({ state: 'hidden', timeout: WAIT });
  await settle();
  return found;
}

const toolbarButton = (page: Page, icon: string): Locator =>
  page.locator(`.list-toolbar button:has(.anticon-${icon}):visible`).first();

/** The buyer's main forms: list columns, invitations, a new department, the shell's drawers, a phone's filters. */
async function auditBuyerDialogs(page: Page, settle: () => Promise<void>, locale: Locale): Promise<Violation[]> {
  const found: Violation[] = [];
  const on = async (path: string, name: string, open: () => Promise<void>) => {
    if (new URL(page.url()).pathname !== path) {
      await navigate(page, path);
      await settle();
    }
    const where = `${path} ${name} (buyer, ${locale})`;
    try {
      found.push(...(await auditOpened(page, settle, where, open)));
    } catch (error) {
      // A dialog that does not open (or close) is reported with the rest; the next one is tried.
      found.push({ where, rule: 'dialog-opens', impact: 'critical', help: (error as Error).message, targets: [] });
      await page.keyboard.press('Escape');
    }
  };
  await on('/supplier/supfile', 'column settings', () => toolbarButton(page, 'setting').click());
  await on('/supplier/supfile', 'invite supplier', () => toolbarButton(page, 'user-add').click());
  await on('/staff', 'invite staff', () => toolbarButton(page, 'user-add').click());
  await on('/jurisdiction/dept', 'new department', () =>
    page.locator('.ant-btn-primary:has(.anticon-plus)').first().click(),
  );
  await on('/enterpriseinformation', 'settings drawer', () =>
    page.locator('.shell-header button:has(.anticon-setting)').click(),
  );
  await on('/enterpriseinformation', 'change password', async () => {
    await page.locator('.shell-header button:has(.ant-avatar)').click();
    await page.locator('.ant-dropdown:visible [data-menu-id$="-password"]').click();
  });
  // A phone folds the list's filters into a drawer and the menu into another (UI.md, below 992 px).
  await page.setViewportSize({ width: 390, height: 844 });
  await on('/procurementConsignment/order', 'filters drawer (390 px)', () => toolbarButton(page, 'filter').click());
  await on('/procurementConsignment/order', 'menu drawer (390 px)', () =>
    page.locator('.shell-header button:has(.anticon-menu-unfold, .anticon-menu-fold)').first().click(),
  );
  await page.setViewportSize(DESKTOP);
  return found;
}

/** The supplier's answer to an order line: the first order of the list with a line to answer. */
async function auditAnswerDialog(page: Page, settle: () => Promise<void>, locale: Locale): Promise<Violation[]> {
  await navigate(page, '/customer/order');
  await settle();
  const orders = await page.$$eval('a[href^="/customer/order/detail"]', (as) => as.map((a) => a.getAttribute('href')!));
  for (const href of orders) {
    await navigate(page, href);
    await settle();
    const propose = page.getByRole('button', { name: WORDS[locale].propose, exact: true }).first();
    if (await propose.count()) {
      return auditOpened(page, settle, `${href} answer dialog (supplier, ${locale})`, () => propose.click());
    }
  }
  throw new Error(`no order of ${orders.length} on /customer/order has a line to answer`);
}

/** Every route of `groups` in table order, each audited once it has settled. */
/**
 * The language a menu entry's routes are walked in this run: entries are dealt to the three languages in
 * turn, starting one further each day, so each run audits every route once (the whole walk three times
 * took six of CI's 25 minutes) and three days audit every route in every language. The public pages and
 * the main dialogs are audited in all three every run.
 */
function auditedIn(routes: RouteToVisit[], entry: string): Locale {
  const entries = [...new Set(routes.map((r) => r.entry))];
  const day = Math.floor(Date.now() / 86_400_000);
  return LOCALES[(entries.indexOf(entry) + day) % LOCALES.length]!;
}

async function walkRoutes(
  page: Page,
  settle: () => Promise<void>,
  user: User,
  locale: Locale,
  groups: MenuGroupKey[],
): Promise<Violation[]> {
  const all = routesOf(groups);
  const hidden = new Set(all.filter((r) => r.hidden).map((r) => r.path));
  const routes = all.filter((r) => auditedIn(all, r.entry) === locale);
  const links = new Map<string, string>();
  const entries = new Set<string>();
  const found: Violation[] = [];
  for (const { path, hidden: isHidden, entry } of routes) {
    // A detail opens on a document linked from a page before it; a form or a page without one opens bare.
    const url = isHidden ? (links.get(path) ?? path) : path;
    const where = `${url} (${user}, ${locale})`;
    await navigate(page, url);
    try {
      await settle();
    } catch (error) {
      // A page that never finishes loading is a finding of its own; the walk goes on.
      found.push({ where, rule: 'page-settles', impact: 'critical', help: (error as Error).message, targets: [] });
      continue;
    }
    await collectLinks(page, hidden, links);
    found.push(...(await audit(page, where, !entries.has(entry))));
    entries.add(entry);
  }
  return found;
}

/**
 * Issue 18 §3, on a page freshly opened from the address bar: a supplier enterprise finds the supply
 * group first under the basic one, and the menu entries are links.
 */
async function checkSupplierMenu(context: BrowserContext, locale: Locale): Promise<void> {
  const page = await context.newPage();
  const settle = await loadWatcher(page);
  await page.goto('/customer/order');
  await settle();
  const groupTitles = await page.locator('.ant-layout-sider .ant-menu-item-group-title').allInnerTexts();
  assert.deepEqual(groupTitles.slice(0, 2), [TEXT[locale].basicGroup, WORDS[locale].supplyGroup]);
  assert.equal(await page.locator('.ant-layout-sider a[href="/customer/order"]').count(), 1, 'the entry is a link');
  if (locale === 'zh-CN') await screenshot(page, 'accessibility-supplier-menu-zh-CN');
  await page.close();
}

// One context per language at a time: the browser audits one page while the next one loads.
describe('accessibility: axe-core finds no serious or critical violation', { concurrency: LOCALES.length }, () => {
  let browser: Browser;
  const all: Violation[] = [];

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    console.log(report(all));
    await browser?.close();
  });

  for (const locale of LOCALES) {
    it(`the public pages in ${locale}`, async () => {
      const context = await newContext(browser, { locale });
      const page = await context.newPage();
      const settle = await loadWatcher(page);
      const found: Violation[] = [];
      for (const path of ['/login', '/register', '/resetpsw', '/404']) {
        await page.goto(path);
        await settle();
        found.push(...(await audit(page, `${path} (${locale})`)));
      }
      await context.close();
      all.push(...found);
      assert.equal(found.length, 0, report(found));
    });

    for (const { user, groups } of SIDES) {
      it(`the ${user}'s routes dealt to ${locale} today, and its main dialogs`, async () => {
        const context = await newContext(browser, { locale });
        const page = await context.newPage();
        const settle = await loadWatcher(page);
        await signIn(page, user, undefined, locale);
        await settle();

        const found: Violation[] = [];
        try {
          found.push(...(await walkRoutes(page, settle, user, locale, groups)));
          if (user === 'buyer') found.push(...(await auditBuyerDialogs(page, settle, locale)));
          else {
            found.push(...(await auditAnswerDialog(page, settle, locale)));
            await checkSupplierMenu(context, locale);
          }
        } finally {
          await context.close();
          all.push(...found);
        }
        assert.equal(found.length, 0, report(found));
      });
    }
  }
});
