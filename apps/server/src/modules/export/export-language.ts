import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  EXPORT_LANGUAGES,
  type ExportLanguage,
  type ExportSection,
  GLASS_KINDS,
  ITEM_IMPORT_FIELDS,
  ITEM_KINDS,
  type ItemImportWords,
  PARTNER_IMPORT_FIELDS,
  type PartnerImportWords,
  type PdfExportKind,
  PRICE_BASES,
  unitSymbol,
} from '@erp/domain';
import type { SectionColumn } from './sections.repo.ts';

/** A language the section files can be written in (the app's six). */
export type FileLanguage = ExportLanguage;

type Texts = Record<string, unknown>;

/**
 * The web's translation files: the built app's copy (`<web dist>/locales`, also in production), else
 * the sources. The file texts live there, beside the screen's, so the i18n tests keep all six
 * languages complete.
 */
function localesDir(): string {
  const candidates = [
    process.env.WEB_DIST ? join(resolve(process.env.WEB_DIST), 'locales') : null,
    resolve(import.meta.dirname, '../../../../web/public/locales'),
    resolve(import.meta.dirname, '../../../../web/dist/locales'),
  ];
  const found = candidates.find((d) => d && existsSync(join(d, 'hr', 'export.json')));
  if (!found) throw new Error('translation files of the web app not found');
  return found;
}

const cache = new Map<string, Texts>();
function namespace(lng: FileLanguage, ns: string): Texts {
  const key = `${lng}/${ns}`;
  let texts = cache.get(key);
  if (!texts) {
    texts = JSON.parse(readFileSync(join(localesDir(), lng, `${ns}.json`), 'utf8')) as Texts;
    cache.set(key, texts);
  }
  return texts;
}

/** `ns:a.b.c` in the language, else in Croatian, else undefined. */
function lookup(lng: FileLanguage, path: string): string | undefined {
  const [ns, keys] = path.split(':') as [string, string];
  for (const l of [lng, 'hr'] as const) {
    let node: unknown = namespace(l, ns);
    for (const k of keys.split('.')) node = (node as Texts | undefined)?.[k];
    if (typeof node === 'string') return node;
  }
  return undefined;
}

/** Coded columns whose values the screens already translate: where their words are. */
const DOCUMENT_VALUES = { kind: 'documents:kinds', status: 'documents:status' };
const PARTNER_VALUES = { kind: 'partners:kind' };
/** Where a row came from (movements, cutting jobs, purchase orders): words of the export's own. */
const SOURCES = 'export:file.values.source';
const VALUE_TEXTS: Record<ExportSection, Record<string, string>> = {
  items: { kind: 'inventory:kinds', price_basis: 'inventory:priceBases', glass_kind: 'inventory:glassKinds' },
  stock_balances: {},
  movements: {
    type: 'inventory:movementTypes',
    // A stock document's type (opening, count, production, ...), not a movement's.
    document_type: 'export:file.values.stockDocument',
    reason: 'inventory:reasons',
    source_type: SOURCES,
  },
  locations: { type: 'inventory:locationTypes' },
  processes: { category: 'production:categories' },
  bom_lines: { bom_status: 'production:bom.status' },
  clients: PARTNER_VALUES,
  suppliers: PARTNER_VALUES,
  purchase_orders: { status: 'purchasing:status', source: SOURCES },
  quotes: DOCUMENT_VALUES,
  work_orders: DOCUMENT_VALUES,
  delivery_notes: DOCUMENT_VALUES,
  invoices: DOCUMENT_VALUES,
  cutting_jobs: { status: 'cutting:status', kind: 'cutting:kind', source_type: SOURCES },
};
const UNIT_COLUMNS = new Set(['unit', 'base_unit']);
/**
 * A document's status in the words its own badge uses: `status.<value>_<kind>` where the language
 * has one (a cancelled work order is "Otkazan", a cancelled delivery note "Stornirana"), else the
 * plain key, as i18next's context does on the screens.
 */
const STATUS_CONTEXT: Partial<Record<ExportSection, string>> = {
  quotes: 'quote',
  work_orders: 'work_order',
  delivery_notes: 'delivery_note',
  invoices: 'invoice',
};

/**
 * How a section file speaks a language: headers and coded values (kinds, statuses, units, yes/no)
 * in words; for CSV the separator, decimal mark and date order a spreadsheet of that language
 * expects (Croatian Excel: `;`, `12,5`, `31.12.2027`). English keeps `,`, `12.5` and ISO dates.
 */
