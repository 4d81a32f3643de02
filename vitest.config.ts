import { defineConfig } from 'vitest/config';

// The fast suite: no browser. Every test file gets its own fresh database (db/src/testing.ts).
export default defineConfig({
  test: {
    include: [
      'contract/src/**/*.test.ts',
      'db/src/**/*.test.ts',
      'stand-ins/**/*.test.ts',
      'scripts/**/*.test.ts',
      'api/src/**/*.test.ts',
      'api/test/**/*.test.ts',
      'site/src/**/*.test.ts',
      'portal/src/**/*.test.ts',
    ],
    // One migrated template per run; each test file's database is a copy of it (db/src/testing.ts).
    globalSetup: ['api/test/support/database-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
