import { describe, expect, it } from 'vitest';
import { buildReference } from './payment-reference.ts';
import { buildUbl, escapeXml, UBL_CUSTOMIZATION_ID, type UblDocument, unitCode } from './ubl.ts';

const invoice: UblDocument = {
  kind: 'invoice',
  number: '1-POS1-1',
  issueDate: '2026-03-02',
  issueTime: '14:05:00',
  dueDate: '2026-04-01',
  deliveryDate: '2026-02-27',
  notes: ['Plaćanje po računu & <hvala>'],
  orderReference: 'RN-2026-0001',
  despatchReferences: ['OT-2026-0001', 'OT-2026-0002'],
  seller: {
    name: 'Staklo Horvat d.o.o.',
    oib: '94577403194',
    street: 'Ilica 1',
    city: 'Zagreb',
    postalCode: '10000',
    email: 'racuni@staklo.example',
  },
  buyer: {
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    street: 'Vukovarska 5',
    city: 'Split',
    postalCode: '21000',
  },
  operator: { name: 'Ana Anić', oib: '12345678903' },
  payment: { iban: 'HR1210010051863000160', model: 'HR01', reference: buildReference('HR01', ['1', '2026']) },
  paymentTerms: 'Rok plaćanja 30 dana',
  lines: [
    {
      name: 'Kaljeno staklo 8 mm',
      kpd: '23.12.13',
      sellerItemId: 'KS-8',
      quantity: '3',
      unit: 'm2',
      unitPrice: '19.99',
      vatRate: '25',
    },
    {
      name: 'Brušenje rubova',
      quantity: '2.5',
      unit: 'm',
      unitPrice: '10.333',
      discountPct: '10',
      vatRate: '25',
    },
    { name: 'Montaža', kpd: '43.34.10', quantity: '1', unit: 'h', unitPrice: '100', vatRate: '13' },
    { name: 'Brtva', quantity: '4', unit: 'kom', unitPrice: '0.125', vatRate: '5' },
    { name: 'Uzorak', quantity: '1', unit: 'kom', unitPrice: '7.77', vatRate: '0' },
  ],
};

