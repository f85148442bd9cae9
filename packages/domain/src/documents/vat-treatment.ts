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
 * - a Croatian VAT payer buying construction work with the invoice's domestic reverse charge
 *   switch on (carried in the buyer snapshot): reverse charge (AE, čl. 75. st. 3. t. a));
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
  // HR CIUS (AE): the text "Prijenos porezne obveze ('Reverse charge')" with the article that applies.
  domesticReverseCharge:
    "Prijenos porezne obveze ('Reverse charge') prema čl. 75. st. 3. t. a) Zakona o PDV-u (građevinski radovi, PDV obračunava primatelj)",
} as const;

/**
 * What the buyer snapshot of an issued invoice says about domestic reverse charge: `construction`
 * when the invoice was issued with its switch on (construction work for a Croatian VAT payer, čl.
 * 75. st. 3. t. a) Zakona o PDV-u).
 */
export type DomesticReverseCharge = 'construction';

const isZeroRate = (rate: string) => /^0+(\.0*)?$/.test(rate.trim());

export function vatTreatment(
  buyer: { country?: string | null; vat_id?: string | null; reverse_charge?: DomesticReverseCharge | null },
  lines: readonly { vat_rate: string; service?: boolean }[],
): VatTreatment | null {
  if (lines.length === 0 || !lines.every((l) => isZeroRate(l.vat_rate))) return null;
  if (buyer.reverse_charge === 'construction')
    return { category: 'AE', reason: VAT_REASONS.domesticReverseCharge };
  const country = (buyer.country ?? 'HR').trim().toUpperCase() || 'HR';
  if (country === 'HR') return null;
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
