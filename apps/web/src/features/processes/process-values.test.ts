import type { ProcessInput } from '@erp/domain';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processFormSchema, processFormValues } from './processes-page.tsx';

// A saved process as the API sends it: plain decimals, some with three digits after the point.
const saved: ProcessInput = {
  code: 'REZ',
  name: 'Rezanje',
  workCentre: 'Pila',
  costPerHour: '42.125',
  setupMinutes: '7.5',
  minutesPerUnit: '1.125',
  dailyCapacityHours: '7.25',
  qualityCheckRequired: false,
  active: true,
  category: 'other',
};
const times = (p: Partial<ProcessInput> | undefined) => ({
  costPerHour: p?.costPerHour,
  setupMinutes: p?.setupMinutes,
  minutesPerUnit: p?.minutesPerUnit,
  dailyCapacityHours: p?.dailyCapacityHours,
});

describe('process form: a saved process opened and saved unchanged', () => {
  // Typed numbers are read in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('shows the numbers in Croatian format and sends them back as saved (not 42 125 or 1 125)', () => {
    const form = processFormValues(saved, 'hr');
    expect(times(form)).toEqual({
      costPerHour: '42,125',
      setupMinutes: '7,5',
      minutesPerUnit: '1,125',
      dailyCapacityHours: '7,25',
    });
    const r = processFormSchema.safeParse(form);
    expect(r.error?.issues ?? []).toEqual([]);
    expect(times(r.data)).toEqual(times(saved));
  });

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    const form = processFormValues(saved, 'en');
    expect(form.minutesPerUnit).toBe('1.125');
    expect(times(processFormSchema.safeParse(form).data)).toEqual(times(saved));
  });
});