// The schemas and business rules are checked by the official validators (OASIS and Porezna XSD,
// EN 16931, HR CIUS) in apps/server/src/modules/einvoice: every invoice kind through the API.
// Here: the values this builder writes, from a hand-computed fixture.
describe('UBL 2.1 e-invoice', () => {
  it('carries the Croatian CIUS fields', () => {
    const xml = buildUbl(invoice);
    expect(xml).toContain(`<cbc:CustomizationID>${UBL_CUSTOMIZATION_ID}</cbc:CustomizationID>`);
    expect(xml).toContain('<cbc:ProfileID>P1</cbc:ProfileID>');
    expect(xml).toContain('<cbc:IssueTime>14:05:00</cbc:IssueTime>');
    expect(xml).toContain('<cbc:EndpointID schemeID="9934">94577403194</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID>HR69435151530</cbc:CompanyID>');
    expect(xml).toContain(
      '<cac:SellerContact><cbc:ID>12345678903</cbc:ID><cbc:Name>Ana Anić</cbc:Name></cac:SellerContact>',
    );
    expect(xml).toContain('<cbc:ItemClassificationCode listID="CG">23.12.13</cbc:ItemClassificationCode>');
    expect(xml).toContain('<cbc:PaymentID>HR01 1-20260</cbc:PaymentID>');
    expect(xml).toContain('<cac:PayeeFinancialAccount><cbc:ID>HR1210010051863000160</cbc:ID>');
    expect(xml).toContain('<cbc:Note>Plaćanje po računu &amp; &lt;hvala&gt;</cbc:Note>');
  });

  it('writes the totals of the hand-computed fixture (see totals.test.ts)', () => {
    const xml = buildUbl(invoice);
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="EUR">191.49</cbc:LineExtensionAmount>');
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">225.33</cbc:TaxInclusiveAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">225.33</cbc:PayableAmount>');
    expect(xml).toContain(
      '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">33.84</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">83.22</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">20.81</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent>',
    );
    // 0 % without an exemption basis is an exempt supply with the general reason, the line marked
    // HR:E, and the HR VAT breakdown (HR-BG-2) repeats the breakdown with the HR marks
    expect(xml).toContain(
      '<cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Oslobođeno PDV-a<',
    );
    expect(xml).toContain('<cac:ClassifiedTaxCategory><cbc:ID>E</cbc:ID><cbc:Name>HR:E</cbc:Name>');
    expect(xml).toContain('<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Name>HR:PDV13</cbc:Name>');
    expect(xml).toMatch(/<ext:UBLExtensions>.*<hrextac:HRTaxTotal><cbc:TaxAmount currencyID="EUR">33.84</);
    expect(xml).toContain(
      '<cbc:TaxExclusiveAmount currencyID="EUR">191.49</cbc:TaxExclusiveAmount><hrextac:OutOfScopeOfVATAmount currencyID="EUR">0.00<',
    );
    // the discounted line: gross 25.83, discount 2.58, net 23.25
    expect(xml).toContain(
      '<cbc:LineExtensionAmount currencyID="EUR">23.25</cbc:LineExtensionAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Popust</cbc:AllowanceChargeReason><cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:Amount currencyID="EUR">2.58</cbc:Amount><cbc:BaseAmount currencyID="EUR">25.83</cbc:BaseAmount>',
    );
  });

  it('subtracts what was prepaid from the payable amount', () => {
    const xml = buildUbl({ ...invoice, prepaid: '25.33' });
    expect(xml).toContain(
      '<cbc:PrepaidAmount currencyID="EUR">25.33</cbc:PrepaidAmount><cbc:PayableAmount currencyID="EUR">200.00</cbc:PayableAmount>',
    );
  });

  it('writes reverse charge with its reason on every rate', () => {
    const xml = buildUbl({ ...invoice, vatExemption: { category: 'AE', reason: 'Prijenos porezne obveze' } });
    expect(xml.match(/<cbc:ID>AE<\/cbc:ID>/g)?.length).toBe(4 + 5);
  });

  it('names a foreign buyer by its VAT id and writes intra-Community supply (K) with its reason', () => {
    const xml = buildUbl({
      ...invoice,
      buyer: { name: 'Bau GmbH', oib: '', vatId: 'DE123456789', city: 'München', countryCode: 'DE' },
      lines: invoice.lines.map((l) => ({ ...l, vatRate: '0' as const })),
      vatExemption: { category: 'K', reason: 'Oslobođeno PDV-a prema čl. 41.' },
      deliveryCountry: 'DE',
    });
    const buyer = xml.slice(
      xml.indexOf('<cac:AccountingCustomerParty>'),
      xml.indexOf('</cac:AccountingCustomerParty>'),
    );
    expect(buyer).toContain('<cbc:CompanyID>DE123456789</cbc:CompanyID>');
    expect(buyer).not.toContain('EndpointID');
    expect(xml).toContain('<cbc:TaxExemptionReason>Oslobođeno PDV-a prema čl. 41.</cbc:TaxExemptionReason>');
    expect(xml.match(/<cbc:ID>K<\/cbc:ID>/g)?.length).toBe(1 + 5);
    expect(xml).toContain(
      '<cac:Delivery><cbc:ActualDeliveryDate>2026-02-27</cbc:ActualDeliveryDate><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode>',
    );
  });

  it('maps units to UN/ECE codes and escapes XML', () => {
    expect(unitCode('kom')).toBe('H87');
    expect(unitCode('M2')).toBe('MTK');
    expect(unitCode('paket')).toBe('C62');
    expect(escapeXml('a<b>&"\'\u0001')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });
});
