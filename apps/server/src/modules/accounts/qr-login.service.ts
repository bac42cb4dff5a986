import { randomBytes } from 'node:crypto';
import type { QrPoll, QrRequester, QrStatus, QrTicket } from '@concord/shared';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { qrLogins } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AccountContext, SignedInContext } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { hashToken } from '../../platform/tokens.ts';
import { loginAsUser } from './accounts.service.ts';
import type { SignInClient } from './devices.ts';

export const QR_TTL_SECONDS = 120;

/** Most specific first: Edge, Opera and WeChat also call themselves Chrome or Safari. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bMicroMessenger\/(\d+)/, 'WeChat'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  // An automated browser asking to be signed in is worth seeing as such.
  [/\bHeadlessChrome\/(\d+)/, 'HeadlessChrome'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)\S* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short description of a User-Agent ("Chrome 126 · Windows") for the confirming phone. A client that
 * is no known browser shows its first product token ("curl/8.5.0"), which is a warning in itself.
 */
export function describeUserAgent(userAgent: string | undefined): string | null {
  const ua = userAgent ?? '';
  const browser = BROWSERS.map(([re, name]) => [ua.match(re), name] as const).find(([m]) => m);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const parts = [browser ? `${browser[1]} ${browser[0]![1]}` : null, system].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  const product = ua
    .trim()
    .split(/\s/)[0]
    ?.replace(/[^\w./-]/g, '')
    .slice(0, 40);
  return product || null;
}

/** A waiting browser asks for a ticket; its QR code opens /qr-login on a device that is signed in. */
export async function createQrTicket(
  { db, ip }: AccountContext,
  s: Services,
  userAgent: string | undefined,
): Promise<QrTicket> {
  const id = newId();
  const secret = randomBytes(24).toString('base64url');
  await db.insert(qrLogins).values({
    id,
    secretHash: hashToken(secret),
    requesterIp: ip,
    requesterAgent: describeUserAgent(userAgent),
    expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000).toISOString(),
  });
  const url = `${s.config.publicUrl}/qr-login?id=${id}&s=${secret}`;
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { id, secret, url, svg, expiresIn: QR_TTL_SECONDS };
}

async function findLive(db: Db, id: string, secret: string) {
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.id, id)).limit(1);
  if (!row || row.secretHash !== hashToken(secret)) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Polled by the waiting browser. Once confirmed, the first poll receives the token and the ticket is
 * consumed, so a second poll (or a replayed one) gets nothing.
 */
export async function pollQrTicket(
  { db }: AccountContext,
  s: Services,
  id: string,
  secret: string,
  client: SignInClient,
): Promise<QrPoll> {
  const row = await findLive(db, id, secret);
  if (new Date(row.expiresAt).getTime() <= Date.now() || row.status === 'consumed') return { status: 'expired' };
  if (row.status !== 'confirmed' || !row.userId) return { status: row.status as QrStatus };
  const consumed = await db
    .update(qrLogins)
    .set({ status: 'consumed' })
    .where(and(eq(qrLogins.id, id), eq(qrLogins.status, 'confirmed')))
    .returning({ id: qrLogins.id });
  if (consumed.length === 0) return { status: 'expired' };
  return { status: 'confirmed', ...(await loginAsUser(s, row.userId, client)) };
}

/** What the signed-in device is shown before it confirms: which browser, from which address, is asking. */
export async function describeQrRequester(
  { db, ip }: SignedInContext,
  id: string,
  secret: string,
): Promise<QrRequester> {
  const row = await findLive(db, id, secret);
  if (row.status !== 'waiting' || new Date(row.expiresAt).getTime() <= Date.now()) throw new AppError('QR_EXPIRED');
  return { agent: row.requesterAgent, ip: row.requesterIp, sameAddress: row.requesterIp === ip };
}

/** The signed-in device confirms: the waiting browser will be signed in as this user. */
export async function confirmQrTicket({ db, auth }: SignedInContext, id: string, secret: string): Promise<void> {
  await findLive(db, id, secret);
  const confirmed = await db
    .update(qrLogins)
    .set({ status: 'confirmed', userId: auth.userId })
    .where(and(eq(qrLogins.id, id), eq(qrLogins.status, 'waiting'), gt(qrLogins.expiresAt, new Date().toISOString())))
    .returning({ id: qrLogins.id });
  if (confirmed.length === 0) throw new AppError('QR_EXPIRED');
}
