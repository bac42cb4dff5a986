import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { hashPassword, needsRehash, PASSWORD_COST, useHashCost, verifyPassword } from '../src/platform/passwords.ts';
import { TEST_HASH_COST } from './hash-cost.ts';
import { createTestContext, DEMO_PASSWORD, login, type TestContext } from './helpers.ts';

/**
 * Issue 19 §7 at the production cost, the one file that pays it: every other test hashes at
 * TEST_HASH_COST (test/hash-cost.ts). The demo users of the template carry test-cost hashes, which the
 * production parameters count as old.
 */
const PRODUCTION_PREFIX = `scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$`;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  useHashCost(PASSWORD_COST);
});
afterAll(async () => {
  useHashCost(TEST_HASH_COST);
  await t.close();
});

const storedHash = async (username: string) =>
  (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, username)))[0]!.hash!;

describe('password hashing at OWASP scrypt cost', () => {
  it('hashes at N=2^17, r=8, p=1 with the parameters in the hash, and verifies only the right password', async () => {
    expect(PASSWORD_COST.N).toBeGreaterThanOrEqual(2 ** 17);
    const hash = await hashPassword('Corr3ct#Horse');
    expect(hash.startsWith(PRODUCTION_PREFIX)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword('Corr3ct#Horse', hash)).toBe(true);
    expect(await verifyPassword('corr3ct#Horse', hash)).toBe(false);
  });

  it('re-hashes a hash of older parameters at the next successful sign-in, and only then', async () => {
    const old = await storedHash('supplier');
    expect(old.startsWith(`scrypt$${TEST_HASH_COST.N}$`)).toBe(true);
    expect(needsRehash(old)).toBe(true);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/gateway/auth/oauth/token?grant_type=password&scope=server',
      payload: { username: 'supplier', password: `${DEMO_PASSWORD}x` },
    });
    expect(wrong.statusCode).toBe(426);
    expect(await storedHash('supplier')).toBe(old);

    await login(t.app, 'supplier');
    const upgraded = await storedHash('supplier');
    expect(upgraded.startsWith(PRODUCTION_PREFIX)).toBe(true);

    // Signed in again through the production-cost hash, which stays as it is.
    await login(t.app, 'supplier');
    expect(await storedHash('supplier')).toBe(upgraded);
  });

  it('refuses a stored hash that asks for more memory than any of ours, without computing it', async () => {
    const salt = Buffer.alloc(16).toString('base64');
    const started = performance.now();
    expect(await verifyPassword('x', `scrypt$${2 ** 24}$8$1$${salt}$${salt}`)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
