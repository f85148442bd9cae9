import { describe, expect, it } from 'vitest';
import { refusalKey, secretFromState } from './secret-state.ts';

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

describe('refusalKey (issue 22: a refused webhook address is explained in the user language)', () => {
  it('maps the recorded refusals to keys, keeping the address', () => {
    expect(refusalKey('private address 10.1.2.3')).toEqual({ key: 'refused.private', address: '10.1.2.3' });
    expect(refusalKey('only http and https')).toEqual({ key: 'refused.scheme' });
    expect(refusalKey('HTTP 500')).toBeNull();
  });
});
