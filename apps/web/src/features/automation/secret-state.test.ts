import { describe, expect, it } from 'vitest';
import { secretFromState } from './secret-state.ts';

describe('secretFromState (issue 22: the secret shown once survives saving a new rule)', () => {
  it('reads the secret handed over by the save navigation', () => {
    expect(secretFromState({ afterSave: true, webhookSecret: 'whsec_abc' })).toBe('whsec_abc');
  });
  it('is null without one', () => {
    expect(secretFromState(null)).toBeNull();
    expect(secretFromState({ afterSave: true, webhookSecret: null })).toBeNull();
    expect(secretFromState({ webhookSecret: 42 })).toBeNull();
  });
});
