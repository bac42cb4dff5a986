import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/hash-cost.ts'],
    pool: 'forks',
    // The security sweeps send every route thousands of requests; they grow with each module.
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
