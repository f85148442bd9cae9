import { z } from 'zod';

// The HTTP contract of /api/health (liveness) and /api/config (the web app's public runtime settings).

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof healthSchema>;

export const publicConfigSchema = z.object({
  /** The operator's contact details shown on the public pages. */
  contact: z.object({ email: z.string(), phone: z.string(), city: z.string() }),
  /** Error reporting in the browser, or null when it is off. */
  sentry: z.object({ dsn: z.string(), environment: z.string(), tracesSampleRate: z.number() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
