import { signInSchema, signUpFormSchema } from '@erp/domain/auth/auth.schemas';
import type { FieldErrors } from 'react-hook-form';
import type { ZodType } from 'zod';
import { errorsOf } from '../../components/editing/zod-form.ts';
import { ApiError } from '../../lib/api.ts';

export type AuthMode = 'signin' | 'signup';
export type AuthFields = { name: string; email: string; password: string; confirmPassword: string };
export type AuthField = keyof AuthFields;

/** One line of the red error list: an i18n key of the `common` namespace, or the server's own words. */
export type Problem = { field?: AuthField; key: string } | { field?: undefined; text: string };

export const EMPTY_FIELDS: AuthFields = { name: '', email: '', password: '', confirmPassword: '' };

/** What a valid form yields: sign-in reads the email and password; sign-up the name too. */
export type AuthValues = { name?: string; email: string; password: string };

/**
 * The domain's schema of each mode, over the same four fields (sign-in ignores the other two).
 * One message per field, in form order (the form keeps each field's first error): an empty field
 * says "required" only, not also "invalid". A password under 6 characters gets the seed's message
 * in both modes; on sign-up 6 or 7 characters then get the 8-character rule the hint promises; a
 * mismatch of the two passwords is listed with the other errors.
 */
export function authFormSchema(mode: AuthMode): ZodType<AuthValues, AuthFields> {
  return (mode === 'signin' ? signInSchema : signUpFormSchema) as unknown as ZodType<AuthValues, AuthFields>;
}

export function modeFromSearch(params: URLSearchParams): AuthMode {
  return params.get('mode') === 'signup' ? 'signup' : 'signin';
}

function isField(name: string): name is AuthField {
  return (['name', 'email', 'password', 'confirmPassword'] as readonly string[]).includes(name);
}

/** The form's own problems (its schema's errors), each on its field. */
export function formProblems(errors: FieldErrors): Problem[] {
  return errorsOf(errors).map(({ path, message }) =>
    isField(path) ? { field: path, key: message } : { key: message },
  );
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
