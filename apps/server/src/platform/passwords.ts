import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

const scryptAsync = promisify(scryptCb) as (pw: Buffer, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * Hashes computed at once: one per core, and never the whole libuv thread pool (four threads unless
 * UV_THREADPOOL_SIZE says otherwise), which file reads and compression share. More at once would only
 * divide the cores between them, 128 MiB each.
 */
const SLOTS = Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1));
let busy = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, length: number, cost: HashCost): Promise<Buffer> {
  if (busy < SLOTS) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await scryptAsync(Buffer.from(password, 'utf8'), salt, length, { ...cost, maxmem: memoryFor(cost) });
  } finally {
    // A freed slot goes straight to the next waiter, so a newcomer cannot slip in ahead of it.
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

export interface HashCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt parameters (Password Storage Cheat Sheet): N=2^17, r=8, p=1, 128 MiB and some 0.3–0.5 s
 * of one core per hash on this class of machine. They are written into every hash, so raising them
 * later re-hashes each password at its owner's next sign-in (`needsRehash`).
 */
export const PASSWORD_COST: HashCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** A stored hash asking for more memory than this is not ours: refused rather than computed. */
const MAX_MEMORY = 1024 * 1024 * 1024;

let current = PASSWORD_COST;

/**
 * The cost new hashes are made at. Only the test run lowers it (apps/server/test/hash-cost.ts), where
 * thousands of sign-ins would otherwise take minutes; one test there signs in at PASSWORD_COST.
 */
export function useHashCost(cost: HashCost): void {
  current = cost;
}

/** scrypt's working memory is 128·N·r bytes; Node refuses anything above `maxmem` (32 MiB by default). */
const memoryFor = ({ N, r, p }: HashCost) => 128 * N * r + 128 * r * p + 1024 * 1024;

/** Passwords are hashed as the exact UTF-8 bytes typed: no trimming, no normalization. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = current;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string): (HashCost & { salt: Buffer; key: Buffer }) | null {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return null;
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger) || memoryFor(cost) > MAX_MEMORY) return null;
  return { ...cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Unknown users still pay for one hash, at today's cost, so timing does not tell whether an account exists.
  const hash = parse(stored ?? dummyHash());
  if (!hash) return false;
  const { N, r, p, salt, key } = hash;
  const actual = await scrypt(password, salt, key.length, { N, r, p });
  return stored !== null && timingSafeEqual(actual, key);
}

/** Whether a hash that just verified was made at other parameters than today's: re-hash it then. */
export function needsRehash(stored: string): boolean {
  const hash = parse(stored);
  return !hash || hash.N !== current.N || hash.r !== current.r || hash.p !== current.p;
}

const dummyHash = () =>
  `scrypt$${current.N}$${current.r}$${current.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

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
