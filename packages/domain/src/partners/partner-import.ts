import type { FieldIssue } from '../errors.ts';
import { isValidOib } from '../identity/oib.ts';
import { zodIssuesToFieldIssues } from '../validation.ts';
import {
  PARTNER_KINDS,
  type PartnerInput,
  partnerInputSchema,
  withPartnerDefaults,
} from './partner.schemas.ts';

/** The fields a client or supplier import file may fill, one column each (docs/partners.md). */
export const PARTNER_IMPORT_FIELDS = [
  'name',
  'kind',
  'oib',
  'vat_id',
  'email',
  'phone',
  'street',
  'postal_code',
  'city',
  'country',
  'payment_terms_days',
  'default_discount',
  'lead_time_days',
  'notes',
  'active',
] as const;

/** Column headers accepted in import files (Croatian and English), by the field they fill. */
const HEADER_ALIASES: Record<(typeof PARTNER_IMPORT_FIELDS)[number], string[]> = {
  name: ['naziv', 'name', 'ime', 'ime i prezime'],
  kind: ['vrsta', 'kind', 'tip', 'type'],
  oib: ['oib'],
  vat_id: ['pdv id', 'pdv broj', 'vat id', 'vat', 'vat_id', 'pdv_id'],
  email: ['email', 'e-mail', 'e mail'],
  phone: ['telefon', 'phone', 'tel'],
  street: ['adresa', 'ulica', 'street', 'address'],
  postal_code: ['postanski broj', 'poštanski broj', 'postal code', 'postal_code', 'zip'],
  city: ['grad', 'mjesto', 'city'],
  country: ['drzava', 'država', 'country'],
  payment_terms_days: [
    'dani placanja',
    'dani plaćanja',
    'rok placanja',
    'rok plaćanja',
    'payment terms',
    'payment_terms_days',
  ],
  default_discount: ['rabat', 'popust', 'discount', 'default_discount'],
  lead_time_days: ['rok isporuke', 'lead time', 'lead_time_days'],
  notes: ['napomena', 'notes', 'biljeske', 'bilješke'],
  active: ['aktivan', 'active'],
};

const normHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');
const HEADER_TO_FIELD = new Map<string, string>(
  Object.entries(HEADER_ALIASES).flatMap(([field, names]) => names.map((n) => [normHeader(n), field])),
);

const KIND_WORDS: Record<string, 'company' | 'person'> = {
  tvrtka: 'company',
  pravna: 'company',
  company: 'company',
  osoba: 'person',
  fizicka: 'person',
  fizička: 'person',
  person: 'person',
};
const TRUE_WORDS = new Set(['da', 'yes', 'true', '1', 'x']);
const FALSE_WORDS = new Set(['ne', 'no', 'false', '0']);

/**
 * Words of the export files in the app's six languages (the server reads them from the translation
 * files), so a client or supplier list exported from the export screen, in any language, imports
 * back: its column headers by field, the kind's words, yes and no.
 */
export type PartnerImportWords = {
  headers: Record<string, string[]>;
  kinds: Record<'company' | 'person', string[]>;
  yes: string[];
  no: string[];
};

type Vocabulary = {
  headers: Map<string, string>;
  kinds: Map<string, 'company' | 'person'>;
  yes: Set<string>;
  no: Set<string>;
};

function vocabulary(words?: PartnerImportWords): Vocabulary {
  const headers = new Map(HEADER_TO_FIELD);
  const kinds = new Map(Object.entries(KIND_WORDS));
  const yes = new Set(TRUE_WORDS);
  const no = new Set(FALSE_WORDS);
  if (words) {
    for (const [field, names] of Object.entries(words.headers))
      for (const n of names) if (!headers.has(normHeader(n))) headers.set(normHeader(n), field);
    for (const kind of PARTNER_KINDS)
      for (const w of words.kinds[kind]) kinds.set(w.trim().toLowerCase(), kind);
    for (const w of words.yes) yes.add(w.trim().toLowerCase());
    for (const w of words.no) no.add(w.trim().toLowerCase());
  }
  return { headers, kinds, yes, no };
}

export type ImportRow = { line: number; input: PartnerInput | null; errors: FieldIssue[] };
export type ImportPreview = {
  rows: ImportRow[];
  columns: { header: string; field: string | null }[];
  valid: boolean;
};

/** Maps a table (first row = headers) to partner inputs, with every problem per row and field. */
export function previewPartnerImport(table: string[][], words?: PartnerImportWords): ImportPreview {
  const vocab = vocabulary(words);
  const [header = [], ...body] = table;
  const columns = header.map((h) => ({ header: h, field: vocab.headers.get(normHeader(h)) ?? null }));
  if (!columns.some((c) => c.field === 'name')) {
    return {
      columns,
      rows: [{ line: 1, input: null, errors: [{ field: 'name', key: 'validation.importNoNameColumn' }] }],
      valid: false,
    };
  }
  const seenOib = new Map<string, number>();
  const rows = body.map((cells, index): ImportRow => {
    const line = index + 2;
    const raw: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c.field) raw[c.field] = (cells[i] ?? '').trim();
    });
    const errors: FieldIssue[] = [];
    const candidate: Record<string, unknown> = { name: raw.name ?? '' };
    for (const field of ['oib', 'vat_id', 'email', 'phone', 'notes'] as const) {
      if (raw[field] !== undefined) candidate[field] = raw[field];
    }
    for (const field of ['payment_terms_days', 'lead_time_days', 'default_discount'] as const) {
      if (raw[field]) candidate[field] = raw[field];
    }
    if (raw.kind) {
      const kind = vocab.kinds.get(raw.kind.toLowerCase());
      if (kind) candidate.kind = kind;
      else errors.push({ field: 'kind', key: 'validation.invalid' });
    }
    if (raw.active) {
      const v = raw.active.toLowerCase();
      if (vocab.yes.has(v)) candidate.active = true;
      else if (vocab.no.has(v)) candidate.active = false;
      else errors.push({ field: 'active', key: 'validation.invalid' });
    }
    if (raw.street || raw.postal_code || raw.city || raw.country) {
      candidate.billing_address = {
        street: raw.street ?? null,
        postal_code: raw.postal_code ?? null,
        city: raw.city ?? null,
        country: raw.country || 'HR',
      };
    }
    const parsed = partnerInputSchema.safeParse(candidate);
    if (!parsed.success) errors.push(...zodIssuesToFieldIssues(parsed.error));
    const input = parsed.success ? withPartnerDefaults(parsed.data) : null;
    const oib = raw.oib;
    if (oib && isValidOib(oib)) {
      const first = seenOib.get(oib);
      if (first !== undefined)
        errors.push({ field: 'oib', key: 'validation.oibDuplicateInFile', params: { line: first } });
      else seenOib.set(oib, line);
    }
    return { line, input: errors.length === 0 ? input : null, errors };
  });
  return { columns, rows, valid: rows.length > 0 && rows.every((r) => r.errors.length === 0) };
}
