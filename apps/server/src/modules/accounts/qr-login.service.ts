import { randomBytes } from 'node:crypto';
import type { QrStatus, QrTicket } from '@concord/shared';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Services } from '../../app.ts';
import { qrLogins } from '../../db/schema.ts';
import type { Auth } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { hashToken } from '../../platform/tokens.ts';
import { type LoginResult, loginAsUser } from './accounts.service.ts';

export const QR_TTL_SECONDS = 120;

/** A waiting browser asks for a ticket; its QR code opens /qr-login on a device that is signed in. */
export async function createQrTicket(s: Services): Promise<QrTicket> {
  const id = newId();
  const secret = randomBytes(24).toString('base64url');
  await s.database.db.insert(qrLogins).values({
    id,
    secretHash: hashToken(secret),
    expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000).toISOString(),
  });
  const url = `${s.config.publicUrl}/qr-login?id=${id}&s=${secret}`;
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { id, secret, url, svg, expiresIn: QR_TTL_SECONDS };
}

async function findLive(s: Services, id: string, secret: string) {
  const [row] = await s.database.db.select().from(qrLogins).where(eq(qrLogins.id, id)).limit(1);
  if (!row || row.secretHash !== hashToken(secret)) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Polled by the waiting browser. Once confirmed, the first poll receives the token and the ticket is
 * consumed, so a second poll (or a replayed one) gets nothing.
 */
export async function pollQrTicket(
  s: Services,
  id: string,
  secret: string,
  ip: string,
): Promise<{ status: QrStatus } | ({ status: 'confirmed' } & LoginResult)> {
  const row = await findLive(s, id, secret);
  if (new Date(row.expiresAt).getTime() <= Date.now() || row.status === 'consumed') return { status: 'expired' };
  if (row.status !== 'confirmed' || !row.userId) return { status: row.status as QrStatus };
  const consumed = await s.database.db
    .update(qrLogins)
    .set({ status: 'consumed' })
    .where(and(eq(qrLogins.id, id), eq(qrLogins.status, 'confirmed')))
    .returning({ id: qrLogins.id });
  if (consumed.length === 0) return { status: 'expired' };
  return { status: 'confirmed', ...(await loginAsUser(s, row.userId, ip)) };
}

/** The signed-in device confirms: the waiting browser will be signed in as this user. */
export async function confirmQrTicket(s: Services, auth: Auth, id: string, secret: string): Promise<void> {
  await findLive(s, id, secret);
  const confirmed = await s.database.db
    .update(qrLogins)
    .set({ status: 'confirmed', userId: auth.userId })
    .where(and(eq(qrLogins.id, id), eq(qrLogins.status, 'waiting'), gt(qrLogins.expiresAt, new Date().toISOString())))
    .returning({ id: qrLogins.id });
  if (confirmed.length === 0) throw new AppError('QR_EXPIRED');
}
