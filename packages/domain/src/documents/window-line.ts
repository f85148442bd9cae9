import { z } from 'zod';
import { parseGlassMakeup } from '../production/glass-makeup.ts';

/**
 * Structured fields of a window or door line (PRODUCT.md "PVC/ALU windows and doors": "A window
 * quote line names the profile system, glass make-up, colour, hardware and dimensions"). W × H are
 * the line's own width_mm / height_mm (the same variables the product's BOM formulas read). All
 * four are optional free text; an empty text is "none" (null). The glass make-up must parse
 * (`parseGlassMakeup`) and is stored in its canonical notation (`4-16ar-4` → `4-16Ar-4`); a bad one
 * is refused with `validation.glassMakeupInvalid` naming the token and its position.
 */
export const WINDOW_TEXT_MAX = 100;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const windowText = z.preprocess(
  blankToNull,
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(WINDOW_TEXT_MAX, 'validation.tooLong')
    .nullable()
    .default(null),
);

export const glassMakeupField = z.preprocess(
  blankToNull,
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(60, 'validation.tooLong')
    .transform((text, ctx) => {
      const r = parseGlassMakeup(text);
      if (r.ok) return r.makeup.normalized;
      ctx.addIssue({ code: 'custom', message: r.key, params: r.params });
      return z.NEVER;
    })
    .nullable()
    .default(null),
);

/** Spread into the document line schema. */
export const windowLineFields = {
  profile_system: windowText,
  glass_makeup: glassMakeupField,
  colour: windowText,
  hardware_set: windowText,
};

/** The four fields on their own: the schema of the web's window dialog (the same rules as the line's). */
export const windowSpecSchema = z.object(windowLineFields);

export const WINDOW_LINE_FIELDS = ['profile_system', 'glass_makeup', 'colour', 'hardware_set'] as const;
export type WindowLineField = (typeof WINDOW_LINE_FIELDS)[number];
export type WindowSpec = Partial<Record<WindowLineField, string | null>>;

/** True when the line names any of the window fields. */
export const hasWindowSpec = (l: WindowSpec): boolean =>
  WINDOW_LINE_FIELDS.some((f) => Boolean(l[f]?.trim()));

/**
 * The compact one-line text of a window line's fields, in a fixed order, with the given labels:
 * `profil Aluplast 4000 · staklo 4E-16Ar-4 · boja bijela RAL 9016 · okov Roto NT`. Empty fields are
 * left out; no field → ''.
 */
export function windowSpecText(l: WindowSpec, labels: Record<WindowLineField, string>): string {
  return WINDOW_LINE_FIELDS.flatMap((f) => {
    const v = l[f]?.trim();
    return v ? [`${labels[f]} ${v}`] : [];
  }).join(' · ');
}

/**
 * A company's list of profile systems (document settings): trimmed texts, at most 50. No transform
 * here (the settings schema also describes the API's answer); `uniqueTexts` drops repeats on save.
 */
export const profileSystemsField = z
  .array(
    z
      .string({ error: 'validation.invalid' })
      .trim()
      .min(1, 'validation.required')
      .max(WINDOW_TEXT_MAX, 'validation.tooLong'),
  )
  .max(50, 'validation.tooLong');

/** The texts in their first order, each once. */
export const uniqueTexts = (xs: readonly string[]): string[] => [...new Set(xs)];

/** The four window fields of a stored line, to copy them onto another document's line. */
export function windowSpecOf(l: WindowSpec): Record<WindowLineField, string | null> {
  return {
    profile_system: l.profile_system ?? null,
    glass_makeup: l.glass_makeup ?? null,
    colour: l.colour ?? null,
    hardware_set: l.hardware_set ?? null,
  };
}
