import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config, DevOutbox } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { isLoopbackClient } from './http.ts';
import { newId } from './ids.ts';

export type Channel = 'sms' | 'email';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  /** Marks a verification code: the only kind of message a public demo's outbox keeps. */
  kind?: 'verification-code';
}

/** Something that delivers SMS or e-mail. Verification codes and notifications go through it. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Development provider: records the message so the developer or demo user can read it. A public demo
 * keeps verification codes only: an invitation link would let a stranger into an enterprise (invitees
 * find their invitations on the personal centre without the link), a notification shows its documents.
 */
export function outboxProvider(db: Db, mode: Exclude<DevOutbox, 'off'>, log: FastifyBaseLogger): MessageProvider {
  return {
    async send(m) {
      if (mode === 'public-demo' && m.kind !== 'verification-code') {
        log.info({ channel: m.channel }, 'public demo: message not kept, the outbox shows verification codes only');
        return;
      }
      const { channel, recipient, subject, body } = m;
      await db.insert(outbox).values({ id: newId(), channel, recipient, subject, body });
    },
  };
}

/**
 * A channel with neither a transport nor an outbox: the message goes nowhere, said in the log. The caller
 * answers as if it was sent, the same for every recipient, so the answer tells no one whether an
 * account exists; the start-up warning tells the operator.
 */
function undeliveredProvider(log: FastifyBaseLogger): MessageProvider {
  return {
    async send(m) {
      log.warn(
        { channel: m.channel },
        `no ${m.channel === 'sms' ? 'SMS_HTTP_URL' : 'SMTP_HOST'} configured: message not sent`,
      );
    },
  };
}

export function smtpProvider(smtp: NonNullable<Config['smtp']>): MessageProvider {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
    tls: { rejectUnauthorized: !smtp.insecureTls },
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

/**
 * E-mail over SMTP when configured, SMS over HTTP when configured; an unconfigured channel goes to the
 * development outbox when it is on (only possible while neither is configured), and nowhere otherwise.
 */
export function createMessageProvider(config: Config, db: Db, log: FastifyBaseLogger): MessageProvider {
  const fallback = config.devOutbox === 'off' ? undeliveredProvider(log) : outboxProvider(db, config.devOutbox, log);
  const email = config.smtp ? smtpProvider(config.smtp) : fallback;
  const sms = config.smsHttpUrl ? httpSmsProvider(config.smsHttpUrl) : fallback;
  return { send: (m) => (m.channel === 'email' ? email : sms).send(m) };
}

/** Whether this caller may read the development outbox; anyone else gets the answer of a missing route. */
export function mayReadOutbox(config: Config, req: FastifyRequest): boolean {
  if (config.devOutbox === 'public-demo') return true;
  return config.devOutbox === 'local' && isLoopbackClient(req);
}

export function listOutbox(db: Db, recipient: string | undefined) {
  return db
    .select()
    .from(outbox)
    .where(recipient ? eq(outbox.recipient, recipient) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(50);
}

/** A public demo starts with an empty outbox: rows kept under `local` may hold invitation links. */
export async function openDevOutbox(config: Config, db: Db): Promise<void> {
  if (config.devOutbox === 'public-demo') await db.delete(outbox);
}
