import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { readOrCreateFile } from './create-file-once.ts';

const freshDir = () => mkdtempSync(join(tmpdir(), 'create-once-'));

describe('readOrCreateFile', () => {
  it('creates the file with the given text, readable by the owner only, and reads it back later', () => {
    const path = join(freshDir(), 'data', 'auth-secret');
    expect(readOrCreateFile(path, () => 'first')).toBe('first');
    expect(readFileSync(path, 'utf8')).toBe('first');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readOrCreateFile(path, () => 'second')).toBe('first');
    expect(readdirSync(join(path, '..'))).toEqual(['auth-secret']);
  });

  it('keeps the file another process created after the check and answers with its text', () => {
    const dir = freshDir();
    const path = join(dir, 'auth-secret');
    // The other process publishes its file between this one's existence check and its write.
    const mine = readOrCreateFile(path, () => {
      writeFileSync(path, 'theirs');
      return 'mine';
    });
    expect(mine).toBe('theirs');
    expect(readFileSync(path, 'utf8')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['auth-secret']);
  });
});

type Round = { round: number; secret: string; kid: string; key: string };

/** Starts the child, waits for its "ready", returns a way to start it and its output lines. */
function startChild(base: string, rounds: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'create-file-once.child.ts'), base, String(rounds)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  const ready = new Promise<void>((resolve) =>
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') resolve();
      else lines.push(line);
    }),
  );
  const done = new Promise<Round[]>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(lines.map((l) => JSON.parse(l) as Round))
        : reject(new Error(`child exited ${code}`)),
    ),
  );
  return { ready, done, start: (at: number) => child.stdin.end(`${at}\n`) };
}

describe('instances starting at once on a fresh DATA_DIR', () => {
  it('all get the same auth secret and the same encryption key (4 processes, 25 rounds)', async () => {
    const base = freshDir();
    const rounds = 25;
    const children = Array.from({ length: 4 }, () => startChild(base, rounds));
    await Promise.all(children.map((c) => c.ready));
    const at = Date.now() + 200;
    for (const c of children) c.start(at);
    const results = await Promise.all(children.map((c) => c.done));
    for (let k = 0; k < rounds; k++) {
      const got = results.map((r) => r[k] as Round);
      const file = JSON.parse(readFileSync(join(base, String(k), 'encryption-keys.json'), 'utf8'));
      const onDisk = readFileSync(join(base, String(k), 'auth-secret'), 'utf8');
      for (const g of got) {
        expect(g.secret).toBe(onDisk);
        expect(g.kid).toBe(file.active);
        expect(g.key).toBe(file.keys[file.active]);
      }
      expect(readdirSync(join(base, String(k))).sort()).toEqual(['auth-secret', 'encryption-keys.json']);
    }
  }, 60_000);
});
