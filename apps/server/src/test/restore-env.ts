import { afterAll } from 'vitest';

/**
 * Server test files share one module cache per worker (vitest.config.ts, `isolate: false`), and so
 * one `process.env`. Several files switch the background jobs off at load time; this puts the
 * environment back after each file, so no file runs with a setting another file left behind.
 */
const atStart = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in atStart)) delete process.env[key];
  Object.assign(process.env, atStart);
});
