import { useHashCost } from '../src/platform/passwords.ts';

/**
 * The test run hashes passwords at a test-only cost (1 MiB, a few milliseconds): the suites sign in some
 * thousand times, each a second at the production cost on two busy cores. Loaded by the global setup
 * (the templates' demo users) and before every test file (vitest.config.ts `setupFiles`), so stored and
 * current parameters agree and nothing is re-hashed. passwords.test.ts goes back to PASSWORD_COST.
 */
export const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };
useHashCost(TEST_HASH_COST);
