import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  fiscalDeadline,
  isWorkingDay,
  twentiethOfNextMonth,
} from './fiscal-exchange.ts';

describe('Fiskalizacija 2.0 deadlines', () => {
  it('knows Easter (published dates)', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2025)).toBe('2025-04-20');
  });

  it('skips weekends and Croatian holidays', () => {
    expect(isWorkingDay('2026-11-27')).toBe(true); // Friday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-06-04')).toBe(false); // Corpus Christi (Easter + 60)
    expect(isWorkingDay('2026-12-25')).toBe(false);
    // Thursday 2026-11-26 + 5 working days: Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 December.
    expect(addWorkingDays('2026-11-26', 5)).toBe('2026-12-03');
    // Tuesday 2026-12-22 + 5: Wed 23, Thu 24, (25, 26 holidays, 27 Sunday) Mon 28, Tue 29, Wed 30.
    expect(addWorkingDays('2026-12-22', 5)).toBe('2026-12-30');
  });

  it('payments and rejections by the 20th of the next month', () => {
    expect(twentiethOfNextMonth('2026-01-31')).toBe('2026-02-20');
    expect(twentiethOfNextMonth('2026-12-03')).toBe('2027-01-20');
    expect(fiscalDeadline('payment', '2026-03-15')).toBe('2026-04-20');
    expect(fiscalDeadline('rejection', '2026-03-01')).toBe('2026-04-20');
    expect(fiscalDeadline('eracun_received', '2026-11-26')).toBe('2026-12-03');
  });
});
