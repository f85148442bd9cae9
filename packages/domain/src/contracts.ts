import { z } from 'zod';

// Building blocks of the HTTP contracts (issue 20): each area's request and response schemas live
// in `packages/domain/src/<area>/contracts.ts` and are built from these. The server validates and
// serialises with them (a response schema is an allow-list: unknown fields are stripped), repos
// type their rows with `z.infer`, and the web types its calls with the same schemas.

/** A uuid in a path or query (answers `validation.invalid`). */
export const uuidParam = z.uuid({ error: 'validation.invalid' });
/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: uuidParam });
/** A decimal on the wire: quantities and money travel as strings, never JS numbers. */
export const wireDecimal = z.string();
export const wireDecimalOrNull = z.string().nullable();
/** The answer of a create that returns only the new row's id. */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;
/** The answer `{ ok: true }` of an action that returns nothing else. */
export const okSchema = z.object({ ok: z.literal(true) });
/** One problem of an import row or file: the field, the sheet column, an i18n key and its params. */
export const importIssueSchema = z.object({
  field: z.string(),
  column: z.string().nullable(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
