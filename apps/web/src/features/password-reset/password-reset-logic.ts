import { forgotPasswordSchema, resetPasswordFormSchema } from '@erp/domain';

/** i18n keys (namespace `common`) of the problems in a form, each listed once, in field order. */
export function problemKeys(
  result: { success: true } | { success: false; error: { issues: { message: string }[] } },
): string[] {
  if (result.success) return [];
  return [...new Set(result.error.issues.map((i) => i.message))];
}

export function forgotPasswordProblems(email: string): string[] {
  return problemKeys(forgotPasswordSchema.safeParse({ email }));
}

export function resetPasswordProblems(input: { token: string; password: string; confirmPassword: string }) {
  return problemKeys(resetPasswordFormSchema.safeParse(input));
}
