import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores: most of a server test's time is one PGlite or one PostgreSQL backend working,
    // so two files side by side finish sooner than one after the other (measured 37 s → 30 s).
    maxWorkers: 2,
  },
});
