/**
 * Unit codes are stored as typed on a keyboard (m2, m3); people read them as symbols (m², m³):
 * screens, PDFs and exports print `unitSymbol(code)`. Other codes (kom, m, kg, l, h) as they are.
 */
const SYMBOLS: Record<string, string> = { m2: 'm²', m3: 'm³', mm2: 'mm²', cm2: 'cm²', cm3: 'cm³' };

export function unitSymbol(code: string | null | undefined): string {
  if (!code) return '';
  return SYMBOLS[code] ?? SYMBOLS[code.toLowerCase()] ?? code;
}

/** A unit as typed or shown (m², M2, m2) back to its code (m2); other text as typed. */
export function unitCodeOf(text: string): string {
  const t = text.trim();
  const hit = Object.entries(SYMBOLS).find(([code, symbol]) => symbol === t || code === t.toLowerCase());
  return hit ? hit[0] : t;
}
