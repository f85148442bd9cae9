import type { FieldErrors } from 'react-hook-form';
import { errorsOf } from '../../components/editing/zod-form.ts';

/** i18n keys (namespace `common`) of the problems in a form, each listed once, in field order. */
export function problemKeys(errors: FieldErrors, server: readonly string[] = []): string[] {
  return [...new Set([...errorsOf(errors).map((i) => i.message), ...server])];
}
