import { describe, expect, it } from 'vitest';
import { domesticReverseChargeProblems } from './einvoice.ts';

// Who may be invoiced under domestic reverse charge: a VAT-registered seller and a Croatian
// company whose PDV ID (HR + OIB) is on record; every line at 0 %.

const contractor = { kind: 'company', oib: '69435151530', country: 'HR', vatId: 'HR69435151530' };
const keys = (input: Parameters<typeof domesticReverseChargeProblems>[0]) =>
  domesticReverseChargeProblems(input).map((p) => p.key.replace('validation.', ''));

describe('domesticReverseChargeProblems', () => {
  it('allows a Croatian VAT payer with its PDV ID and lines at 0 %', () => {
    expect(
      keys({ sellerVatRegistered: true, buyer: contractor, lines: [{ position: 1, vat_rate: '0.00' }] }),
    ).toEqual([]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, vatId: 'hr 69435151530' } })).toEqual(
      [],
    );
  });
  it('refuses a buyer that is not a Croatian VAT payer, naming why', () => {
    expect(keys({ sellerVatRegistered: true, buyer: null })).toEqual([
      'reverseChargeBuyerNotDomesticCompany',
    ]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, kind: 'person' } })).toEqual([
      'reverseChargeBuyerNotDomesticCompany',
    ]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, country: 'SI' } })).toEqual([
      'reverseChargeBuyerNotDomesticCompany',
    ]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, oib: null } })).toEqual([
      'reverseChargeBuyerOibMissing',
    ]);
    // 69435151531 fails the OIB check digit.
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, oib: '69435151531' } })).toEqual([
      'reverseChargeBuyerOibMissing',
    ]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, vatId: null } })).toEqual([
      'reverseChargeBuyerNotVatPayer',
    ]);
    expect(keys({ sellerVatRegistered: true, buyer: { ...contractor, vatId: 'HR94577403194' } })).toEqual([
      'reverseChargeBuyerNotVatPayer',
    ]);
  });
  it('refuses a seller outside the VAT system and lines with VAT, each line named', () => {
    const problems = domesticReverseChargeProblems({
      sellerVatRegistered: false,
      buyer: contractor,
      lines: [
        { position: 1, vat_rate: '0' },
        { position: 2, vat_rate: '25' },
      ],
    });
    expect(problems).toEqual([
      { field: 'domestic_reverse_charge', key: 'validation.reverseChargeSellerNotVatPayer' },
      { field: 'lines.vat_rate', key: 'validation.reverseChargeLineRate', params: { line: 2 } },
    ]);
  });
});
