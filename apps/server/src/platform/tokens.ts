import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit opaque token; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The one successor of a session token (QUALITY S-12): derived, not random, so every request that
 * refreshes the same parent gets the same successor, and nobody without the server secret can compute it.
 */
export function successorToken(secret: Buffer, parentToken: string): string {
  return createHmac('sha256', secret).update(parentToken).digest('base64url');
}

/** A signature over `purpose` and `value`; the purpose keeps one kind of signed value from passing for another. */
export function sign(secret: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('base64url');
}

export function signatureMatches(secret: Buffer, purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}
