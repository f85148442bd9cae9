import { z } from 'zod';

// Glass processing order (PRODUCT.md, "Glass processing"): cut → edge → drill → (coating removal)
// → temper / laminate → assemble insulating unit. Tempering must come after all cutting, drilling
// and grinding. A routing that breaks the order is allowed (warnings, not errors): the shop may know
// better, but it sees why the order looks wrong.

/** What a process does to the piece; `other` (the default) takes no part in the order check. */
export const PROCESS_CATEGORIES = [
  'cut',
  'edge',
  'drill',
  'coating_removal',
  'temper',
  'laminate',
  'assemble',
  'other',
] as const;
export type ProcessCategory = (typeof PROCESS_CATEGORIES)[number];
export const processCategorySchema = z.enum(PROCESS_CATEGORIES, 'validation.invalid');

/** Stage in the processing order; temper and laminate share a stage (either order between them). */
const STAGE: Record<ProcessCategory, number | null> = {
  cut: 1,
  edge: 2,
  drill: 3,
  coating_removal: 4,
  temper: 5,
  laminate: 5,
  assemble: 6,
  other: null,
};
/** Work on the glass itself, which tempered (or laminated) glass can no longer take. */
const PROCESSING = new Set<ProcessCategory>(['cut', 'edge', 'drill', 'coating_removal']);
const TOUGHENING = new Set<ProcessCategory>(['temper', 'laminate']);

export const ROUTING_WARNING_CODES = ['processingAfterTemper', 'temperAfterAssemble', 'outOfOrder'] as const;
export type RoutingWarningCode = (typeof ROUTING_WARNING_CODES)[number];

export type RoutingOrderStep = {
  /** Shown to the user: the step number in the routing, or the operation's position on a work order. */
  position: number;
  category: ProcessCategory;
  /**
   * The piece the step works on (a work order: its line and the item made). Steps of different
   * pieces are never compared; omitted = all steps belong to one piece (a product's routing).
   */
  piece?: string;
};

export const routingWarningSchema = z.object({
  code: z.enum(ROUTING_WARNING_CODES),
  /** The step that comes too late ... */
  position: z.number(),
  category: processCategorySchema,
  /** ... after this earlier step, which should follow it. */
  after: z.number(),
  afterCategory: processCategorySchema,
});
export type RoutingWarning = z.infer<typeof routingWarningSchema>;

/**
 * Checks the order of a routing (steps in the order they are done) and returns at most one warning
 * per misplaced step, naming the first earlier step of the same piece that should come after it:
 * - `processingAfterTemper`: cut/edge/drill/coating removal after a temper or laminate step;
 * - `temperAfterAssemble`: temper or laminate after the insulating unit is assembled;
 * - `outOfOrder`: any other step before which a later stage was already done (drill before edge).
 * Steps of category `other` are ignored. Pure: the server and the web call the same function.
 */
export function checkRoutingOrder(steps: readonly RoutingOrderStep[]): RoutingWarning[] {
  const warnings: RoutingWarning[] = [];
  const seen = new Map<string, RoutingOrderStep[]>();
  for (const step of steps) {
    const stage = STAGE[step.category];
    if (stage === null) continue;
    const key = step.piece ?? '';
    const earlier = seen.get(key) ?? [];
    const later = (e: RoutingOrderStep) => (STAGE[e.category] ?? 0) > stage;
    let culprit: RoutingOrderStep | undefined;
    let code: RoutingWarningCode = 'outOfOrder';
    if (PROCESSING.has(step.category)) {
      culprit = earlier.find((e) => TOUGHENING.has(e.category));
      if (culprit) code = 'processingAfterTemper';
    } else if (TOUGHENING.has(step.category)) {
      culprit = earlier.find((e) => e.category === 'assemble');
      if (culprit) code = 'temperAfterAssemble';
    }
    culprit ??= earlier.find(later);
    if (culprit)
      warnings.push({
        code,
        position: step.position,
        category: step.category,
        after: culprit.position,
        afterCategory: culprit.category,
      });
    earlier.push(step);
    seen.set(key, earlier);
  }
  return warnings;
}
