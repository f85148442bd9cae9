import type { z } from 'zod';
import type { FieldIssue } from '../errors.ts';
import {
  type ImportColumn,
  type ImportIssue,
  matchColumns,
  normalizeHeader,
  parseYesNo,
  rowValues,
  type SheetRow,
  withColumns,
} from '../imports/table.ts';
import { GLASS_KINDS, type GlassKind, PRICE_BASES, type PriceBasis } from '../pricing/measure-pricing.ts';
import { unitCodeOf } from '../unit-symbol.ts';
import { zodIssuesToFieldIssues } from '../validation.ts';
import { ITEM_KINDS, type ItemKind, itemInputSchema, nonNegativeDecimal, stockQuantity } from './schemas.ts';

/**
 * Import of items and opening stock from a table (CSV or the first XLSX sheet). One row is one item;
 * its stock columns (location, quantity, ...) add an opening-stock line. A row without a name adds
 * opening stock to an item defined in an earlier row or already in the catalogue, so a lot-tracked
 * item can start with several lots or locations.
 */
export const ITEM_IMPORT_MAX_ROWS = 5000;

/** Accepted headers per field (Croatian first, then English; the field name itself always works). */
export const ITEM_IMPORT_ALIASES: Record<string, readonly string[]> = {
  sku: ['šifra', 'sifra', 'šifra artikla', 'oznaka', 'code', 'item code'],
  name: ['naziv', 'naziv artikla', 'ime', 'description', 'item name'],
  kind: ['vrsta', 'tip', 'type'],
  base_unit: ['jedinica', 'jedinica mjere', 'jm', 'unit', 'uom'],
  length_mm: ['duljina', 'duljina mm', 'length', 'length mm'],
  width_mm: ['širina', 'sirina', 'širina mm', 'width', 'width mm'],
  thickness_mm: ['debljina', 'debljina mm', 'thickness', 'thickness mm'],
  lot_tracked: ['praćenje lotova', 'prati lotove', 'lotovi', 'lot tracked'],
  grain: ['smjer vlakana', 'vlakna', 'grain'],
  reorder_point: ['točka narudžbe', 'minimalna zaliha', 'min zaliha', 'reorder point'],
  reorder_qty: ['količina narudžbe', 'reorder qty', 'reorder quantity'],
  purchase_price: ['nabavna cijena', 'purchase price', 'cost'],
  sales_price: ['prodajna cijena', 'sales price', 'price'],
  price_basis: ['osnovica cijene', 'cijena po', 'obračun', 'price basis'],
  glass_kind: ['vrsta stakla', 'staklo', 'glass kind', 'glass type'],
  min_charge: ['minimalni iznos', 'minimalna naplata', 'min iznos', 'minimum charge', 'min charge'],
  vat_rate: ['pdv', 'stopa pdv', 'stopa pdv-a', 'pdv %', 'vat', 'vat rate'],
  kpd_code: ['kpd', 'kpd šifra', 'kpd code'],
  active: ['aktivan', 'active'],
  location: ['lokacija', 'skladište', 'location', 'warehouse'],
  quantity: ['količina', 'kolicina', 'početno stanje', 'stanje', 'quantity', 'opening stock', 'qty'],
  unit_cost: ['jedinična cijena', 'cijena zalihe', 'unit cost'],
  lot_number: ['lot', 'broj lota', 'lot broj', 'šarža', 'lot number'],
  expires_on: ['rok trajanja', 'istječe', 'expires', 'expiry', 'expires on'],
};

/** Header row of the downloadable template, in the order the columns are documented. */
export const ITEM_IMPORT_TEMPLATE = [
  'Šifra',
  'Naziv',
  'Vrsta',
  'Jedinica',
  'Duljina (mm)',
  'Širina (mm)',
  'Debljina (mm)',
  'Praćenje lotova',
  'Smjer vlakana',
  'Točka narudžbe',
  'Količina narudžbe',
  'Nabavna cijena',
  'Prodajna cijena',
  'Osnovica cijene',
  'Vrsta stakla',
  'Minimalni iznos',
  'PDV',
  'KPD',
  'Lokacija',
  'Količina',
  'Jedinična cijena',
  'Broj lota',
  'Rok trajanja',
] as const;

