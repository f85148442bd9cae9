import type { VatCategory } from './ubl.ts';

/**
 * Which VAT wording an invoice at 0 % needs (PRODUCT.md "Croatian documents": "exemption or
 * reverse-charge wording where it applies"), derived from the buyer's country and VAT id and the
 * lines — no setting to forget:
 * - buyer in another EU member state with a VAT id: goods are an intra-Community supply (EN 16931
 *   category K, Zakon o PDV-u čl. 41. st. 1. t. a)); services only: reverse charge (AE, čl. 17.
 *   st. 1.) — the buyer accounts for the VAT;
 * - buyer outside the EU: export of goods (G, čl. 45. st. 1. t. a)); services: outside the scope
 *   of Croatian VAT (the place of supply is abroad, čl. 17. st. 1.), written as reverse charge (AE);
 * - anything else (a Croatian buyer, an EU buyer without VAT id, any line with VAT above 0 %): null,
 *   the ordinary wording (0 % lines "oslobođeno", category E) applies.
 */
export type VatTreatment = { category: Exclude<VatCategory, 'S' | 'E' | 'Z'>; reason: string };

/** ISO 3166 codes of the EU member states (Greece is GR here, EL in VAT ids). */
// biome-ignore format: one table
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

export const VAT_REASONS = {
  intraEu: 'Oslobođeno PDV-a prema čl. 41. st. 1. t. a) Zakona o PDV-u (isporuka dobara unutar EU)',
  reverseCharge: 'Prijenos porezne obveze prema čl. 17. st. 1. Zakona o PDV-u (PDV obračunava primatelj)',
  export: 'Oslobođeno PDV-a prema čl. 45. st. 1. t. a) Zakona o PDV-u (izvoz dobara)',
} as const;

export function vatTreatment(
  buyer: { country?: string | null; vat_id?: string | null },
  lines: readonly { vat_rate: string; service?: boolean }[],
): VatTreatment | null {
  const country = (buyer.country ?? 'HR').trim().toUpperCase() || 'HR';
  if (country === 'HR' || lines.length === 0) return null;
  if (!lines.every((l) => /^0+(\.0*)?$/.test(l.vat_rate.trim()))) return null;
  const servicesOnly = lines.every((l) => l.service === true);
  if (EU_COUNTRIES.includes(country)) {
    if (!buyer.vat_id?.trim()) return null;
    return servicesOnly
      ? { category: 'AE', reason: VAT_REASONS.reverseCharge }
      : { category: 'K', reason: VAT_REASONS.intraEu };
  }
  return servicesOnly
    ? { category: 'AE', reason: VAT_REASONS.reverseCharge }
    : { category: 'G', reason: VAT_REASONS.export };
}
