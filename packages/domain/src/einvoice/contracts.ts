import { z } from 'zod';
import type { operatorInputSchema } from './einvoice.ts';

// The eRačun settings API's wire shapes (issue 20: one contract per shape): the routes answer with
// these schemas and the web types its calls with their z.infer types.

/** GET /api/einvoice/kpd?q=: search the KPD 2025 list by code prefix or words of the name. */
export const kpdQuerySchema = z.object({ q: z.string().max(100).default('') });
export const kpdEntrySchema = z.object({ code: z.string(), name_hr: z.string(), name_en: z.string() });
export type KpdEntry = z.infer<typeof kpdEntrySchema>;

/** My operator mark (HR-BT-4) and OIB (HR-BT-5), printed on every invoice I issue. */
export const operatorSchema = z.object({
  operator_mark: z.string().nullable(),
  operator_oib: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export type OperatorInput = z.input<typeof operatorInputSchema>;

/** Whether the company is in the VAT system (the body is `einvoiceSettingsSchema`, strict). */
export const einvoiceSettingsViewSchema = z.object({ vat_registered: z.boolean() });
export type EInvoiceSettings = z.infer<typeof einvoiceSettingsViewSchema>;

/** An invoice draft's domestic reverse charge switch (čl. 75. st. 3. t. a) Zakona o PDV-u). */
export const reverseChargeSchema = z.object({ enabled: z.boolean() });
export const reverseChargeInputSchema = reverseChargeSchema.strict();
export type ReverseCharge = z.infer<typeof reverseChargeSchema>;