/** The item file's columns the item import reads (the export's stock and cost columns are information). */
export const ITEM_IMPORT_FIELDS = [
  'sku',
  'name',
  'kind',
  'base_unit',
  'length_mm',
  'width_mm',
  'thickness_mm',
  'lot_tracked',
  'grain',
  'reorder_point',
  'reorder_qty',
  'purchase_price',
  'sales_price',
  'price_basis',
  'glass_kind',
  'min_charge',
  'vat_rate',
  'kpd_code',
  'active',
] as const;
const STOCK_FIELDS = ['location', 'quantity', 'unit_cost', 'lot_number', 'expires_on'] as const;

const KIND_WORDS: Record<string, ItemKind> = {
  materijal: 'material',
  sirovina: 'material',
  komponenta: 'component',
  dio: 'component',
  proizvod: 'product',
  usluga: 'service',
  ...Object.fromEntries(ITEM_KINDS.map((k) => [k, k])),
};

/** Words a sheet may use for the price basis and the glass kind (the API's values always work). */
const PRICE_BASIS_WORDS: Record<string, PriceBasis> = {
  komad: 'unit',
  kom: 'unit',
  jedinica: 'unit',
  m2: 'area',
  'm²': 'area',
  površina: 'area',
  m: 'perimeter',
  'dužni metar': 'perimeter',
  rub: 'perimeter',
  opseg: 'perimeter',
  ...Object.fromEntries(PRICE_BASES.map((b) => [b, b])),
};
const GLASS_KIND_WORDS: Record<string, GlassKind> = {
  flot: 'float',
  laminirano: 'laminated',
  lamistal: 'laminated',
  izolacijsko: 'insulating',
  izo: 'insulating',
  kaljeno: 'tempered',
  ...Object.fromEntries(GLASS_KINDS.map((k) => [k, k])),
};

/**
 * Words of the item export in the app's six languages (the server reads them from the translation
 * files): headers by field and the words of kinds, price bases and glass kinds, so an item list
 * exported from the export screen, in any language, imports back.
 */
export type ItemImportWords = {
  headers: Record<string, string[]>;
  kinds: Record<ItemKind, string[]>;
  priceBases: Record<PriceBasis, string[]>;
  glassKinds: Record<GlassKind, string[]>;
};

type Vocabulary = {
  aliases: Record<string, readonly string[]>;
  kinds: Record<string, ItemKind>;
  priceBases: Record<string, PriceBasis>;
  glassKinds: Record<string, GlassKind>;
};

function withWords<T extends string>(
  base: Record<string, T>,
  words?: Record<T, string[]>,
): Record<string, T> {
  const out = { ...base };
  for (const [value, list] of Object.entries(words ?? {}) as [T, string[]][])
    for (const w of list) out[w.trim().toLowerCase()] ??= value;
  return out;
}

function vocabulary(words?: ItemImportWords): Vocabulary {
  // A translated header joins its field's aliases unless it already names another field.
  const known = new Set(
    Object.entries(ITEM_IMPORT_ALIASES).flatMap(([f, names]) => [f, ...names].map(normalizeHeader)),
  );
  const aliases: Record<string, readonly string[]> = { ...ITEM_IMPORT_ALIASES };
  for (const [field, names] of Object.entries(words?.headers ?? {}))
    aliases[field] = [...(aliases[field] ?? []), ...names.filter((n) => !known.has(normalizeHeader(n)))];
  return {
    aliases,
    kinds: withWords(KIND_WORDS, words?.kinds),
    priceBases: withWords(PRICE_BASIS_WORDS, words?.priceBases),
    glassKinds: withWords(GLASS_KIND_WORDS, words?.glassKinds),
  };
}

