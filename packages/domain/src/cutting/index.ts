// Cutting optimisers (1D bars, 2D guillotine sheets), their bounds, input schema and plan checker.
import { optimize1d } from './one-d.ts';
import { optimize2d } from './two-d.ts';
import type { CutHooks, CutInput, CutResult } from './types.ts';

export { areaBound1d, l2Bound1d } from './bounds-1d.ts';
export { areaBound2d, l2Bound2d } from './bounds-2d.ts';
export { CuttingInputError, type CuttingInputIssue, cuttingInputIssue, withPieceSize } from './errors.ts';
export { optimize1d } from './one-d.ts';
export { cutInputSchema, describeIssues, parseCutInput } from './schema.ts';
export { optimize2d } from './two-d.ts';
export * from './types.ts';
export { validatePlan1d, validatePlan2d } from './validate.ts';

/** Runs the optimiser that matches `input.kind`. */
export function optimizeCutting(input: CutInput, hooks: CutHooks = {}): CutResult {
  return input.kind === '1d' ? optimize1d(input, hooks) : optimize2d(input, hooks);
}
export * from './contracts.ts';
export * from './cutting-defaults.ts';
export * from './job.ts';
export * from './plan-figures.ts';
export * from './remnant-cost.ts';
