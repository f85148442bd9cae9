import { invoiceInputSchema, paymentInputSchema } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../components/editing/zod-form.ts';
import { EMPTY_INVOICE_HEADER, invoiceHeaderSchema, paymentBody, paymentSchema } from './invoice-form.ts';

// The new invoice's header and the payment entry are checked with their routes' body schemas.
const CLIENT = '5d2f0c1e-8a7b-4c3d-9e1f-2a3b4c5d6e7f';

describe('invoice header form', () => {
  it('empty dates are none (the date of issue left out), an empty note none; the route accepts the body', () => {
    const head = invoiceHeaderSchema.parse({
      ...EMPTY_INVOICE_HEADER,
      client_id: CLIENT,
      due_date: '2026-12-15',
    });
    expect(head).toEqual({ client_id: CLIENT, delivery_date: null, due_date: '2026-12-15', note: null });
    expect(invoiceInputSchema.safeParse({ ...head, delivery_note_ids: [], lines: [] }).success).toBe(true);
  });

  it('a typed date of issue and note go out trimmed', () => {
    const head = invoiceHeaderSchema.parse({
      ...EMPTY_INVOICE_HEADER,
      client_id: CLIENT,
      doc_date: '2026-11-27',
      note: '  Po ponudi 12  ',
    });
    expect(head).toMatchObject({ doc_date: '2026-11-27', note: 'Po ponudi 12' });
  });

  it('no buyer and a bad date are named at their fields before anything is sent', async () => {
    const issues = await validateForm(invoiceHeaderSchema, {
      ...EMPTY_INVOICE_HEADER,
      delivery_date: '2026-13-01',
    });
    expect(issues.map((i) => i.path)).toEqual(['client_id', 'delivery_date']);
    expect(issues[0]?.message).toBe('validation.required');
  });
});

describe('payment entry form', () => {
  it('reads the amount as shown ("1.234,50") or plain, as the route expects it', () => {
    expect(paymentBody({ paid_on: '2026-11-27', amount: '1.234,50' })).toEqual({
      paid_on: '2026-11-27',
      amount: '1234.50',
    });
    expect(paymentBody({ paid_on: '2026-11-27', amount: '99.9' }).amount).toBe('99.9');
    const body = paymentSchema.parse({ paid_on: '2026-11-27', amount: '1.234,50' });
    expect(paymentInputSchema.safeParse(body).success).toBe(true);
  });

  it('a zero, a word or a missing date is refused with the route key', async () => {
    const zero = await validateForm(paymentSchema, { paid_on: '2026-11-27', amount: '0,00' });
    expect(zero.map((i) => [i.path, i.message])).toEqual([['amount', 'validation.positive']]);
    const word = await validateForm(paymentSchema, { paid_on: '', amount: 'sto' });
    expect(word.map((i) => i.path)).toEqual(['paid_on', 'amount']);
  });
});
