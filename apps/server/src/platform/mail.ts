import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { newId } from './ids.ts';

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
}

/** Something that delivers SMS or e-mail. Verification codes and notifications go through it. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/** Development provider: records the message so the developer or demo user can read it. */
export function outboxProvider(db: Db): MessageProvider {
  return {
    async send(m) {
      await db.insert(outbox).values({ id: newId(), ...m });
    },
  };
}

export function smtpProvider(smtp: NonNullable<Config['smtp']>): MessageProvider {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    tls: { rejectUnauthorized: process.env.SMTP_INSECURE_TLS !== 'true' },
    // Codes are sent while the user waits: a dead or stalled server must fail in seconds, not minutes
    // (nodemailer's defaults are 2 minutes to connect and 10 minutes of socket inactivity).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(m) {
      await transport.sendMail({ from: smtp.from, to: m.recipient, subject: m.subject, text: m.body });
    },
  };
}

/** Generic SMS gateway: POST {to, text} as JSON to the configured URL. */
export function httpSmsProvider(url: string): MessageProvider {
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.recipient, text: `${m.subject}: ${m.body}` }),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** E-mail over SMTP when configured, SMS over HTTP when configured, the outbox otherwise. */
export function createMessageProvider(config: Config, db: Db): MessageProvider {
  const fallback = outboxProvider(db);
  const email = config.smtp ? smtpProvider(config.smtp) : fallback;
  const sms = config.smsHttpUrl ? httpSmsProvider(config.smsHttpUrl) : fallback;
  return { send: (m) => (m.channel === 'email' ? email : sms).send(m) };
}
