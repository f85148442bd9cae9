import { describe, expect, it } from 'vitest';
import { VAT_REASONS, vatTreatment } from './vat-treatment.ts';

const goods = { vat_rate: '0' };
const service = { vat_rate: '0.00', service: true };

describe('VAT wording of a 0 % invoice', () => {
  it('an EU buyer with a VAT id: intra-Community supply of goods (K), services only: reverse charge (AE)', () => {
    expect(vatTreatment({ country: 'DE', vat_id: 'DE123456789' }, [goods, service])).toEqual({
      category: 'K',
      reason: VAT_REASONS.intraEu,
    });
    expect(vatTreatment({ country: 'si', vat_id: 'SI12345678' }, [service])).toEqual({
      category: 'AE',
      reason: VAT_REASONS.reverseCharge,
    });
    expect(VAT_REASONS.intraEu).toContain('čl. 41. st. 1. t. a)');
    expect(VAT_REASONS.reverseCharge).toContain('Prijenos porezne obveze');
  });

  it('a buyer outside the EU: export of goods (G)', () => {
    expect(vatTreatment({ country: 'RS', vat_id: null }, [goods])).toEqual({
      category: 'G',
      reason: VAT_REASONS.export,
    });
  });

  it('keeps the ordinary wording for Croatian buyers, EU buyers without VAT id and taxed lines', () => {
    expect(vatTreatment({ country: 'HR', vat_id: 'HR94577403194' }, [goods])).toBeNull();
    expect(vatTreatment({ country: null }, [goods])).toBeNull();
    expect(vatTreatment({ country: 'AT', vat_id: '  ' }, [goods])).toBeNull();
    expect(vatTreatment({ country: 'AT', vat_id: 'ATU12345678' }, [goods, { vat_rate: '25' }])).toBeNull();
    expect(vatTreatment({ country: 'AT', vat_id: 'ATU12345678' }, [])).toBeNull();
  });
});

describe('domestic reverse charge (čl. 75. st. 3. t. a) Zakona o PDV-u)', () => {
  const snapshot = { country: 'HR', vat_id: 'HR69435151530', reverse_charge: 'construction' as const };
  it('an invoice issued with the switch on: AE with the article, whatever the lines are (all at 0 %)', () => {
    expect(vatTreatment(snapshot, [goods, service])).toEqual({
      category: 'AE',
      reason: VAT_REASONS.domesticReverseCharge,
    });
    expect(VAT_REASONS.domesticReverseCharge).toContain("Prijenos porezne obveze ('Reverse charge')");
    expect(VAT_REASONS.domesticReverseCharge).toContain('čl. 75. st. 3. t. a)');
  });
  it('never for a line above 0 % or without the switch', () => {
    expect(vatTreatment(snapshot, [goods, { vat_rate: '25' }])).toBeNull();
    expect(vatTreatment({ ...snapshot, reverse_charge: null }, [goods])).toBeNull();
  });
});
