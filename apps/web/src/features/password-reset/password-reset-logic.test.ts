import { describe, expect, it } from 'vitest';
import { forgotPasswordProblems, resetPasswordProblems } from './password-reset-logic.ts';

const TOKEN = 'a'.repeat(43);

describe('password reset forms', () => {
  it('asks for a valid email', () => {
    expect(forgotPasswordProblems('')).toEqual(['validation.emailRequired']);
    expect(forgotPasswordProblems('ivana@')).toEqual(['validation.emailInvalid']);
    expect(forgotPasswordProblems('ivana@staklo.hr')).toEqual([]);
  });

  it('checks the new password with the sign-up rules and the repetition', () => {
    expect(resetPasswordProblems({ token: TOKEN, password: 'kratka', confirmPassword: 'kratka' })).toEqual([
      'validation.passwordMinSignUp',
    ]);
    expect(
      resetPasswordProblems({ token: TOKEN, password: 'NovaLozinka1', confirmPassword: 'NovaLozinka2' }),
    ).toEqual(['auth.errors.passwordMismatch']);
    expect(
      resetPasswordProblems({ token: 'x', password: 'NovaLozinka1', confirmPassword: 'NovaLozinka1' }),
    ).toEqual(['validation.resetTokenInvalid']);
    expect(
      resetPasswordProblems({ token: TOKEN, password: 'NovaLozinka1', confirmPassword: 'NovaLozinka1' }),
    ).toEqual([]);
  });
});
