import { z } from 'zod';

/** PUT /api/fiscal/settings: CIS fiscalisation of consumer invoices. */
export const fiscalSettingsSchema = z.object({
  enabled: z.boolean(),
  sequence_mark: z.enum(['P', 'N']),
  cis_url: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s]+$/, 'validation.urlInvalid'),
  timeout_ms: z.number().int().min(200, 'validation.invalid').max(30_000, 'validation.invalid'),
  registered_premises: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, 'validation.invalid')
    .nullable(),
});
export type FiscalSettingsInput = z.infer<typeof fiscalSettingsSchema>;

/** POST /api/fiscal/certificate: a PKCS#12 file (base64) and its password. */
export const certificateUploadSchema = z.object({
  p12_base64: z
    .string()
    .min(1, 'validation.required')
    .max(200_000, 'validation.tooLong')
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'validation.invalid'),
  password: z.string().max(200, 'validation.tooLong'),
});
export type CertificateUpload = z.infer<typeof certificateUploadSchema>;
