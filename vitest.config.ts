import { defineConfig } from 'vitest/config';

// One run for every workspace: unit tests beside the code, API tests through app.inject.
// Playwright specs (e2e/*.spec.ts) are excluded: they run under Playwright.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/api/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'tools/reader-sim/src/**/*.test.ts',
      'tools/pa-simulator/src/**/*.test.ts',
    ],
    // A query issued on a busy pg client fails the run (pg 8 only warns).
    setupFiles: ['apps/api/src/test/one-query-per-client.ts'],
    // Test databases migrated and seeded once per run (apps/api/src/test/global-setup.ts).
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
