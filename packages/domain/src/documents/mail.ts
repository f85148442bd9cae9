import { z } from 'zod';

// Documents e-mailed from the app (issue 22, deliverable 5): what can be sent, the company's SMTP
// settings and one send request. Messages are i18n keys (common `validation.*`, or `mail:errors.*`
// for what only the send dialog shows).

/** What a document is sent as: a quote until accepted, then an order confirmation. */
export type MailTemplate = 'quote' | 'order_confirmation' | 'delivery_note' | 'invoice' | 'credit_note';

/** The template for a document, or null when this document cannot be e-mailed (a draft invoice, a work order). */
export function mailTemplate(kind: string, status: string): MailTemplate | null {
  if (kind === 'quote') {
    if (status === 'accepted' || status === 'converted') return 'order_confirmation';
    return status === 'draft' || status === 'sent' ? 'quote' : null;
  }
  if (status === 'draft' || status === 'cancelled') return null;
  if (kind === 'delivery_note') return 'delivery_note';
  if (kind === 'invoice') return 'invoice';
  if (kind === 'credit_note') return 'credit_note';
  return null;
}

const email = z.email({ error: 'validation.emailInvalid' });

/** One or more addresses separated by commas or semicolons, each checked. */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter((a) => a.length > 0);
}

const addressList = (required: boolean) =>
  z
    .string()
    .max(2000, { error: 'validation.invalid' })
    .transform((text, ctx) => {
      const list = parseAddresses(text);
      if (required && list.length === 0)
        ctx.addIssue({ code: 'custom', message: 'validation.emailRequired' });
      for (const a of list)
        if (!email.safeParse(a).success) ctx.addIssue({ code: 'custom', message: 'validation.emailInvalid' });
      return list;
    });

export const documentMailInputSchema = z.object({
  to: addressList(true),
  cc: addressList(false).default([]),
  subject: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(300, { error: 'validation.invalid' }),
  message: z.string().max(20000, { error: 'validation.invalid' }).default(''),
});
export type DocumentMailInput = z.output<typeof documentMailInputSchema>;

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;

/** The company's SMTP server. The password is write-only: empty keeps the stored one. */
export const mailSettingsInputSchema = z.object({
  host: z.string().trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.invalid' }),
  port: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(65535, { error: 'validation.invalid' }),
  security: z.enum(MAIL_SECURITY, { error: 'validation.invalid' }),
  username: z.string().trim().max(255, { error: 'validation.invalid' }).default(''),
  password: z.string().max(500, { error: 'validation.invalid' }).optional(),
  from_address: email,
});
export type MailSettingsInput = z.output<typeof mailSettingsInputSchema>;
