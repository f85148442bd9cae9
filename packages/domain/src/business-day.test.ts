import { describe, expect, it } from 'vitest';
import { businessDay } from './business-day.ts';

describe('businessDay', () => {
  it('is the date in Zagreb, not in UTC, around midnight', () => {
    // Winter (UTC+1): 23:30 UTC is already the next day in Zagreb.
    expect(businessDay(new Date('2026-11-25T22:59:00Z'))).toBe('2026-11-25');
    expect(businessDay(new Date('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
    // Summer (UTC+2): 22:00 UTC is midnight in Zagreb.
    expect(businessDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(businessDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    // New Year's Eve.
    expect(businessDay(new Date('2026-12-31T23:15:00Z'))).toBe('2027-01-01');
  });
});
