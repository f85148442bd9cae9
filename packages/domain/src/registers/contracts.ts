import { z } from 'zod';
import { wireDecimal } from '../contracts.ts';
import { VAT_BUCKETS } from '../purchase-invoices/registers.ts';

// The HTTP contract of /api/registers: IRA (issued invoices), URA (received invoices) and the VAT
// summary of a period, as JSON (the files `.xlsx` / `.csv` carry the same figures). Money is a
// decimal string; the period's query is `registerPeriodSchema`.

const bucketAmountsSchema = z.object({ base: wireDecimal, vat: wireDecimal });
/** Bases and VAT per VAT bucket (25, 13, 5, 0 %, exempt, reverse charge, other). */
export const vatBucketsSchema = z.object(
  Object.fromEntries(VAT_BUCKETS.map((b) => [b, bucketAmountsSchema])) as Record<
    (typeof VAT_BUCKETS)[number],
    typeof bucketAmountsSchema
  >,
);

/** IRA only: the advances (386) a final invoice deducted, already taken off its amounts. */
export const advanceNoteSchema = z.object({
  numbers: z.array(z.string()),
  net: wireDecimal,
  vat: wireDecimal,
  total: wireDecimal,
});
export type AdvanceNote = z.infer<typeof advanceNoteSchema>;

export const registerRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  date: z.string(),
  partner: z.string(),
  oib: z.string().nullable(),
  buckets: vatBucketsSchema,
  net: wireDecimal,
  vat: wireDecimal,
  total: wireDecimal,
  /** URA only: the VAT the company may deduct (input VAT); 0 when it is not in the VAT system. */
  deductible: wireDecimal,
  /** IRA only; null when the invoice deducted no advance. */
  advances: advanceNoteSchema.nullable(),
});
export type RegisterRow = z.infer<typeof registerRowSchema>;

export const registerSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(registerRowSchema),
  totals: z.object({
    buckets: vatBucketsSchema,
    net: wireDecimal,
    vat: wireDecimal,
    total: wireDecimal,
    deductible: wireDecimal,
  }),
});
export type Register = z.infer<typeof registerSchema>;

export const vatSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      bucket: z.enum(VAT_BUCKETS),
      output_base: wireDecimal,
      output_vat: wireDecimal,
      input_base: wireDecimal,
      input_vat: wireDecimal,
    }),
  ),
  output_vat: wireDecimal,
  input_vat: wireDecimal,
  deductible: wireDecimal,
  /** Output VAT less deductible input VAT: positive to pay, negative to claim back. */
  payable: wireDecimal,
});
export type VatSummary = z.infer<typeof vatSummarySchema>;

/** The register files' formats (`/api/registers/ira.xlsx`, …). */
export const registerFileParamsSchema = z.object({ format: z.enum(['xlsx', 'csv']) });
