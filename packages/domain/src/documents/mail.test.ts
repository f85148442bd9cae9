import { describe, expect, it } from 'vitest';
import { zodIssuesToFieldIssues } from '../validation.ts';
import { documentMailInputSchema, mailSettingsInputSchema, mailTemplate } from './mail.ts';
import { DELIVERY_NOTE_STATUSES, INVOICE_STATUSES, QUOTE_STATUSES, WORK_ORDER_STATUSES } from './status.ts';

describe('which documents can be e-mailed, and as what', () => {
  it('a quote until accepted, then an order confirmation; never rejected or expired', () => {
    const as = Object.fromEntries(QUOTE_STATUSES.map((s) => [s, mailTemplate('quote', s)]));
    expect(as).toEqual({
      draft: 'quote',
      sent: 'quote',
      accepted: 'order_confirmation',
      converted: 'order_confirmation',
      rejected: null,
      expired: null,
    });
  });

  it('delivery notes and invoices once issued; work orders never', () => {
    expect(DELIVERY_NOTE_STATUSES.map((s) => mailTemplate('delivery_note', s))).toEqual([
      null,
      'delivery_note',
      'delivery_note',
      null,
    ]);
    expect(INVOICE_STATUSES.map((s) => mailTemplate('invoice', s))).toEqual([null, 'invoice']);
    expect(INVOICE_STATUSES.map((s) => mailTemplate('credit_note', s))).toEqual([null, 'credit_note']);
    for (const s of WORK_ORDER_STATUSES) expect(mailTemplate('work_order', s)).toBeNull();
  });
});

describe('send input', () => {
  it('splits addresses on commas and semicolons and checks each', () => {
    const ok = documentMailInputSchema.parse({
      to: ' a@b.hr ; c@d.hr,',
      cc: 'e@f.hr',
      subject: ' Račun 1-POS1-1 ',
    });
    expect(ok).toEqual({ to: ['a@b.hr', 'c@d.hr'], cc: ['e@f.hr'], subject: 'Račun 1-POS1-1', message: '' });
    const bad = documentMailInputSchema.safeParse({ to: 'a@b.hr, nije adresa', subject: '' });
    expect(bad.success).toBe(false);
    const keys = bad.success ? [] : zodIssuesToFieldIssues(bad.error).map((i) => `${i.field}:${i.key}`);
    expect(keys).toEqual(['to:validation.emailInvalid', 'subject:validation.required']);
    const empty = documentMailInputSchema.safeParse({ to: ' ; ', subject: 'x' });
    expect(empty.success ? [] : zodIssuesToFieldIssues(empty.error).map((i) => i.key)).toEqual([
      'validation.emailRequired',
    ]);
  });

  it('settings: a port in range, a known security, a valid sender', () => {
    const ok = mailSettingsInputSchema.parse({
      host: 'smtp.example.hr',
      port: '587',
      security: 'starttls',
      from_address: 'ured@example.hr',
    });
    expect(ok).toMatchObject({ port: 587, username: '' });
    const bad = mailSettingsInputSchema.safeParse({
      host: '',
      port: 70000,
      security: 'ssl',
      from_address: 'x',
    });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'from_address',
      'host',
      'port',
      'security',
    ]);
  });
});
