import { describe, expect, test } from 'vitest';
import { formResolver } from '../../components/editing/zod-form.ts';
import { ApiError } from '../../lib/api.ts';
import {
  type AuthFields,
  type AuthMode,
  authFormSchema,
  EMPTY_FIELDS,
  formProblems,
  modeFromSearch,
  serverProblems,
} from './auth-form-logic.ts';

// What the form does on submit: react-hook-form's resolver with the mode's domain schema.
const validateAuthForm = (mode: AuthMode, values: AuthFields) =>
  formResolver(authFormSchema(mode))(values, undefined, { fields: {}, shouldUseNativeValidation: false });
const keysOf = async (v: ReturnType<typeof validateAuthForm>) =>
  formProblems((await v).errors).map((p) => ('key' in p ? p.key : p.text));

describe('the sign-in and sign-up form', () => {
  test('empty sign-in lists "required" once per field, email first', async () => {
    expect(await keysOf(validateAuthForm('signin', EMPTY_FIELDS))).toEqual([
      'validation.emailRequired',
      'validation.passwordRequired',
    ]);
  });

  test('sign-in: malformed email and a 5-character password', async () => {
    const v = validateAuthForm('signin', { ...EMPTY_FIELDS, email: 'ana@tvrtka', password: '12345' });
    expect(await keysOf(v)).toEqual(['validation.emailInvalid', 'validation.passwordMin']);
  });

  test('sign-in: an email with a space is invalid', async () => {
    const v = validateAuthForm('signin', {
      ...EMPTY_FIELDS,
      email: 'ana horvat@tvrtka.hr',
      password: '123456',
    });
    expect(await keysOf(v)).toEqual(['validation.emailInvalid']);
  });

  test('sign-in accepts 6 characters and ignores the sign-up fields', async () => {
    const v = validateAuthForm('signin', { ...EMPTY_FIELDS, email: 'ana@tvrtka.hr', password: '123456' });
    expect(await v).toEqual({ values: { email: 'ana@tvrtka.hr', password: '123456' }, errors: {} });
  });

  test('sign-up: a mismatch is listed even when other fields fail too', async () => {
    const v = validateAuthForm('signup', {
      name: '',
      email: 'a@b.hr',
      password: 'abcdefgh',
      confirmPassword: '',
    });
    expect(await keysOf(v)).toEqual(['validation.nameRequired', 'auth.errors.passwordMismatch']);
  });

  test('empty sign-up lists name, email and password requirements', async () => {
    expect(await keysOf(validateAuthForm('signup', EMPTY_FIELDS))).toEqual([
      'validation.nameRequired',
      'validation.emailRequired',
      'validation.passwordRequired',
    ]);
  });

  test('sign-up: short name, short password, mismatch all listed together', async () => {
    const v = validateAuthForm('signup', {
      name: 'A',
      email: 'a@b.hr',
      password: 'abc',
      confirmPassword: 'abd',
    });
    // Under 6 characters the seed's own message (section 5), as on sign-in.
    expect(await keysOf(v)).toEqual([
      'validation.nameMin',
      'validation.passwordMin',
      'auth.errors.passwordMismatch',
    ]);
  });

  test('sign-up: 7 characters fail the 8-character rule the hint promises', async () => {
    const v = validateAuthForm('signup', {
      name: 'Ana Horvat',
      email: 'a@b.hr',
      password: 'abcdefg',
      confirmPassword: 'abcdefg',
    });
    expect(await keysOf(v)).toEqual(['validation.passwordMinSignUp']);
  });

  test('valid sign-up trims the name and email', async () => {
    const v = validateAuthForm('signup', {
      name: '  Ana Horvat ',
      email: ' ana@tvrtka.hr ',
      password: 'tajna-lozinka',
      confirmPassword: 'tajna-lozinka',
    });
    expect((await v).values).toEqual({
      name: 'Ana Horvat',
      email: 'ana@tvrtka.hr',
      password: 'tajna-lozinka',
      confirmPassword: 'tajna-lozinka',
    });
  });
});

describe('serverProblems', () => {
  const known = new Set(['errors.INVALID_CREDENTIALS', 'validation.emailInvalid']);
  const exists = (k: string) => known.has(k);

  test('a known code is translated', () => {
    const err = new ApiError('INVALID_CREDENTIALS', 'Pogrešan email ili lozinka', 401);
    expect(serverProblems(err, 'signin', exists)).toEqual([{ key: 'errors.INVALID_CREDENTIALS' }]);
  });

  test('field details win over the code', () => {
    const err = new ApiError('VALIDATION', 'Email format nije valjan', 400, [
      { field: 'email', key: 'validation.emailInvalid' },
    ]);
    expect(serverProblems(err, 'signup', exists)).toEqual([
      { field: 'email', key: 'validation.emailInvalid' },
    ]);
  });

  test('an unknown code shows the server message', () => {
    const err = new ApiError('TEAPOT', 'Poslužitelj kaže ne', 418);
    expect(serverProblems(err, 'signup', exists)).toEqual([{ text: 'Poslužitelj kaže ne' }]);
  });

  test('no message at all falls back to the seed keys', () => {
    expect(serverProblems(new ApiError('TEAPOT', '', 418), 'signin', exists)).toEqual([
      { key: 'auth.errors.signInError' },
    ]);
    expect(serverProblems(new TypeError('boom'), 'signup', exists)).toEqual([
      { key: 'auth.errors.signUpError' },
    ]);
  });
});

test('modeFromSearch opens sign-up only for mode=signup', () => {
  expect(modeFromSearch(new URLSearchParams('mode=signup'))).toBe('signup');
  expect(modeFromSearch(new URLSearchParams('mode=other'))).toBe('signin');
  expect(modeFromSearch(new URLSearchParams(''))).toBe('signin');
});
