import { readFileSync } from 'node:fs';
import { forgotPasswordSchema, PASSWORD_MIN_SIGN_UP, resetPasswordFormSchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { formResolver } from '../../components/editing/zod-form.ts';
import { problemKeys } from './password-reset-logic.ts';

// The pages' own recipe: react-hook-form's resolver with the domain schema, keys listed once.
const problemsOf = async (
  schema: typeof forgotPasswordSchema | typeof resetPasswordFormSchema,
  values: object,
) =>
  problemKeys(
    (await formResolver(schema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false }))
      .errors,
  );
const forgotPasswordProblems = (email: string) => problemsOf(forgotPasswordSchema, { email });
const resetPasswordProblems = (input: { token: string; password: string; confirmPassword: string }) =>
  problemsOf(resetPasswordFormSchema, input);

const TOKEN = 'a'.repeat(43);

describe('password reset forms', () => {
  it('asks for a valid email', async () => {
    expect(await forgotPasswordProblems('')).toEqual(['validation.emailRequired']);
    expect(await forgotPasswordProblems('ivana@')).toEqual(['validation.emailInvalid']);
    expect(await forgotPasswordProblems('ivana@staklo.hr')).toEqual([]);
  });

  it('checks the new password with the sign-up rules and the repetition', async () => {
    expect(
      await resetPasswordProblems({ token: TOKEN, password: 'kratka', confirmPassword: 'kratka' }),
    ).toEqual(['validation.passwordMinSignUp']);
    expect(
      await resetPasswordProblems({
        token: TOKEN,
        password: 'NovaLozinka1',
        confirmPassword: 'NovaLozinka2',
      }),
    ).toEqual(['auth.errors.passwordMismatch']);
    expect(
      await resetPasswordProblems({ token: 'x', password: 'NovaLozinka1', confirmPassword: 'NovaLozinka1' }),
    ).toEqual(['validation.resetTokenInvalid']);
    expect(
      await resetPasswordProblems({
        token: TOKEN,
        password: 'NovaLozinka1',
        confirmPassword: 'NovaLozinka1',
      }),
    ).toEqual([]);
  });

  it('refuses a too short new password with the minimum it enforces (issue 22: not "6" for 5 characters)', async () => {
    const five = 'a'.repeat(5);
    expect(await resetPasswordProblems({ token: TOKEN, password: five, confirmPassword: five })).toEqual([
      'validation.passwordMinSignUp',
    ]);
    const justEnough = 'a'.repeat(PASSWORD_MIN_SIGN_UP);
    expect(
      await resetPasswordProblems({ token: TOKEN, password: justEnough, confirmPassword: justEnough }),
    ).toEqual([]);
  });

  it('every language states the minimum the rule enforces, in the error and in the reset intro', async () => {
    for (const lng of ['hr', 'en', 'sl', 'de', 'it', 'cs']) {
      const read = (ns: string) =>
        JSON.parse(
          readFileSync(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'),
        );
      const message: string = read('common').validation.passwordMinSignUp;
      expect(message, lng).toContain(String(PASSWORD_MIN_SIGN_UP));
      // The intro takes the number from the rule ({{min}}), so it cannot drift from it.
      expect(read('password-reset').reset.intro, lng).toContain('{{min}}');
    }
  });
});
