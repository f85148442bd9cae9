import { defineConfig } from 'vitest/config';

// A test file that replaces a module with vi.mock needs a module cache of its own.
const MOCKING = ['apps/server/src/modules/export/pdf-export.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Both cores: most of a server test's time is one PGlite or one PostgreSQL backend working,
    // so two files side by side finish sooner than one after the other (measured 37 s → 30 s).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: MOCKING,
          // The server's module graph is loaded once per worker instead of once per file (about
          // 1.4 s of CPU per file). Each file still builds its own app on its own database.
          isolate: false,
          setupFiles: ['apps/server/src/test/restore-env.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ['apps/web/src/**/*.test.{ts,tsx}', ...MOCKING] },
      },
    ],
  },
});
