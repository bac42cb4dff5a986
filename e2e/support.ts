import { type TestContext, it as test } from 'node:test';
import { LANGUAGE_COOKIE, type Locale } from '@concord/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, outboxCode } from './browser.ts';

/** A day as the demo enterprises count it (Asia/Shanghai), whatever the machine's zone: `yyyy-MM-dd`. */
export const demoDay = (d = new Date()) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });

export const DESKTOP = { width: 1366, height: 800 };

/**
 * The few words the flows look for, written out per language rather than imported from the web's
 * locale files, so that a wrong translation fails a flow instead of being repeated by it.
 */
export const TEXT = {
  'en-US': {
    account: 'Account',
    password: 'Password',
    agreement: 'I have read and accept the user agreement and privacy policy',
    login: 'Log in',
    badCredentials: 'User name does not exist or the password is wrong',
    basicGroup: 'Basic',
    enterpriseInfo: 'Enterprise information',
    notifications: 'Notifications',
    messageCentre: 'Message centre',
    registerTitle: 'Create your account',
    purchaseGroup: 'Purchase collaboration',
    supplierManagement: 'Supplier management',
  },
  'zh-CN': {
    account: '账号',
    password: '密码',
    agreement: '我已阅读并同意《用户协议》和《隐私政策》',
    login: '登录',
    badCredentials: '用户名不存在或者密码错误',
    basicGroup: '基础',
    enterpriseInfo: '企业信息',
    notifications: '通知',
    messageCentre: '消息中心',
    registerTitle: '注册账号',
    purchaseGroup: '采购协同',
    supplierManagement: '供应商管理',
  },
  'zh-TW': {
    account: '帳號',
    password: '密碼',
    agreement: '我已閱讀並同意《使用者協議》及《隱私權政策》',
    login: '登入',
    badCredentials: '使用者名稱不存在或者密碼錯誤',
    basicGroup: '基本',
    enterpriseInfo: '企業資料',
    notifications: '通知',
    messageCentre: '訊息中心',
    registerTitle: '註冊帳號',
    purchaseGroup: '採購協同',
    supplierManagement: '供應商管理',
  },
} satisfies Record<Locale, Record<string, string>>;

/** antd puts a space between the two characters of a Chinese button label ("登 录"). */
export function buttonName(label: string): RegExp {
  return new RegExp(`^${[...label].join('\\s?')}$`);
}

/** A form label, with or without the asterisk antd puts before a required field's label. */
export function label(text: string): RegExp {
  return new RegExp(`^(\\*\\s*)?${text}$`);
}

/**
 * A browser context whose language cookie is already set, as if the user had picked it before. The
 * browser itself stays English, so a Chinese page proves that the cookie wins over the browser language.
 */
export async function newContext(
  browser: Browser,
  { locale = 'en-US', viewport = DESKTOP }: { locale?: Locale; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, locale: 'en-US' });
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: locale, url: BASE_URL }]);
  // Everything is local: a state not reached in 15 s will not be reached, and the failure comes sooner.
  context.setDefaultTimeout(15_000);
  return context;
}

/** Fills the account tab of /login and ticks the agreement; the caller checks what happens next. */
export async function submitLogin(page: Page, username: string, password: string, locale: Locale = 'en-US') {
  const text = TEXT[locale];
  await page.goto('/login');
  await page.getByRole('textbox', { name: text.account }).fill(username);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole('checkbox', { name: text.agreement }).check();
  await page.getByRole('button', { name: buttonName(text.login) }).click();
}

/**
 * Signs in and waits until the app has loaded the user. Leaving the page while
 * /admin/user/info is still on its way makes the login guard sign the user out, so a flow that goes on
 * with page.goto must not start before that request has finished.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, locale: Locale = 'en-US') {
  const userInfo = page.waitForResponse((r) => new URL(r.url()).pathname === '/gateway/admin/user/info');
  await submitLogin(page, username, password, locale);
  await (await userInfo).finished();
  // The shell renders only once the guard holds the user.
  await page.locator('.shell-header').waitFor();
}

let counter = 0;

/** Unique per run and per call, so flows can be repeated against a database that is not fresh. */
export function uniqueUser(prefix: string): { username: string; mobile: string; email: string } {
  counter += 1;
  const stamp = `${Date.now() % 1e8}`.padStart(8, '0') + String(counter % 10);
  return {
    username: `${prefix}${stamp}`,
    mobile: `13${stamp}`,
    email: `${prefix}${stamp}@example.com`,
  };
}

/** Registers through /register (English), reading the SMS code from the development outbox. */
export async function register(
  page: Page,
  user: { username: string; mobile: string; email: string },
  password: string,
) {
  await page.goto('/register');
  await page.getByLabel(label('User name')).fill(user.username);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(user.mobile);
  await page.getByLabel(label('E-mail')).fill(user.email);
  await page.getByRole('button', { name: 'Get code' }).click();
  await page.getByText('The verification code has been sent').waitFor();
  await page.getByRole('textbox', { name: 'Verification code' }).fill(await outboxCode(`+86${user.mobile}`));
  await page.getByLabel(label('Password')).fill(password);
  await page.getByLabel(label('Confirm password')).fill(password);
  await page.getByRole('checkbox', { name: TEXT['en-US'].agreement }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByText(`Account ${user.username} created, please log in`).waitFor();
  await page.waitForURL('**/login');
}

/** Waits until no spinner or skeleton is left, so a screenshot shows the page rather than its loading state. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'));
}

// i18next shows the key itself when a translation is missing, e.g. "auth.loginTitle".
const RAW_KEY =
  /\b(common|errors|menuGroups|routes|layout|settings|account|auth|register|reset|qr|outbox|profile|enterprise|upload|messages|list|result|notAvailable|realtime)\.[a-zA-Z]/;

/** The visible text holds no untranslated message key. */
export async function visibleKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text.split('\n').filter((line) => RAW_KEY.test(line));
}

/** The machine running the flows is shared and slow; a step not done in 30 s will not be done. */
export const WAIT = 30_000;

/** The dialog, once antd's zoom-in has ended: a click during the animation may land nowhere. */
export async function opened(dialog: Locator): Promise<Locator> {
  await dialog.and(dialog.page().locator('.ant-modal:not([class*="ant-zoom"])')).waitFor({ timeout: WAIT });
  return dialog;
}

/** Picks the option showing `option` of the open select dropdown, once it has stopped sliding in. */
export async function pick(page: Page, option: string | RegExp, timeout = WAIT): Promise<void> {
  await page
    .locator('.ant-select-dropdown:visible:not([class*="ant-slide"]) .ant-select-item-option', { hasText: option })
    .first()
    .click({ timeout });
}

/**
 * `it` for a flow whose steps build on each other: once a step fails, the later ones are skipped
 * instead of failing for the same cause. Each flow file takes its own.
 */
export function serialSteps(): (name: string, fn: () => Promise<void>) => void {
  let broken = false;
  return (name, fn) =>
    test(name, async (t: TestContext) => {
      if (broken) {
        t.skip('an earlier step failed');
        return;
      }
      try {
        await fn();
      } catch (err) {
        broken = true;
        throw err;
      }
    });
}
