import { describe, expect, it } from 'vitest';
import { saveStatus } from './save-state.tsx';

describe('saveStatus', () => {
  it('a new, empty form is not "saved" (issue 22: the new client form said "Spremljeno")', () => {
    expect(saveStatus({ saving: false, dirty: false, isNew: true })).toBe('new');
    expect(saveStatus({ saving: false, dirty: true, isNew: true })).toBe('unsaved');
    expect(saveStatus({ saving: true, dirty: true, isNew: true })).toBe('saving');
  });

  it('a loaded record without changes is saved; locked wins', () => {
    expect(saveStatus({ saving: false, dirty: false })).toBe('saved');
    expect(saveStatus({ saving: false, dirty: true, locked: true })).toBe('locked');
  });
});