export type FileWords = {
  lng: FileLanguage;
  headers: string[];
  /** A text cell (or a yes/no) as words; numbers and dates are left to the writer. */
  word: (value: string, column: number) => string;
  separator: ',' | ';';
  decimalComma: boolean;
  dayFirst: boolean;
};

export function fileWords(
  section: ExportSection,
  columns: readonly SectionColumn[],
  lng: FileLanguage,
): FileWords {
  const headers = columns.map((c) => lookup(lng, `export:file.columns.${c.name}`) ?? c.name);
  const yes = lookup(lng, 'export:file.yes') ?? 'true';
  const no = lookup(lng, 'export:file.no') ?? 'false';
  const valueTexts = VALUE_TEXTS[section];
  const word = (value: string, i: number): string => {
    const c = columns[i];
    if (!c) return value;
    if (c.type === 'boolean') return value === 'true' ? yes : value === 'false' ? no : value;
    if (UNIT_COLUMNS.has(c.name)) return unitSymbol(value);
    const where = valueTexts[c.name];
    if (!where) return value;
    const context = c.name === 'status' ? STATUS_CONTEXT[section] : undefined;
    return (
      (context && lookup(lng, `${where}.${value}_${context}`)) || lookup(lng, `${where}.${value}`) || value
    );
  };
  const english = lng === 'en';
  return { lng, headers, word, separator: english ? ',' : ';', decimalComma: !english, dayFirst: !english };
}

/** A text's words in every export language (the languages that have it). */
const inAllLanguages = (path: string) =>
  EXPORT_LANGUAGES.map((l) => lookup(l, path)).filter((w): w is string => w !== undefined);

/**
 * What the client and supplier files say in each of the six languages (headers, the kind's words,
 * yes and no), so that such a file, as the export screen wrote it, imports back.
 */
export function partnerImportWords(): PartnerImportWords {
  return {
    headers: Object.fromEntries(
      PARTNER_IMPORT_FIELDS.map((c) => [c, inAllLanguages(`export:file.columns.${c}`)]),
    ),
    kinds: {
      company: inAllLanguages('partners:kind.company'),
      person: inAllLanguages('partners:kind.person'),
    },
    yes: inAllLanguages('export:file.yes'),
    no: inAllLanguages('export:file.no'),
  };
}

const wordsOf = <T extends string>(values: readonly T[], where: string) =>
  Object.fromEntries(values.map((v) => [v, inAllLanguages(`${where}.${v}`)])) as Record<T, string[]>;

/** What the item files say in each of the six languages, so that such a file imports back. */
export function itemImportWords(): ItemImportWords {
  return {
    headers: Object.fromEntries(
      ITEM_IMPORT_FIELDS.map((c) => [c, inAllLanguages(`export:file.columns.${c}`)]),
    ),
    kinds: wordsOf(ITEM_KINDS, 'inventory:kinds'),
    priceBases: wordsOf(PRICE_BASES, 'inventory:priceBases'),
    glassKinds: wordsOf(GLASS_KINDS, 'inventory:glassKinds'),
  };
}

/**
 * A section file's name in the language, safe in any file system and header: the section's name
 * from the export screen without diacritics, lower case, words joined by "-", then the day
 * ("Kretanja zaliha", 2026-11-27 → `kretanja-zaliha-2026-11-27`). Without a language the API's
 * section code stays (`movements-2026-11-27`).
 */
export function sectionFileBase(section: ExportSection, day: string, lng?: FileLanguage): string {
  const name = lng ? asciiSlug(lookup(lng, `export:sections.${section}`) ?? '') : '';
  return `${name || section}-${day}`;
}

/**
 * The name of a zip of PDFs or of the company archive, with the day: in the language from
 * `export.json` → `file.names` ("Dokumenti PDF" → `dokumenti-pdf-2026-11-27`), Croatian without one.
 */
export function exportFileBase(what: 'pdfZip' | 'archive', day: string, lng: FileLanguage = 'hr'): string {
  return `${asciiSlug(lookup(lng, `export:file.names.${what}`) ?? what)}-${day}`;
}

/** A PDF zip's folder for a document kind: its name in the language ("ponude"), else the code. */
export function pdfFolder(kind: PdfExportKind, lng?: FileLanguage): string {
  const name = lng ? lookup(lng, `export:pdf.kind.${kind}`) : undefined;
  return (name && asciiSlug(name)) || kind;
}

/** Lower-case ASCII words joined by "-": letters lose their marks (č → c, đ → d, ß → ss). */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
