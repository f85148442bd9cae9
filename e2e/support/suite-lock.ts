import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Several people run this suite on one machine. Every run rebuilds apps/web/dist and cleans
 * test-results, which breaks a run already in progress, so runs wait for each other here.
 * The lock is a directory (mkdir is atomic) holding the owner's pid; a dead owner's lock is taken over.
 */
const LOCK_DIR = join(process.env.TMPDIR ?? '/tmp', 'erp-e2e-suite.lock');
const WAIT_MS = 15 * 60 * 1000;

function owner(): number | null {
  try {
    return Number(readFileSync(join(LOCK_DIR, 'pid'), 'utf8'));
  } catch {
    return null;
  }
}

function ownerAlive(): boolean {
  try {
    const pid = owner() ?? Number.NaN;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function acquireSuiteLock(): void {
  const deadline = Date.now() + WAIT_MS;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, 'pid'), String(process.pid));
      process.on('exit', () => rmSync(LOCK_DIR, { recursive: true, force: true }));
      return;
    } catch {
      if (owner() === process.pid) return; // the config is loaded more than once in this process
      // Give a just-created lock a moment to get its pid file before judging it stale.
      sleep(500);
      if (!ownerAlive()) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (!announced) {
        console.log(`e2e: another run holds ${LOCK_DIR}; waiting for it to finish`);
        announced = true;
      }
      if (Date.now() > deadline) throw new Error(`e2e: gave up waiting for ${LOCK_DIR}`);
      sleep(2000);
    }
  }
}
