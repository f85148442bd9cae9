import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgliteDataDirFromTemplate } from '../test/harness.ts';

const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'erp-cli-'));

// The CLI finds a migrated database in its data directory (a copy of the tests' template) instead
// of running initdb and every migration in its first command.
beforeAll(() => pgliteDataDirFromTemplate(join(dataDir, 'pglite')), 60_000);

/** Runs the admin CLI on its own embedded database (no server running for this DATA_DIR). */
function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// Each command opens the embedded database in a fresh process: seconds each on a busy machine.
describe('admin CLI', { timeout: 180_000 }, () => {
  it('rejects an unknown command with the usage and a non-zero exit', () => {
    const r = admin('explode');
    expect(r.code).toBe(2);
    expect(r.err).toContain('Unknown command: explode');
    expect(r.err).toContain('Usage: npm run admin');
  });

  it('names an unknown email', () => {
    const r = admin('block', 'nobody@example.hr');
    expect(r.code).toBe(2);
    expect(r.err).toContain('nobody@example.hr');
    expect(r.err).toContain('NOT_FOUND');
  });

  it('names each bad changelog argument and writes nothing', () => {
    const bad = admin('changelog', 'add', '--title', '', '--version', '1.0', '--type', 'party');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--title');
    expect(bad.err).toContain('--type');
    const verify = admin('audit', 'verify');
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('Audit chain OK');
  });

  it('adds and publishes a changelog entry', () => {
    const r = admin(
      'changelog',
      'add',
      '--title',
      'Krojne liste',
      '--version',
      '1.2.0',
      '--type',
      'feature',
      '--item',
      'Ostaci',
      '--publish',
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Changelog entry [0-9a-f-]{36} added and published/);
    const id = /entry ([0-9a-f-]{36})/.exec(r.out)?.[1] ?? '';
    const publish = admin('changelog', 'publish', id);
    expect(publish.code).toBe(0);
    expect(admin('changelog', 'publish', 'not-an-id').code).toBe(2);
  });
});
