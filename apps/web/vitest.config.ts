import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // jsdom screens render slowly while the server suites hold both CI cores; a deadline here only
    // measures the machine's load (speed is checked by `npm run bench`).
    testTimeout: 60_000,
  },
});
