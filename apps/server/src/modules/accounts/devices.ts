import { randomBytes } from 'node:crypto';
import type { Locale } from '@concord/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverSecret } from '../../platform/secrets.ts';
import type { Services } from '../../platform/services.ts';
import { sign, signatureMatches } from '../../platform/tokens.ts';

/**
 * The device cookie (QUALITY S-11): proof that this browser signed in to an account before. Past the
 * account-wide threshold only such a browser skips the account's delay, so strangers guessing from a
 * thousand addresses slow each other down while the owner's own browser still gets in. It is signed
 * with the server secret and names the accounts, so it proves nothing for any other account.
 */
export const DEVICE_COOKIE = 'pro__device';
const PURPOSE = 'device';
/** The accounts one browser remembers; the oldest drops out first. */
const MAX_ACCOUNTS = 8;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface Device {
  id: string;
  userIds: string[];
}

/** Who is trying to sign in: the address, the device cookie, the page's language, and how to remember a success. */
export interface SignInClient {
  ip: string;
  device: Device | null;
  locale: Locale;
  remember(userId: string): void;
}

export const knows = (client: SignInClient, userId: string | undefined) =>
  !!userId && !!client.device?.userIds.includes(userId);

function readDevice(secret: Buffer, raw: string | undefined): Device | null {
  const [id, ids, signature, ...rest] = (raw ?? '').split('.');
  if (!id || ids === undefined || !signature || rest.length) return null;
  if (!signatureMatches(secret, PURPOSE, `${id}.${ids}`, signature)) return null;
  return { id, userIds: ids ? ids.split('-') : [] };
}

function deviceValue(secret: Buffer, device: Device): string {
  const payload = `${device.id}.${device.userIds.join('-')}`;
  return `${payload}.${sign(secret, PURPOSE, payload)}`;
}

/** The client of a request; a successful sign-in through it adds the account to the device cookie. */
export function signInClient(s: Services, req: FastifyRequest, reply: FastifyReply): SignInClient {
  const secret = serverSecret(s.config);
  const device = readDevice(secret, req.cookies[DEVICE_COOKIE]);
  return {
    ip: req.ip,
    device,
    locale: req.locale,
    remember(userId) {
      const userIds = [...(device?.userIds ?? []).filter((id) => id !== userId), userId].slice(-MAX_ACCOUNTS);
      const next = { id: device?.id ?? randomBytes(16).toString('base64url'), userIds };
      reply.setCookie(DEVICE_COOKIE, deviceValue(secret, next), {
        path: '/gateway',
        httpOnly: true,
        sameSite: 'lax',
        secure: /^https:/i.test(s.config.publicUrl),
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}
