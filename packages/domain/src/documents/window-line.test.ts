import { describe, expect, it } from 'vitest';
import { zodIssuesToFieldIssues } from '../validation.ts';
import { documentLineInputSchema, documentSettingsSchema } from './schemas.ts';
import { hasWindowSpec, uniqueTexts, windowSpecText } from './window-line.ts';

const base = { description: 'Prozor', quantity: '2', width_mm: '1200', height_mm: '1400' };

describe('window line fields', () => {
  it('keeps profile system, colour and hardware as trimmed text and normalises the glass make-up', () => {
    const line = documentLineInputSchema.parse({
      ...base,
      profile_system: '  Aluplast Ideal 4000 ',
      glass_makeup: '4e-16ar-4',
      colour: 'bijela RAL 9016',
      hardware_set: 'Roto NT',
    });
    expect(line).toMatchObject({
      profile_system: 'Aluplast Ideal 4000',
      glass_makeup: '4E-16Ar-4',
      colour: 'bijela RAL 9016',
      hardware_set: 'Roto NT',
      width_mm: '1200',
      height_mm: '1400',
    });
  });

  it('reads empty or missing fields as none', () => {
    const line = documentLineInputSchema.parse({ ...base, profile_system: '   ', glass_makeup: '' });
    expect([line.profile_system, line.glass_makeup, line.colour, line.hardware_set]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(hasWindowSpec(line)).toBe(false);
  });

  // The Croatian text filled with these params is checked where it is made (the server's
  // window-lines.test.ts and i18n/validation-messages.test.ts).
  it('refuses a bad glass make-up naming the token and its position', () => {
    const r = documentLineInputSchema.safeParse({ ...base, glass_makeup: '4-16Ne-4' });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : zodIssuesToFieldIssues(r.error);
    expect(issues).toEqual([
      { field: 'glass_makeup', key: 'validation.glassMakeupInvalid', params: { token: '16Ne', position: 2 } },
    ]);
  });

  it('refuses texts over 100 characters', () => {
    const r = documentLineInputSchema.safeParse({ ...base, colour: 'x'.repeat(101) });
    expect(r.success ? [] : zodIssuesToFieldIssues(r.error)).toEqual([
      { field: 'colour', key: 'validation.tooLong' },
    ]);
  });

  it('writes the compact text in a fixed order, leaving out empty fields', () => {
    const labels = { profile_system: 'profil', glass_makeup: 'staklo', colour: 'boja', hardware_set: 'okov' };
    expect(
      windowSpecText(
        { hardware_set: 'Roto NT', profile_system: 'Salamander', glass_makeup: '4-16Ar-4' },
        labels,
      ),
    ).toBe('profil Salamander · staklo 4-16Ar-4 · okov Roto NT');
    expect(windowSpecText({}, labels)).toBe('');
  });

  it('keeps a company list of profile systems unique', () => {
    const s = documentSettingsSchema.shape.profile_systems.parse([' Salamander ', 'Salamander', 'Aluplast']);
    expect(uniqueTexts(s ?? [])).toEqual(['Salamander', 'Aluplast']);
    expect(documentSettingsSchema.shape.profile_systems.safeParse(['  ']).success).toBe(false);
  });
});
