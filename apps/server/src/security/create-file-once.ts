import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The text of `path`, which is created with `make()` (mode 0600) when it does not exist yet.
 *
 * Several processes that start at once on a fresh DATA_DIR (two instances behind one balancer)
 * all get the same file: each writes its candidate to a temporary file of its own and publishes it
 * with link(), which fails when the path already exists; the loser then reads the winner's file.
 * The path appears only complete (the link is made after the write), never half-written. A plain
 * "exists? else write" let both processes keep a secret of their own: sessions signed by one
 * instance were refused by the other, and registry URLs encrypted by one were unreadable by the other.
 */
export function readOrCreateFile(path: string, make: () => string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, make(), { mode: 0o600 });
  try {
    linkSync(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
  return readFileSync(path, 'utf8');
}
