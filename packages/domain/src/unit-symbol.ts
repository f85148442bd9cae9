/**
 * Unit codes are stored as typed on a keyboard (m2, m3); people read them as symbols (m², m³):
 * screens, PDFs and exports print `unitSymbol(code)`. Other codes (m, kg, l, h) as they are.
 */
const SYMBOLS: Record<string, string> = { m2: 'm²', m3: 'm³', mm2: 'mm²', cm2: 'cm²', cm3: 'cm³' };

/**
 * The piece, stored as the Croatian code kom, in each interface language's abbreviation: a German
 * screen said "kom" in the unit column and "100 Stk." beside it. Printed documents are Croatian
 * and print the code.
 */
const PIECES: Record<string, string> = { hr: 'kom', en: 'pcs', sl: 'kos', de: 'Stk.', it: 'pz', cs: 'ks' };
const PIECE_CODE = 'kom';

const piecesIn = (lng: string | undefined): string | undefined => (lng ? PIECES[lng.slice(0, 2)] : undefined);

/** A unit code as people read it; with the interface language, the piece in its abbreviation. */
export function unitSymbol(code: string | null | undefined, lng?: string): string {
  if (!code) return '';
  if (code.toLowerCase() === PIECE_CODE) return piecesIn(lng) ?? code;
  return SYMBOLS[code] ?? SYMBOLS[code.toLowerCase()] ?? code;
}

/** A unit as typed or shown (m², M2, m2; "Stk." on a German screen) back to its code; other text as typed. */
export function unitCodeOf(text: string, lng?: string): string {
  const t = text.trim();
  if (t && piecesIn(lng)?.toLowerCase() === t.toLowerCase()) return PIECE_CODE;
  const hit = Object.entries(SYMBOLS).find(([code, symbol]) => symbol === t || code === t.toLowerCase());
  return hit ? hit[0] : t;
}
