import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { as, DEMO_PASSWORD, login, openTestDatabase } from './helpers.ts';

/**
 * E-mail through the real SMTP provider (nodemailer) into an `smtp-server` on loopback: the app is built
 * without the capturing test provider, so codes travel exactly as in production.
 */

const SMTP_USER = 'concord-mailer';
const SMTP_PASS = 'smtp-test-password';
const FROM = 'Concord SRM <no-reply@concord.test>';

interface Received {
  /** The SMTP user the app authenticated as. */
  user: unknown;
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
}

/** What the SMTP server does with the next connections. */
let mode: 'accept' | 'refuse-connection' | 'reject-recipient' = 'accept';
const inbox: Received[] = [];

function smtpOptions(): SMTPServerOptions {
  return {
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      if (mode === 'refuse-connection') {
        return callback(Object.assign(new Error('Service temporarily unavailable'), { responseCode: 421 }));
      }
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username !== SMTP_USER || auth.password !== SMTP_PASS) {
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (mode === 'reject-recipient') {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          ...parseMessage(Buffer.concat(chunks).toString('latin1')),
          user: session.user,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    );
}

function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A minimal parser for the single-part text messages the app sends. */
function parseMessage(raw: string): { headers: Map<string, string>; subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body, 'latin1');
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: bytes.toString('utf8').replace(/\r\n$/, ''),
  };
}

let smtp: SMTPServer;
let smtpPort: number;
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;

async function listenSmtp(port: number) {
  smtp = new SMTPServer(smtpOptions());
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  smtpPort = (smtp.server.address() as AddressInfo).port;
}

const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));

beforeAll(async () => {
  await listenSmtp(0);
  ({ database, drop } = await openTestDatabase({ seeded: true }));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'concord-mail-'));
  const config = loadConfig({
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    SMTP_USER,
    SMTP_PASS,
    SMTP_FROM: FROM,
  });
  // No provider override: the app builds its real one (SMTP for e-mail; SMS, with no gateway, goes nowhere).
  app = await buildApp({ database, config, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await closeSmtp();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  mode = 'accept';
});

const forgetCode = (account: string, language: string) =>
  app.inject({
    method: 'GET',
    url: `/gateway/admin/sysuserinfo/getForgetPswdCode?account=${encodeURIComponent(account)}`,
    headers: { 'accept-language': language },
  });

function codeIn(message: Received | undefined): string {
  const code = message?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in ${message?.text}`);
  return code;
}

async function liveCodes(username: string) {
  const res = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from verification_codes v join users u on v.target = 'user:' || u.id::text
        where u.username = ${username} and v.purpose = 'forget' and v.used_at is null and v.expires_at > now()`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Lets the next code be sent at once instead of waiting out the 60-second resend pause. */
async function endResendPause(username: string) {
  await database.db.execute(
    sql`update verification_codes set created_at = created_at - interval '61 seconds'
        where target = (select 'user:' || id::text from users where username = ${username})`,
  );
}

describe('verification codes by e-mail over SMTP', () => {
  it('delivers a localized forgot-password code that resets the password exactly once', async () => {
    const before = inbox.length;
    const sent = await forgetCode('buyer@huaxin.example', 'zh-CN,zh;q=0.9');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ code: 0, msg: '验证码已发送', data: null });
    // The reply came after the SMTP server accepted the message: it is already in the inbox.
    expect(inbox).toHaveLength(before + 1);
    const mail = inbox.at(-1)!;
    expect(mail.user).toBe(SMTP_USER);
    expect(mail.envelopeFrom).toBe('no-reply@concord.test');
    expect(mail.envelopeTo).toEqual(['buyer@huaxin.example']);
    expect(mail.headers.get('to')).toBe('buyer@huaxin.example');
    expect(decodeWords(mail.headers.get('from') ?? '')).toBe(FROM);
    expect(mail.subject).toBe('Concord SRM 验证码');
    expect(mail.text).toMatch(/^您的验证码为 \d{6}，10 分钟内有效。$/);

    const code = codeIn(mail);
    const verified = await as(app).post('/gateway/admin/sysuserinfo/validateForgetPswdCode', {
      account: 'buyer@huaxin.example',
      code,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const ticket = verified.json().data.ticket as string;
    const reset = await as(app).post('/gateway/admin/sysuserinfo/resetPaswd', {
      account: 'buyer@huaxin.example',
      ticket,
      password: 'Mailed#Reset2026',
      password2: 'Mailed#Reset2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await login(app, 'buyer', 'Mailed#Reset2026');
    await expect(login(app, 'buyer', DEMO_PASSWORD)).rejects.toThrow(/426/);

    const again = await as(app).post('/gateway/admin/sysuserinfo/validateForgetPswdCode', {
      account: 'buyer@huaxin.example',
      code,
    });
    expect(again.statusCode).toBe(428);
    expect(again.json().errorCode).toBe('BAD_CODE');
  });

  it.each([
    [
      'en-US',
      'clerk@huaxin.example',
      'Concord SRM verification code',
      /^Your verification code is \d{6}\. It is valid for 10 minutes\.$/,
    ],
    ['zh-TW', 'sales@szprecision.example', 'Concord SRM 驗證碼', /^您的驗證碼為 \d{6}，10 分鐘內有效。$/],
  ])('writes %s to a reader of that language', async (language, email, subject, body) => {
    const res = await forgetCode(email, language);
    expect(res.statusCode, res.body).toBe(200);
    const mail = inbox.at(-1)!;
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toMatch(body);
  });

  it('sends nothing for an address that is no account, with the same answer', async () => {
    const before = inbox.length;
    const res = await forgetCode('nobody@nowhere.example', 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'The verification code has been sent', data: null });
    expect(inbox).toHaveLength(before);
  });
});

describe('SMTP failures', () => {
  /** Asking again at once is not "too soon" (the failed attempt left no code) and the new code works. */
  async function expectResendWorks(email: string) {
    mode = 'accept';
    const before = inbox.length;
    const retry = await forgetCode(email, 'en-US');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(inbox).toHaveLength(before + 1);
    expect(inbox.at(-1)?.envelopeTo).toEqual([email]);
    const verified = await as(app).post('/gateway/admin/sysuserinfo/validateForgetPswdCode', {
      account: email,
      code: codeIn(inbox.at(-1)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  /** A failed send answers a clear error and keeps no undelivered code. */
  async function expectFailedSend(username: string, email: string) {
    await endResendPause(username);
    const live = await liveCodes(username);
    const before = inbox.length;
    const res = await forgetCode(email, 'zh-CN');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 1, errorCode: 'INTERNAL', msg: '服务器错误，请稍后重试' });
    expect(inbox).toHaveLength(before);
    expect(await liveCodes(username)).toBe(live);
  }

  it('reports a refused recipient and lets the user ask again at once', async () => {
    mode = 'reject-recipient';
    await expectFailedSend('buyer.clerk', 'clerk@huaxin.example');
    await expectResendWorks('clerk@huaxin.example');
  });

  it('reports a server refusing connections (421) the same way', async () => {
    mode = 'refuse-connection';
    await expectFailedSend('supplier', 'sales@szprecision.example');
    await expectResendWorks('sales@szprecision.example');
  });

  it('reports a server that is down, and delivers again once it is back', async () => {
    const port = smtpPort;
    await closeSmtp();
    try {
      await expectFailedSend('supplier2', 'sales@szplastics.example');
    } finally {
      await listenSmtp(port);
    }
    await expectResendWorks('sales@szplastics.example');
  });
});
