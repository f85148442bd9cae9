import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prependRun, runLabel, UNTITLED_EARLIER_RUN, writeRunOnTop } from './results-history.ts';

const TITLE = '# Inventory benchmarks';

// The shape run.ts wrote before it kept the history: the title, the run's body with no heading of
// its own, notes added by hand, then older sections.
const LEGACY = [
  '# Inventory benchmarks',
  '',
  'Command: `bench/inventory/run.sh --items 100000` (old run)',
  '',
  '## Item search at 100,000 items',
  '',
  '| a | b |',
  '',
  '## Reading this run (added by hand)',
  '',
  'Notes.',
  '',
  '# Session 9: an older run',
  '',
  'Older text.',
  '',
].join('\n');

describe('prependRun', () => {
  it('puts the new run under the title and gives the old headless body a heading of its own', () => {
    const run = '## Run at commit abc, 2026-11-27 07:00 UTC\n\nCommand: new\n\n### Item search\n\n| x |';
    expect(prependRun(LEGACY, TITLE, run)).toBe(
      [
        '# Inventory benchmarks',
        '',
        '## Run at commit abc, 2026-11-27 07:00 UTC',
        '',
        'Command: new',
        '',
        '### Item search',
        '',
        '| x |',
        '',
        '# Earlier run (written before RESULTS.md kept its history)',
        '',
        'Command: `bench/inventory/run.sh --items 100000` (old run)',
        '',
        '## Item search at 100,000 items',
        '',
        '| a | b |',
        '',
        '## Reading this run (added by hand)',
        '',
        'Notes.',
        '',
        '# Session 9: an older run',
        '',
        'Older text.',
        '',
      ].join('\n'),
    );
  });

  it('keeps every run when called again, newest first, with one title and no extra heading', () => {
    const once = prependRun(LEGACY, TITLE, '## Run one\n\nfirst');
    const twice = prependRun(once, TITLE, '## Run two\n\nsecond');
    expect(twice.split('\n').filter((l) => l === TITLE)).toHaveLength(1);
    expect(twice.split('\n').filter((l) => l === UNTITLED_EARLIER_RUN)).toHaveLength(1);
    const order = ['## Run two', '## Run one', UNTITLED_EARLIER_RUN, 'Notes.', '# Session 9: an older run'];
    const at = order.map((l) => twice.split('\n').indexOf(l));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Nothing of the legacy file is lost.
    for (const line of LEGACY.split('\n').filter((l) => l !== '')) expect(twice).toContain(line);
  });

  it('starts a missing or empty file with the title and the run', () => {
    expect(prependRun(undefined, TITLE, '## Run\n\nbody\n')).toBe(
      '# Inventory benchmarks\n\n## Run\n\nbody\n',
    );
    expect(prependRun('', TITLE, '## Run\n\nbody')).toBe('# Inventory benchmarks\n\n## Run\n\nbody\n');
    expect(prependRun('# Inventory benchmarks\n\n', TITLE, '## Run\n\nbody')).toBe(
      '# Inventory benchmarks\n\n## Run\n\nbody\n',
    );
  });

  it('keeps a file whose first line is another title as a section below the run', () => {
    expect(prependRun('# Old title\n\ntext\n', TITLE, '## Run\n\nbody')).toBe(
      '# Inventory benchmarks\n\n## Run\n\nbody\n\n# Old title\n\ntext\n',
    );
  });

  it('refuses a run without a heading (it would merge into the run below it next time)', () => {
    expect(() => prependRun(LEGACY, TITLE, 'Command: new')).toThrow(/heading/);
  });
});

describe('writeRunOnTop', () => {
  it('rewrites the file with the run on top and the old text below', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'results-history-')), 'RESULTS.md');
    writeRunOnTop(file, TITLE, '## First\n\none');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Added by hand\n\nnote\n`);
    writeRunOnTop(file, TITLE, '## Second\n\ntwo');
    expect(readFileSync(file, 'utf8')).toBe(
      '# Inventory benchmarks\n\n## Second\n\ntwo\n\n## First\n\none\n\n## Added by hand\n\nnote\n',
    );
  });
});

describe('runLabel', () => {
  it('names the commit and the time in UTC', () => {
    const label = runLabel(new Date('2026-11-27T06:41:07Z'));
    expect(label).toMatch(/^commit [0-9a-f]{7,}( \(with uncommitted changes\))?, 2026-11-27 06:41 UTC$/);
  });
});
