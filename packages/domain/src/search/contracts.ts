import { z } from 'zod';

// The HTTP contract of /api/search: the command palette's one search across items, partners and
// documents (a few hits per kind).

export const SEARCH_KINDS = [
  'item',
  'client',
  'supplier',
  'quote',
  'work_order',
  'delivery_note',
  'invoice',
  'purchase_order',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** Null for a draft document, which has no number yet. */
  label: z.string().nullable(),
  detail: z.string().nullable(),
  status: z.string().nullable(),
  /** How it was found: by a whole OIB (its blind index) or by the words of its text. */
  match: z.enum(['oib', 'text']),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({ hits: z.array(searchHitSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;
