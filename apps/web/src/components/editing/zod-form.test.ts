import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsOf, formResolver } from './zod-form.ts';

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