export type ImportedItem = z.output<typeof itemInputSchema>;
export type OpeningStock = {
  location: string;
  quantity: string;
  unit_cost: string | null;
  lot_number: string | null;
  expires_on: string | null;
};
export type ItemImportRow = {
  line: number;
  sku: string;
  name: string;
  /** The item to create; null for a stock-only row (or an invalid one). */
  item: ImportedItem | null;
  stock: OpeningStock | null;
  /**
   * The row as it was understood, per field of the file's columns: API values (kind `material`,
   * booleans `true`/`false`, decimals with a point, dates ISO), the item's defaults filled in. Shown
   * in the preview beside the problems, and what the database checks read even when a field failed.
   */
  values: Record<string, string>;
  errors: ImportIssue[];
};
export type ItemImportPreview = {
  columns: ImportColumn[];
  rows: ItemImportRow[];
  /** Problems of the file as a whole (missing columns, too many rows); reported on line 1. */
  fileErrors: ImportIssue[];
};

/** 31.12.2027. and 31. 12. 2027 (as typed in Croatia) or ISO 2027-12-31 → ISO; null if neither. */
export function parseImportDate(value: string): string | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return validDate(v);
  const m = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?$/.exec(v);
  if (!m) return null;
  return validDate(`${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`);
}

function validDate(iso: string): string | null {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

function itemCandidate(
  raw: Record<string, string>,
  errors: FieldIssue[],
  vocab: Vocabulary,
): Record<string, unknown> {
  const c: Record<string, unknown> = { sku: raw.sku ?? '', name: raw.name ?? '' };
  for (const f of ITEM_IMPORT_FIELDS) {
    if (f === 'sku' || f === 'name' || f === 'kind' || f === 'lot_tracked' || f === 'grain' || f === 'active')
      continue;
    if (raw[f]) c[f] = raw[f];
  }
  // A known word becomes the API value; anything else goes to the schema as typed (validation.invalid).
  if (raw.price_basis) c.price_basis = vocab.priceBases[raw.price_basis.toLowerCase()] ?? raw.price_basis;
  if (raw.glass_kind) c.glass_kind = vocab.glassKinds[raw.glass_kind.toLowerCase()] ?? raw.glass_kind;
  // The export prints units as symbols (m²): back to the code (m2).
  c.base_unit = unitCodeOf(raw.base_unit || 'kom');
  const kind = raw.kind ? vocab.kinds[raw.kind.toLowerCase()] : 'material';
  if (kind) c.kind = kind;
  else errors.push({ field: 'kind', key: 'validation.invalid' });
  for (const f of ['lot_tracked', 'grain', 'active'] as const) {
    const v = parseYesNo(raw[f]);
    if (v === null) errors.push({ field: f, key: 'validation.invalid' });
    else if (v !== undefined) c[f] = v;
  }
  return c;
}

function stockOf(raw: Record<string, string>, errors: FieldIssue[]): OpeningStock | null {
  if (!STOCK_FIELDS.some((f) => raw[f])) return null;
  const quantity = stockQuantity.safeParse(raw.quantity ?? '');
  if (!raw.quantity) errors.push({ field: 'quantity', key: 'validation.required' });
  else if (!quantity.success)
    errors.push(...zodIssuesToFieldIssues(quantity.error).map((i) => ({ ...i, field: 'quantity' })));
  if (!raw.location) errors.push({ field: 'location', key: 'validation.required' });
  let unitCost: string | null = null;
  if (raw.unit_cost) {
    const cost = nonNegativeDecimal.safeParse(raw.unit_cost);
    if (cost.success) unitCost = cost.data;
    else errors.push(...zodIssuesToFieldIssues(cost.error).map((i) => ({ ...i, field: 'unit_cost' })));
  }
  let expires: string | null = null;
  if (raw.expires_on) {
    expires = parseImportDate(raw.expires_on);
    if (!expires) errors.push({ field: 'expires_on', key: 'validation.dateInvalid' });
  }
  if (raw.lot_number && raw.lot_number.length > 64)
    errors.push({ field: 'lot_number', key: 'validation.tooLong' });
  return {
    location: raw.location ?? '',
    quantity: quantity.success ? quantity.data : (raw.quantity ?? ''),
    unit_cost: unitCost,
    lot_number: raw.lot_number || null,
    expires_on: expires,
  };
}

/**
 * Checks every row on its own and against the earlier rows of the file (what needs the database —
 * existing SKUs, units, locations — is checked by the server). Pure: the same table, the same answer.
 */
export function previewItemImport(table: readonly SheetRow[], words?: ItemImportWords): ItemImportPreview {
  const vocab = vocabulary(words);
  const [header, ...body] = table;
  const columns = matchColumns(header?.cells ?? [], vocab.aliases);
  const fileErrors: ImportIssue[] = [];
  // Only the SKU column is required: a file of SKUs and quantities is opening stock for existing items.
  if (!columns.some((c) => c.field === 'sku'))
    fileErrors.push({
      field: 'sku',
      column: null,
      key: 'validation.importMissingColumn',
      params: { column: ITEM_IMPORT_TEMPLATE[0] },
    });
  if (body.length === 0) fileErrors.push({ field: 'file', column: null, key: 'validation.importEmpty' });
  if (body.length > ITEM_IMPORT_MAX_ROWS)
    fileErrors.push({
      field: 'file',
      column: null,
      key: 'validation.importTooManyRows',
      params: { max: ITEM_IMPORT_MAX_ROWS },
    });
  if (fileErrors.length > 0) return { columns, rows: [], fileErrors };

  const definedAt = new Map<string, number>();
  const rows = body.map((r): ItemImportRow => {
    const raw = rowValues(columns, r.cells);
    const errors: FieldIssue[] = [];
    const sku = raw.sku ?? '';
    const name = raw.name ?? '';
    const key = sku.toLowerCase();
    let item: ImportedItem | null = null;
    let candidate: Record<string, unknown> | null = null;
    if (!sku) errors.push({ field: 'sku', key: 'validation.required' });
    if (name) {
      candidate = itemCandidate(raw, errors, vocab);
      const parsed = itemInputSchema.safeParse(candidate);
      if (parsed.success) item = parsed.data;
      else
        errors.push(...zodIssuesToFieldIssues(parsed.error).filter((i) => i.field !== 'sku' || sku !== ''));
      const first = definedAt.get(key);
      if (sku && first !== undefined)
        errors.push({ field: 'sku', key: 'validation.importSkuRepeated', params: { line: first } });
      else if (sku) definedAt.set(key, r.line);
    }
    const stock = stockOf(raw, errors);
    // A row without a name only makes sense as more stock for an item named elsewhere.
    if (!name && sku && !stock) errors.push({ field: 'name', key: 'validation.required' });
    return {
      line: r.line,
      sku,
      name,
      item: errors.length === 0 ? item : null,
      stock,
      values: understoodValues(raw, candidate, item, stock),
      errors: withColumns(firstPerField(errors), columns),
    };
  });
  return { columns, rows, fileErrors };
}

/**
 * What a row says once read: the parsed item (or, when it failed, what was handed to its schema;
 * a field that could not be read keeps the file's text) and the opening stock, for the fields the
 * file has columns for (plus the item's defaults: kind, unit).
 */
function understoodValues(
  raw: Record<string, string>,
  candidate: Record<string, unknown> | null,
  item: ImportedItem | null,
  stock: OpeningStock | null,
): Record<string, string> {
  const values: Record<string, string> = {};
  const put = (field: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== '') values[field] = String(v);
  };
  put('sku', raw.sku);
  if (candidate) {
    const read: Record<string, unknown> = item ?? candidate;
    for (const f of ITEM_IMPORT_FIELDS)
      if (f in raw || f === 'kind' || f === 'base_unit') put(f, read[f] ?? raw[f]);
  }
  if (stock) {
    put('location', stock.location);
    put('quantity', stock.quantity);
    put('unit_cost', stock.unit_cost ?? raw.unit_cost);
    put('lot_number', stock.lot_number);
    put('expires_on', stock.expires_on ?? raw.expires_on);
  }
  return values;
}

/** One problem per field is enough to fix it (zod may report a failed number and its range check). */
function firstPerField(errors: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.field) && seen.add(e.field));
}

/** Whether a stock-only row's SKU was defined by an earlier row of the file. */
export function definedEarlier(rows: readonly ItemImportRow[], row: ItemImportRow): boolean {
  const key = row.sku.toLowerCase();
  return rows.some((r) => r.line < row.line && r.name !== '' && r.sku.toLowerCase() === key);
}
