// zod schema of the optimiser input (the `npm run cut` JSON contract). Sizes are integers in the
// caller's unit; messages name the offending field so that the CLI and the app can show them.
import { z } from 'zod';
import type { CutInput } from './types.ts';

const id = z
  .union([z.string().min(1), z.number()], { error: 'is required (text or number)' })
  .transform(String);
const size = z
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .positive('must be greater than 0');
const amount = z
  .number({ error: 'must be a number' })
  .int('must be an integer')
  .nonnegative('must not be negative');
const quantity = z.number().int('must be an integer').min(1, 'must be at least 1');
const stockQuantity = z.number().int('must be an integer').nonnegative('must not be negative').nullable();
const cost = z.number().nonnegative('must not be negative').optional();
const common = {
  kerf: amount.default(0),
  timeLimitMs: z.number().int().positive().max(600_000).default(1000),
  seed: z.number().int().default(1),
};

const input1d = z.object({
  kind: z.literal('1d'),
  ...common,
  trim: z.object({ head: amount.default(0), tail: amount.default(0) }).default({ head: 0, tail: 0 }),
  stock: z
    .array(z.object({ id, length: size, quantity: stockQuantity, cost, remnant: z.boolean().optional() }))
    .min(1, 'at least one stock entry is required'),
  pieces: z
    .array(z.object({ id, length: size, quantity, label: z.string().optional() }))
    .min(1, 'at least one piece is required'),
});

const input2d = z.object({
  kind: z.literal('2d'),
  ...common,
  trim: z
    .object({
      left: amount.default(0),
      right: amount.default(0),
      top: amount.default(0),
      bottom: amount.default(0),
    })
    .default({ left: 0, right: 0, top: 0, bottom: 0 }),
  stageLimit: z.number().int().min(2, 'must be 2 or 3').max(3, 'must be 2 or 3').optional(),
  firstCut: z.enum(['horizontal', 'vertical']).optional(),
  stock: z
    .array(
      z.object({
        id,
        width: size,
        height: size,
        quantity: stockQuantity,
        cost,
        remnant: z.boolean().optional(),
      }),
    )
    .min(1, 'at least one stock entry is required'),
  pieces: z
    .array(
      z.object({
        id,
        width: size,
        height: size,
        quantity,
        rotate: z.boolean().optional(),
        label: z.string().optional(),
      }),
    )
    .min(1, 'at least one piece is required'),
});

export const cutInputSchema = z
  .discriminatedUnion('kind', [input1d, input2d], { error: 'kind must be "1d" or "2d"' })
  .superRefine((input, ctx) => {
    const ids = new Set<string>();
    input.pieces.forEach((p, i) => {
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['pieces', i, 'id'], message: `duplicate piece id ${p.id}` });
      ids.add(p.id);
    });
    if (input.kind === '1d') {
      const usable = input.stock.map((s) => s.length - input.trim.head - input.trim.tail);
      input.pieces.forEach((p, i) => {
        if (!usable.some((u) => p.length <= u)) {
          ctx.addIssue({
            code: 'custom',
            path: ['pieces', i, 'length'],
            message: `piece ${p.id} (${p.length}) is longer than every stock bar after trim`,
          });
        }
      });
    } else {
      const t = input.trim;
      const usable = input.stock.map(
        (s) => [s.width - t.left - t.right, s.height - t.top - t.bottom] as const,
      );
      input.pieces.forEach((p, i) => {
        const fits = usable.some(
          ([w, h]) =>
            (p.width <= w && p.height <= h) || (p.rotate !== false && p.height <= w && p.width <= h),
        );
        if (!fits) {
          ctx.addIssue({
            code: 'custom',
            path: ['pieces', i, 'width'],
            message: `piece ${p.id} (${p.width}x${p.height}) is larger than every stock sheet after trim`,
          });
        }
      });
    }
  });

export type CutInputRaw = z.input<typeof cutInputSchema>;

/** Parses untrusted input; throws a ZodError whose issues carry the field paths. */
export function parseCutInput(raw: unknown): CutInput {
  return cutInputSchema.parse(raw) as CutInput;
}

/** "pieces.2.length: must be greater than 0" lines for people. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(input)'}: ${i.message}`);
}
