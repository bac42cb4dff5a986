import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: Buffer, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/** scrypt N=2^15, r=8, p=1 (32 MiB, ~100 ms on this class of machine). */
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Passwords are hashed as the exact UTF-8 bytes typed: no trimming, no normalization. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(Buffer.from(password, 'utf8'), salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Unknown users still pay for one hash so timing does not tell whether an account exists.
  const [scheme, n, r, p, salt, key] = (stored ?? DUMMY_HASH).split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(Buffer.from(password, 'utf8'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return stored !== null && timingSafeEqual(actual, expected);
}

const DUMMY_HASH = `scrypt$${PARAMS.N}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;

/**
 * Passwords that meet the character rules yet top every leaked-password list; refused outright.
 * Compared case-insensitively.
 */
const COMMON = new Set(
  [
    'password1',
    'password12',
    'password123',
    'password1234',
    'passw0rd',
    'passw0rd1',
    'p@ssw0rd',
    'p@ssw0rd1',
    'p@ssword1',
    'qwerty123',
    'qwerty1234',
    'qwertyuiop1',
    'qwerty12345',
    'abc12345',
    'abcd1234',
    'abcd12345',
    'admin123',
    'admin1234',
    'admin12345',
    'administrator1',
    'welcome1',
    'welcome123',
    'letmein1',
    'iloveyou1',
    'sunshine1',
    'princess1',
    'football1',
    'baseball1',
    'monkey123',
    'dragon123',
    'master123',
    'changeme1',
    'changeme123',
    'test1234',
    'test12345',
    'aa123456',
    'aa12345678',
    'a1234567',
    'a12345678',
    'a123456789',
    'zxcvbnm1',
    'asdfghjkl1',
    '1qaz2wsx',
    '1qaz2wsx3edc',
    'qazwsx123',
    'zaq12wsx',
    'summer2024',
    'winter2024',
    'spring2025',
    'autumn2025',
    'summer2025',
    'summer2026',
    'winter2025',
    'winter2026',
    'company123',
    'china123',
    'woaini1314',
    'woaini520',
    'password2024',
    'password2025',
    'password2026',
    'hello123',
    'hello1234',
    'trustno1',
    'starwars1',
    'whatever1',
    'superman1',
    'batman123',
    'michael1',
    'jessica1',
    'shadow123',
    'killer123',
    'login123',
    'user1234',
    'root1234',
    'guest1234',
    'demo1234',
    'secret123',
    'default1',
    'temp1234',
  ].map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
