import { describe, expect, test } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { EMPTY_FIELDS, modeFromSearch, serverProblems, validateAuthForm } from './auth-form-logic.ts';

const keysOf = (v: ReturnType<typeof validateAuthForm>) =>
  v.ok ? [] : v.problems.map((p) => ('key' in p ? p.key : p.text));

describe('validateAuthForm', () => {
  test('empty sign-in lists "required" once per field, email first', () => {
    expect(keysOf(validateAuthForm('signin', EMPTY_FIELDS))).toEqual([
      'validation.emailRequired',
      'validation.passwordRequired',
    ]);
  });

  test('sign-in: malformed email and a 5-character password', () => {
    const v = validateAuthForm('signin', { ...EMPTY_FIELDS, email: 'ana@tvrtka', password: '12345' });
    expect(keysOf(v)).toEqual(['validation.emailInvalid', 'validation.passwordMin']);
  });

  test('sign-in: an email with a space is invalid', () => {
    const v = validateAuthForm('signin', {
      ...EMPTY_FIELDS,
      email: 'ana horvat@tvrtka.hr',
      password: '123456',
    });
    expect(keysOf(v)).toEqual(['validation.emailInvalid']);
  });

  test('sign-in accepts 6 characters and ignores the sign-up fields', () => {
    const v = validateAuthForm('signin', { ...EMPTY_FIELDS, email: 'ana@tvrtka.hr', password: '123456' });
    expect(v).toEqual({
      ok: true,
      signIn: { email: 'ana@tvrtka.hr', password: '123456' },
      signUp: { name: '', email: 'ana@tvrtka.hr', password: '123456' },
    });
  });

  test('sign-up: a mismatch is listed even when other fields fail too', () => {
    const v = validateAuthForm('signup', {
      name: '',
      email: 'a@b.hr',
      password: 'abcdefgh',
      confirmPassword: '',
    });
    expect(keysOf(v)).toEqual(['validation.nameRequired', 'auth.errors.passwordMismatch']);
  });

  test('empty sign-up lists name, email and password requirements', () => {
    expect(keysOf(validateAuthForm('signup', EMPTY_FIELDS))).toEqual([
      'validation.nameRequired',
      'validation.emailRequired',
      'validation.passwordRequired',
    ]);
  });

  test('sign-up: short name, short password, mismatch all listed together', () => {
    const v = validateAuthForm('signup', {
      name: 'A',
      email: 'a@b.hr',
      password: 'abc',
      confirmPassword: 'abd',
    });
    // Under 6 characters the seed's own message (section 5), as on sign-in.
    expect(keysOf(v)).toEqual([
      'validation.nameMin',
      'validation.passwordMin',
      'auth.errors.passwordMismatch',
    ]);
  });

  test('sign-up: 7 characters fail the 8-character rule the hint promises', () => {
    const v = validateAuthForm('signup', {
      name: 'Ana Horvat',
      email: 'a@b.hr',
      password: 'abcdefg',
      confirmPassword: 'abcdefg',
    });
    expect(keysOf(v)).toEqual(['validation.passwordMinSignUp']);
  });

  test('valid sign-up trims the name and email', () => {
    const v = validateAuthForm('signup', {
      name: '  Ana Horvat ',
      email: ' ana@tvrtka.hr ',
      password: 'tajna-lozinka',
      confirmPassword: 'tajna-lozinka',
    });
    expect(v.ok && v.signUp).toEqual({
      name: 'Ana Horvat',
      email: 'ana@tvrtka.hr',
      password: 'tajna-lozinka',
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
