import type { z } from 'zod';
import type { FieldIssue } from './errors.ts';

/**
 * Zod messages in this package are i18n keys (namespace `common`), never prose, so that server and
 * web report the same problem and the web shows it in the user's language. The texts live only in
 * the web's `public/locales/<lng>/common.json`; the server's Croatian `message` reads `hr` there
 * (apps/server/src/i18n/validation-messages.ts).
 */
const KEY_PREFIXES = ['validation.', 'auth.errors.'];

export function zodIssuesToFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    const key = KEY_PREFIXES.some((p) => issue.message.startsWith(p)) ? issue.message : 'validation.invalid';
    const params = issueParams(issue);
    return { field: issue.path.map(String).join('.'), key, ...(params ? { params } : {}) };
  });
}

/** The interpolation values a custom issue carries (e.g. the glass make-up's bad token). */
export function issueParams(issue: unknown): Record<string, string | number> | undefined {
  const params = (issue as { code?: string; params?: unknown })?.params;
  if ((issue as { code?: string })?.code !== 'custom' || !params || typeof params !== 'object')
    return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return Object.keys(out).length ? out : undefined;
}
