import { describe, expect, it } from 'vitest';
import { listKey, selectedValue } from './selection.ts';

describe('palette selection', () => {
  const actions = ['action:new-quote', 'go:/clients'];
  const withHits = ['hit:item:1', 'hit:item:2', ...actions];

  it('selects the first entry when results replace the list (the hit that arrived late)', () => {
    // cmdk had selected the first action before the search answered; the hits come first now.
    const choice = { value: 'action:new-quote', list: listKey(actions) };
    expect(selectedValue(withHits, choice)).toBe('hit:item:1');
  });

  it('never keeps a value that is not in the list', () => {
    const stale = { value: 'hit:item:9', list: listKey(['hit:item:9']) };
    expect(selectedValue(withHits, stale)).toBe('hit:item:1');
    expect(selectedValue(withHits, { value: 'hit:item:9', list: listKey(withHits) })).toBe('hit:item:1');
  });

  it("keeps the user's choice while the list stays the same", () => {
    expect(selectedValue(withHits, { value: 'hit:item:2', list: listKey(withHits) })).toBe('hit:item:2');
  });

  it('selects nothing only when there is nothing to select', () => {
    expect(selectedValue([], { value: 'x', list: '' })).toBe('');
  });
});
