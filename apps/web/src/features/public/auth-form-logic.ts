import { signInSchema, signUpFormSchema } from '@erp/domain/auth/auth.schemas';
import { ApiError } from '../../lib/api.ts';

export type AuthMode = 'signin' | 'signup';
export type AuthFields = { name: string; email: string; password: string; confirmPassword: string };
export type AuthField = keyof AuthFields;

/** One line of the red error list: an i18n key of the `common` namespace, or the server's own words. */
export type Problem = { field?: AuthField; key: string } | { field?: undefined; text: string };

export type Validation =
  | {
      ok: true;
      signIn: { email: string; password: string };
      signUp: { name: string; email: string; password: string };
    }
  | { ok: false; problems: Problem[] };

export const EMPTY_FIELDS: AuthFields = { name: '', email: '', password: '', confirmPassword: '' };

const FIELD_ORDER: readonly AuthField[] = ['name', 'email', 'password', 'confirmPassword'];

export function modeFromSearch(params: URLSearchParams): AuthMode {
  return params.get('mode') === 'signup' ? 'signup' : 'signin';
}

/**
 * One message per field, in form order: an empty field says "required" only, not also "invalid".
 * A password under 6 characters gets the seed's message ('Lozinka mora imati najmanje 6 znakova') in
 * both modes; on sign-up 6 or 7 characters then get the 8-character rule the hint promises (the
 * schema stops at the first length rule it breaks, like the server).
 */
function pickPerField(issues: readonly { field: AuthField; key: string }[]): Problem[] {
  const problems: Problem[] = [];
  for (const field of FIELD_ORDER) {
    const key = issues.find((i) => i.field === field)?.key;
    if (key) problems.push({ field, key });
  }
  return problems;
}

/**
 * The schema's password-match refinement only runs once every field passes; the seed lists all
 * errors together, so a mismatch is reported alongside the others as well.
 */
function withMismatch(values: AuthFields, issues: { field: AuthField; key: string }[]) {
  const reported = issues.some((i) => i.field === 'confirmPassword');
  if (reported || values.password === values.confirmPassword) return issues;
  return [...issues, { field: 'confirmPassword' as const, key: 'auth.errors.passwordMismatch' }];
}

function isField(name: string): name is AuthField {
  return (FIELD_ORDER as readonly string[]).includes(name);
}

export function validateAuthForm(mode: AuthMode, values: AuthFields): Validation {
  if (mode === 'signin') {
    const r = signInSchema.safeParse({ email: values.email, password: values.password });
    if (r.success) return { ok: true, signIn: r.data, signUp: { name: '', ...r.data } };
    return { ok: false, problems: pickPerField(fieldIssues(r.error.issues)) };
  }
  const r = signUpFormSchema.safeParse(values);
  if (!r.success) {
    return { ok: false, problems: pickPerField(withMismatch(values, fieldIssues(r.error.issues))) };
  }
  const { name, email, password } = r.data;
  return { ok: true, signIn: { email, password }, signUp: { name, email, password } };
}

function fieldIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? '');
    return isField(field) ? [{ field, key: issue.message }] : [];
  });
}

type Exists = (key: string) => boolean;

/**
 * Seed section 8: the server's reason, else the fallback key. The reason is the translated error code
 * (or each field detail) when the app knows it, the server's (Croatian) message when it does not.
 */
export function serverProblems(error: unknown, mode: AuthMode, exists: Exists): Problem[] {
  const fallback: Problem = {
    key: mode === 'signin' ? 'auth.errors.signInError' : 'auth.errors.signUpError',
  };
  if (!(error instanceof ApiError)) return [fallback];
  const details = (error.details ?? []).filter((d) => exists(d.key));
  if (details.length > 0) {
    return details.map((d) => (isField(d.field) ? { field: d.field, key: d.key } : { key: d.key }));
  }
  if (exists(`errors.${error.code}`)) return [{ key: `errors.${error.code}` }];
  return error.message ? [{ text: error.message }] : [fallback];
}

export function fieldHasProblem(problems: readonly Problem[], field: AuthField): boolean {
  return problems.some((p) => p.field === field);
}
