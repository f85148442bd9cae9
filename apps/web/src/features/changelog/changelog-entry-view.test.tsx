import type { ChangelogEntry } from '@erp/domain/changelog/changelog.schemas';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChangelogEntryView, changelogTypeKey } from './changelog-entry-view.tsx';

const entry = (over: Partial<ChangelogEntry>): ChangelogEntry => ({
  id: 'e1',
  title: 'Brži izvoz',
  version: '2.1.0',
  description: null,
  type: 'feature',
  items: [],
  is_published: true,
  published_at: null,
  ...over,
});

// Without a started i18next, t() answers with the key: the test reads which text was asked for.
describe('changelog entry (seed sections 2 and 3)', () => {
  it('gives the five known types their own icon and any other type the neutral one', () => {
    for (const type of ['feature', 'improvement', 'bugfix', 'breaking', 'security'])
      expect(changelogTypeKey(type)).toBe(type);
    expect(changelogTypeKey('announcement')).toBe('other');
    const html = renderToString(<ChangelogEntryView entry={entry({ type: 'announcement' })} />);
    expect(html).toContain('data-type="other"');
    expect(html).toContain('changelog.types.other');
  });

  it("shows 'Nedavno objavljeno' without a published date, the key changes only when there are some", () => {
    const html = renderToString(<ChangelogEntryView entry={entry({})} />);
    expect(html).toContain('changelog.recentlyPublished');
    expect(html).not.toContain('changelog.keyChanges');
    const withItems = renderToString(<ChangelogEntryView entry={entry({ items: ['Prvo', 'Drugo'] })} />);
    expect(withItems).toContain('changelog.keyChanges');
    expect(withItems.match(/<li>/g)).toHaveLength(2);
  });

  it('writes a published date in the Croatian format', () => {
    const html = renderToString(
      <ChangelogEntryView entry={entry({ published_at: '2026-03-05T10:00:00Z' })} />,
    );
    expect(html).not.toContain('changelog.recentlyPublished');
    expect(html).toContain('05. 03. 2026.');
  });
});
