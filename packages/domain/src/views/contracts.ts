import { z } from 'zod';

// The HTTP contract of /api/views: saved list views, a member's own and the company's shared ones.

/** Which list a view belongs to (the web's list key, e.g. `items`, `work-orders`). */
const listKey = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'validation.invalid');
const viewFields = {
  name: z.string().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
  /** The list's URL query string without "?" (page excluded by the web app). */
  query: z.string().max(2000, 'validation.tooLong'),
  columns: z.array(z.string().regex(/^[a-z][a-z0-9_.-]{0,39}$/, 'validation.invalid')).max(40),
  shared: z.boolean(),
};

export const viewCreateSchema = z.object({
  list_key: listKey,
  name: viewFields.name,
  query: viewFields.query.default(''),
  columns: viewFields.columns.default([]),
  shared: viewFields.shared.default(false),
});
export type ViewCreate = z.infer<typeof viewCreateSchema>;
/** No defaults here: a field left out of a patch stays as it is. */
export const viewPatchSchema = z.object(viewFields).partial();
export type ViewPatch = z.infer<typeof viewPatchSchema>;

export const viewListQuerySchema = z.object({ list: listKey });
export const viewParamsSchema = z.object({ id: z.uuid() });

/** A view as stored, its creator named as the team lists them. */
export const viewRowSchema = z.object({
  id: z.string(),
  list_key: z.string(),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()),
  shared: z.boolean(),
  created_by: z.string(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ViewRow = z.infer<typeof viewRowSchema>;
/** A view as the caller sees it: whether it is theirs and whether they may change it. */
export const savedViewSchema = viewRowSchema.extend({ mine: z.boolean(), can_edit: z.boolean() });
export type SavedView = z.infer<typeof savedViewSchema>;
