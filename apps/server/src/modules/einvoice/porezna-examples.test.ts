import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HR_EINVOICE_DIR, validateEInvoices, validatorsAvailable } from './validators.ts';

// Porezna's example eRačuni through the same harness as ours. As published they carry placeholder
// data (2025 dates, the invalid OIB 12345678901 for the seller and the operator) and so fail the
// HR rules that check exactly that; with a 2026 date and a valid OIB in those places they pass,
// except the leasing example, whose second line has no KPD code.

const dir = join(HR_EINVOICE_DIR, 'Primjeri_eRacuna');
const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));

describe('the official validators on Porezna’s example eRačuni', () => {
  it('are installed (scripts/test.sh installs them)', () => {
    expect(validatorsAvailable().missing).toEqual([]);
  });

  it('fail on the placeholders and pass once they are real', async () => {
    const docs: Record<string, string> = {};
    for (const f of files) {
      const xml = readFileSync(join(dir, f), 'utf8');
      docs[`as-published/${f}`] = xml;
      docs[`corrected/${f}`] = xml.replace(/>2025-/g, '>2026-').replaceAll('12345678901', '12345678903');
    }
    const reports = await validateEInvoices(docs);
    const ids = Object.fromEntries(
      reports.map((r) => [r.name, r.failures.map((x) => `${x.source} ${x.id}`).sort()]),
    );

    expect(files.length).toBe(20);
    for (const f of files) {
      const published = ['HR-CIUS HR-BR-40', 'HR-CIUS HR-BR-9'];
      // Neoporezivi_racun has no seller VAT number (the OIB check HR-BR-53 has nothing to check).
      if (f !== 'Neoporezivi_racun.xml') published.push('HR-CIUS HR-BR-53');
      const leasing = f === 'Racun_za_leasing_PDV_PPMV_aktivacija.xml';
      if (leasing) published.push('HR-CIUS HR-BR-25');
      expect(ids[`as-published/${f}`], f).toEqual(published.sort());
      expect(ids[`corrected/${f}`], f).toEqual(leasing ? ['HR-CIUS HR-BR-25'] : []);
    }
    // The failures carry the rule's own text.
    const text = reports.find((r) => r.name === 'as-published/eRacun_PDV25.xml')?.failures ?? [];
    expect(text.find((x) => x.id === 'HR-BR-9')?.text).toContain('OIB operatera');
  }, 120_000);

  it('catch a schema violation (XSD) as well', async () => {
    const xml = readFileSync(join(dir, 'eRacun_PDV25.xml'), 'utf8').replace(
      '<cbc:DocumentCurrencyCode>',
      '<cbc:Bogus>x</cbc:Bogus><cbc:DocumentCurrencyCode>',
    );
    const [report] = await validateEInvoices({ broken: xml });
    expect(report?.failures.filter((x) => x.source === 'XSD').length).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
