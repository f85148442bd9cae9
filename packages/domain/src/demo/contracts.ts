import { z } from 'zod';

// The HTTP contract of /api/demo (a member fills an empty company with the demo window shop, as a
// background job) and /api/admin/demo (the operators' `npm run demo`, which waits until it is done).

/** Which company to fill: by its id or by its owner's e-mail, exactly one of the two. */
export const demoFillRequestSchema = z
  .object({
    company: z.uuid('validation.invalid').optional(),
    email: z.email('validation.emailInvalid').optional(),
    seed: z.number().int().optional(),
  })
  .strict()
  .refine((b) => Boolean(b.company) !== Boolean(b.email), 'validation.required');
export type DemoFillRequest = z.infer<typeof demoFillRequestSchema>;

/** How many records of each kind the fill wrote. */
export const demoCountsSchema = z.record(z.string(), z.number());
export type DemoCounts = z.infer<typeof demoCountsSchema>;

/** The queued fill: its status is read from /api/jobs/:id. */
export const demoJobSchema = z.object({ job_id: z.string() });
export type DemoJob = z.infer<typeof demoJobSchema>;
