import { describe, expect, it } from 'vitest';
import { settingsFormSchema, toValues } from './settings-page.tsx';

// The numbering settings page checks its inputs with the settings route's schema (form recipe).
const stored = {
  quote_prefix: 'P-',
  work_order_prefix: 'RN-',
  delivery_note_prefix: 'OTP-',
  invoice_premises: 'PP1',
  invoice_device: '1',
  invoice_separator: '-' as const,
  reference_model: 'HR00' as const,
  quote_valid_days: 30,
  place_of_issue: null,
  profile_systems: ['Aluplast 4000', 'Salamander'],
};
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('document settings: inputs → PUT body', () => {
  it('what was loaded goes back unchanged (days a number, no place = null, one profile per line)', () => {
    expect(settingsFormSchema.parse(toValues(stored))).toEqual(stored);
  });

  it('reads the typed texts: blank lines dropped, days as a number', () => {
    const typed = {
      ...toValues(stored),
      quote_valid_days: ' 15 ',
      profiles: ' Rehau \n\n Veka ',
      place_of_issue: 'Zagreb',
    };
    expect(settingsFormSchema.parse(typed)).toMatchObject({
      quote_valid_days: 15,
      profile_systems: ['Rehau', 'Veka'],
      place_of_issue: 'Zagreb',
    });
  });

  it('refuses what the route refuses, at the field: a prefix with a space, days that are not a number, device 0', () => {
    const typed = { ...toValues(stored), quote_prefix: 'P 1', quote_valid_days: 'x', invoice_device: '0' };
    expect(
      issues(settingsFormSchema.safeParse(typed))
        .map((i) => i.split(':')[0])
        .sort(),
    ).toEqual(['invoice_device', 'quote_prefix', 'quote_valid_days']);
  });
});
