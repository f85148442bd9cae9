import { z } from 'zod';

export const CHANGELOG_TYPES = ['feature', 'improvement', 'bugfix', 'breaking', 'security'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];
/** Seed section 7: published entries are cached for 5 minutes. */
export const CHANGELOG_CACHE_MS = 5 * 60 * 1000;

/** An entry as /api/changelog answers it (the HTTP contract; the repo types its rows with it). */
export const changelogEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  /** Any string may arrive from older data; unknown types get a neutral icon. */
  type: z.string(),
  items: z.array(z.string()),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

/** Seed: `items` is treated as empty when it is not a list. */
export function normalizeItems(items: unknown): string[] {
  return Array.isArray(items) ? items.filter((i): i is string => typeof i === 'string') : [];
}

const required = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const changelogCreateSchema = z
  .object({
    title: required(200),
    version: required(40),
    description: z.string().trim().max(5000, 'validation.tooLong').nullable().optional(),
    type: z.enum(CHANGELOG_TYPES, { error: 'validation.changelogTypeInvalid' }),
    items: z.array(required(500)).max(50, 'validation.tooManyItems').default([]),
    is_published: z.boolean().default(false),
    published_at: z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }).nullable().optional(),
  })
  .strict();
/** A PATCH changes only what it sends (no creation defaults: editing a title keeps items and publication). */
export const changelogUpdateSchema = changelogCreateSchema
  .extend({ items: z.array(required(500)).max(50, 'validation.tooManyItems'), is_published: z.boolean() })
  .partial()
  .strict();
export type ChangelogCreate = z.infer<typeof changelogCreateSchema>;
export type ChangelogUpdate = z.infer<typeof changelogUpdateSchema>;
