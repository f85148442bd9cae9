import { z } from 'zod';

/** The sections of the company that can be exported one by one (CSV or XLSX). */
export const EXPORT_SECTIONS = [
  'items',
  'stock_balances',
  'movements',
  'locations',
  'processes',
  'bom_lines',
  'clients',
  'suppliers',
  'purchase_orders',
  'quotes',
  'work_orders',
  'delivery_notes',
  'invoices',
  'cutting_jobs',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Document kinds whose PDFs can be downloaded together as one zip. */
export const PDF_EXPORT_KINDS = [
  'quote',
  'work_order',
  'delivery_note',
  'invoice',
  'credit_note',
  'purchase_order',
] as const;
export type PdfExportKind = (typeof PDF_EXPORT_KINDS)[number];

/** Languages a section file can be written in (the app's six). */
export const EXPORT_LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** How a column's values are typed in an XLSX file (CSV writes the same values as text). */
export type ExportColumnType = 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean';

const fileLanguage = z.enum(EXPORT_LANGUAGES, 'validation.invalid').optional();
export const exportJobRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('section'),
    section: z.enum(EXPORT_SECTIONS, 'validation.invalid'),
    format: z.enum(EXPORT_FORMATS, 'validation.invalid'),
    /** The user's language: headers and values in words, CSV as that language's Excel reads it. None: the API's names and codes. */
    lang: fileLanguage,
  }),
  z.object({
    type: z.literal('pdf'),
    kinds: z.array(z.enum(PDF_EXPORT_KINDS, 'validation.invalid')).min(1, 'validation.required').max(10),
    /** The user's language: the zip's name and its folders ("ponude/"). None: folders by kind code. */
    lang: fileLanguage,
  }),
  /** `lang`: the archive file's name in the user's language; its content keeps the API's codes. */
  z.object({ type: z.literal('archive'), lang: fileLanguage }),
]);
export type ExportJobRequest = z.infer<typeof exportJobRequestSchema>;

/** 'upload': an archive waiting for its restore job (never listed or downloadable). */
export const EXPORT_FILE_KINDS = ['section', 'pdf', 'archive', 'upload'] as const;
export type ExportFileKind = (typeof EXPORT_FILE_KINDS)[number];

/** Hours a generated export file stays downloadable. */
export const EXPORT_FILE_TTL_HOURS = 24;
