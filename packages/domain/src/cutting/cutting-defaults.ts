// Company cutting defaults (PRODUCT.md "Trade specifics": every value is a setting the company can
// change): what a new cutting list starts with, per kind, and the trade presets a company applies
// in one click. Whole millimetres, like every size of a cutting list.
import { z } from 'zod';
import type { CuttingJobInput } from './job.ts';

export type CuttingDefaults = {
  /** Sheets (2D): saw width; 0 = scored and snapped glass. */
  kerf_2d: number;
  /** Sheets: trimmed off each of the four edges. */
  trim_2d: number;
  /** Sheets: offcuts at least this long and this wide go back to stock. */
  min_remnant_length_2d: number;
  min_remnant_width_2d: number;
  /** Bars (1D): saw width. */
  kerf_1d: number;
  /** Bars: cut off the head (start) and the tail (end) of every bar. */
  trim_head_1d: number;
  trim_tail_1d: number;
  /** Bars: offcuts at least this long go back to stock (the reusable length). */
  min_remnant_length_1d: number;
  /** Bars: the standard bar length offered when a bar size is typed in (6000 / 6500 mm profiles). */
  bar_length_1d: number;
  /** Bars: added to the cut length per mitred (45°) end, the weld allowance; 0 = not welded. */
  weld_allowance_1d: number;
};

/** The defaults every company starts with (the values lists had before they were settings). */
export const DEFAULT_CUTTING_DEFAULTS: CuttingDefaults = {
  kerf_2d: 4,
  trim_2d: 10,
  min_remnant_length_2d: 300,
  min_remnant_width_2d: 300,
  kerf_1d: 4,
  trim_head_1d: 10,
  trim_tail_1d: 10,
  min_remnant_length_1d: 500,
  bar_length_1d: 6000,
  weld_allowance_1d: 0,
};

export const CUTTING_DEFAULT_KEYS = Object.keys(DEFAULT_CUTTING_DEFAULTS) as (keyof CuttingDefaults)[];

const mm = (min: number, max: number) =>
  z
    .number({ error: 'validation.numberInvalid' })
    .int('validation.numberInvalid')
    .min(min, min > 0 ? 'validation.positive' : 'validation.outOfRange')
    .max(max, 'validation.outOfRange');

/** The settings form and the PUT body; limits are the cutting list's own. */
export const cuttingDefaultsSchema = z
  .object({
    kerf_2d: mm(0, 50),
    trim_2d: mm(0, 1000),
    min_remnant_length_2d: mm(0, 100_000),
    min_remnant_width_2d: mm(0, 100_000),
    kerf_1d: mm(0, 50),
    trim_head_1d: mm(0, 1000),
    trim_tail_1d: mm(0, 1000),
    min_remnant_length_1d: mm(0, 100_000),
    bar_length_1d: mm(1, 100_000),
    weld_allowance_1d: mm(0, 50),
  })
  .strict()
  .superRefine((d, ctx) => {
    // The trims must leave something of a standard bar to cut pieces from.
    if (d.bar_length_1d >= 1 && d.trim_head_1d + d.trim_tail_1d >= d.bar_length_1d)
      ctx.addIssue({ code: 'custom', path: ['trim_tail_1d'], message: 'validation.trimExceedsBar' });
  });

/**
 * Trade presets (PRODUCT.md "Trade specifics"). Each sets only the values of its own kind, so a
 * glass and PVC window shop applies "glass" for its sheets and "pvc" for its profiles.
 * - glass: scored and snapped (kerf 0), 15 mm edge trim per edge (10–20 mm is usual).
 * - panel: chipboard/MDF panel saw, kerf 4 mm (blades are 3.2–4.4 mm; sizes are whole mm, so the
 *   blade is rounded up), 10 mm trim per edge for the board tolerances.
 * - pvc: 6500 mm bars, kerf 4, 10 mm end trims, 3 mm weld allowance per mitred end, remnants from
 *   500 mm.
 * - alu: 6000 mm bars, kerf 4, 10 mm end trims, no weld allowance (mitres joined with corner
 *   cleats), remnants from 500 mm.
 */
export const CUTTING_PRESETS = {
  glass: { kerf_2d: 0, trim_2d: 15, min_remnant_length_2d: 300, min_remnant_width_2d: 300 },
  panel: { kerf_2d: 4, trim_2d: 10, min_remnant_length_2d: 300, min_remnant_width_2d: 300 },
  pvc: {
    kerf_1d: 4,
    trim_head_1d: 10,
    trim_tail_1d: 10,
    min_remnant_length_1d: 500,
    bar_length_1d: 6500,
    weld_allowance_1d: 3,
  },
  alu: {
    kerf_1d: 4,
    trim_head_1d: 10,
    trim_tail_1d: 10,
    min_remnant_length_1d: 500,
    bar_length_1d: 6000,
    weld_allowance_1d: 0,
  },
} as const satisfies Record<string, Partial<CuttingDefaults>>;
export type CuttingPreset = keyof typeof CUTTING_PRESETS;
export const CUTTING_PRESET_NAMES = Object.keys(CUTTING_PRESETS) as CuttingPreset[];

/** The defaults with one preset applied (the other kind's values stay as they are). */
export function applyCuttingPreset(current: CuttingDefaults, preset: CuttingPreset): CuttingDefaults {
  return { ...current, ...CUTTING_PRESETS[preset] };
}

/** What a new list of a kind starts with: kerf, trim (1D: left = head, right = tail), remnants, weld allowance. */
export function jobSettingsFromDefaults(
  d: CuttingDefaults,
  kind: '1d' | '2d',
): Pick<CuttingJobInput, 'kerf' | 'trim' | 'min_remnant_length' | 'min_remnant_width' | 'weld_allowance'> {
  return kind === '1d'
    ? {
        kerf: d.kerf_1d,
        trim: { left: d.trim_head_1d, right: d.trim_tail_1d, top: 0, bottom: 0 },
        min_remnant_length: d.min_remnant_length_1d,
        min_remnant_width: 0,
        weld_allowance: d.weld_allowance_1d,
      }
    : {
        kerf: d.kerf_2d,
        trim: { left: d.trim_2d, right: d.trim_2d, top: d.trim_2d, bottom: d.trim_2d },
        min_remnant_length: d.min_remnant_length_2d,
        min_remnant_width: d.min_remnant_width_2d,
        weld_allowance: 0,
      };
}
