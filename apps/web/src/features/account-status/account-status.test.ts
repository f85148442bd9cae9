import { describe, expect, it } from 'vitest';
import { parseAccountStatus } from './account-status.tsx';

describe('live account status', () => {
  it('applies only active and blocked', () => {
    expect(parseAccountStatus({ account_status: 'blocked' })).toBe('blocked');
    expect(parseAccountStatus({ account_status: 'active' })).toBe('active');
    expect(parseAccountStatus({ account_status: 'suspended' })).toBeNull();
    expect(parseAccountStatus({})).toBeNull();
    expect(parseAccountStatus(null)).toBeNull();
  });
});
