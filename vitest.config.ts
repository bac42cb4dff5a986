import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Each server test file runs its own embedded database in its own process; two at a time keep both
    // cores of the CI machine busy (the default leaves one idle).
    maxWorkers: 2,
  },
});
