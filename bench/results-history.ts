/**
 * A benchmark's RESULTS.md as a history, newest run first: a new run goes right under the file's
 * title, and everything that was below the title stays, in its order, below the new run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Heading given to text found right under the title that has no heading of its own: the body of a
 * run written when the benchmark still replaced the whole file.
 */
export const UNTITLED_EARLIER_RUN = '# Earlier run (written before RESULTS.md kept its history)';

/**
 * The new file: `title`, then `run` (a section that starts with its own heading), then what
 * `previous` held below its title. Text with no heading right under the old title gets
 * UNTITLED_EARLIER_RUN, so it is not read as part of the new run.
 */
export function prependRun(previous: string | undefined, title: string, run: string): string {
  if (!run.trimStart().startsWith('#')) throw new Error('a run section must start with a heading');
  let rest = (previous ?? '').replace(/^\uFEFF/, '');
  const lines = rest.split('\n');
  if (lines[0]?.trim() === title.trim()) rest = lines.slice(1).join('\n');
  rest = rest.replace(/^\s+/, '').trimEnd();
  if (rest !== '' && !rest.startsWith('#')) rest = `${UNTITLED_EARLIER_RUN}\n\n${rest}`;
  const parts = [title.trim(), run.trim(), ...(rest === '' ? [] : [rest])];
  return `${parts.join('\n\n')}\n`;
}

/** Writes `run` at the top of `file` (created with `title` when missing), keeping the rest. */
export function writeRunOnTop(file: string, title: string, run: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, prependRun(previous, title, run));
}

/**
 * "commit abc1234 (with uncommitted changes), 2026-11-27 06:40 UTC": what a run measured. The
 * working tree is shared, so a run often includes other people's uncommitted work; it says so.
 */
export function runLabel(now = new Date()): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined;
    }
  };
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no');
  const when = `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (commit === undefined) return `no git commit, ${when}`;
  return `commit ${commit}${dirty ? ' (with uncommitted changes)' : ''}, ${when}`;
}
