import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';

// Company channels are followed through useLiveTopics, which reads the company chosen in the
// switcher. A channel built from anything else (the user's id was the bug: a member of another
// company got no live updates there) fails here.
describe('live updates', () => {
  const companyChannel = /realtime\.subscribe\(\s*`company:\$\{([^}]+)\}/g;

  it('every company channel is keyed by the current company', () => {
    const found: string[] = [];
    const wrong: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(companyChannel)) {
        const where = `${relative(SRC_DIR, file)}: ${m[1]}`;
        found.push(where);
        if (m[1] !== 'companyId') wrong.push(where);
      }
    }
    expect(found.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('area hooks use useLiveTopics instead of subscribing themselves', () => {
    const direct = sourceFiles()
      .filter((f) => /-api\.ts$/.test(f))
      .filter((f) => readFileSync(f, 'utf8').includes('realtime.subscribe('))
      .map((f) => relative(SRC_DIR, f));
    expect(direct).toEqual([]);
  });
});
