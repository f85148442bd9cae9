import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsOf, type FormIssue, formResolver, issueText, validateForm } from './zod-form.ts';

const schema = z.object({
  email: z.string().trim().min(1, 'validation.emailRequired').email('validation.emailInvalid'),
  amount: z.string().regex(/^\d+(\.\d+)?$/, 'validation.numberInvalid'),
  contacts: z
    .array(z.object({ name: z.string().min(1, 'validation.nameRequired'), phone: z.string() }))
    .max(2, 'validation.tooLong'),
});

const resolve = (values: unknown) =>
  formResolver(schema)(values as z.input<typeof schema>, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('the form recipe (useZodForm)', () => {
  it('validates with the schema and hands its output to the submit', async () => {
    const result = await resolve({ email: '  ana@example.hr ', amount: '12.50', contacts: [] });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'ana@example.hr', amount: '12.50', contacts: [] });
  });

  it('reports every failing field, nested ones by their dotted path, with the i18n key', async () => {
    const result = await resolve({
      email: 'not-an-address',
      amount: '12,5x',
      contacts: [
        { name: 'Ana', phone: '' },
        { name: '', phone: '' },
      ],
    });
    expect(errorsOf(result.errors)).toEqual([
      { path: 'email', message: 'validation.emailInvalid' },
      { path: 'amount', message: 'validation.numberInvalid' },
      { path: 'contacts.1.name', message: 'validation.nameRequired' },
    ]);
  });

  it("a list's own failure carries the list's path; a message-less error reads as invalid", () => {
    const errors = {
      contacts: { root: { type: 'too_big', message: 'validation.tooLong' } },
      root: { type: 'server' },
    };
    expect(errorsOf(errors)).toEqual([
      { path: 'contacts', message: 'validation.tooLong' },
      { path: '', message: 'validation.invalid' },
    ]);
  });
});

describe("a message's values (line, position) reach its sentence", () => {
  // Like the domain's formula and glass make-up rules: a custom issue names where it failed.
  const formula = z.object({
    rows: z.array(
      z.object({ formula: z.string() }).superRefine((row, ctx) => {
        const at = row.formula.indexOf('?');
        if (at >= 0)
          ctx.addIssue({
            code: 'custom',
            path: ['formula'],
            message: 'validation.formulaSyntax',
            params: { position: at + 1 },
          });
      }),
    ),
  });
  const t = ((key: string, opts?: Record<string, unknown>) =>
    key === 'validation.formulaSyntax'
      ? `Formula nije ispravna kod ${String(opts?.position)}. znaka`
      : String(opts?.defaultValue ?? key)) as unknown as TFunction;

  it('keeps the params of a custom issue on its field error and translates with them', async () => {
    const issues = await validateForm(formula, { rows: [{ formula: 'W+H' }, { formula: 'W*?' }] });
    expect(issues).toEqual([
      { path: 'rows.1.formula', message: 'validation.formulaSyntax', params: { position: 3 } },
    ]);
    expect(issueText(t, issues[0] as FormIssue)).toBe('Formula nije ispravna kod 3. znaka');
  });

  it('a message without params is translated as before', () => {
    expect(issueText(t, { message: 'validation.unknownKey' })).toBe('validation.invalid');
  });
});
