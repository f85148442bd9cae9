import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formSchema } from './form-schema.ts';

const request = z.object({
  name: z.string().trim().min(1, 'validation.required'),
  price: z.string().nullable(),
});
const schema = formSchema(
  (v: { name: string; price: string }) => ({ ...v, price: v.price || null }),
  request,
);

describe('formSchema', () => {
  it('validates the body made from the typed values', () => {
    expect(schema.parse({ name: ' Okvir ', price: '' })).toEqual({ name: 'Okvir', price: null });
  });
  it("reports the request schema's key at the body's path", () => {
    const r = schema.safeParse({ name: ' ', price: '5' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'validation.required'],
    ]);
  });
});
