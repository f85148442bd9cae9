import { Dec } from '../production/decimal.ts';
import type { ReferenceModel } from './payment-reference.ts';
import { documentTotals, money, type VatRate } from './totals.ts';

/**
 * EN 16931 e-invoice in UBL 2.1 syntax with the Croatian CIUS usage (Fiskalizacija 2.0, B2B
 * e-invoicing from 2026): OIB as endpoint (scheme 9934) and as `HR` VAT number, issue time,
 * operator name and OIB in the seller contact (HR-BT-4/5), KPD 2025 classification on each line
 * (listID `CG`), payment reference with its model in the payment means.
 *
 * Element order follows the UBL 2.1 schemas exactly (they are sequences); tests validate the
 * output with an XML Schema validator.
 */
export const UBL_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.hr:cius-2025:1.0#conformant#urn:mfin.gov.hr:ext-2025:1.0';
/** HR business process P1: invoicing deliveries of goods and services against orders. */
export const UBL_DEFAULT_PROFILE = 'P1';
/** HR business process P10: corrective invoicing (credit notes), as in Porezna's example. */
export const UBL_CREDIT_NOTE_PROFILE = 'P10';
/** HR business process P4: advance payment (the advance invoice, 386), as in Porezna's example. */
export const UBL_ADVANCE_PROFILE = 'P4';
/** HR business process P11: the final invoice that deducts advances, as in Porezna's example. */
export const UBL_FINAL_INVOICE_PROFILE = 'P11';

export type UblParty = {
  name: string;
  /** Croatian OIB; empty for a foreign party (then `vatId` names it). */
  oib: string;
  /** EU VAT id with its prefix (`DE123456789`); wins over `HR` + OIB in the tax scheme. */
  vatId?: string | null;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryCode?: string;
  email?: string | null;
  /** Electronic address (BT-34/BT-49) with its EAS scheme; defaults to the OIB (scheme 9934). */
  endpoint?: { id: string; scheme: string } | null;
  /** Seller outside the VAT system: its OIB is a tax registration id (scheme FRE), not a VAT id. */
  vatRegistered?: boolean;
};

/** VAT categories of EN 16931 (UNCL5305) we issue. */
export type VatCategory = 'S' | 'E' | 'AE' | 'K' | 'G' | 'Z' | 'O';

/** A line's VAT category with its exemption reason (text, and VATEX code where one applies). */
export type LineVat = { category: VatCategory; reason?: string | null; reasonCode?: string | null };

export type UblLine = {
  name: string;
  description?: string | null;
  sellerItemId?: string | null;
  /** KPD 2025 code, e.g. `23.12.13`. */
  kpd?: string | null;
  quantity: string;
  unit: string;
  unitPrice: string;
  discountPct?: string | null;
  vatRate: VatRate;
  /** The line's VAT category; without it: S above 0 %, else the document's exemption or E. */
  vat?: LineVat | null;
};

export type UblDocument = {
  /** 380 invoice, 381 credit note, 386 advance invoice (račun za predujam). */
  kind: 'invoice' | 'credit_note' | 'advance';
  number: string;
  issueDate: string;
  /** HH:MM:SS local time of issue (mandatory in Croatia). */
  issueTime: string;
  dueDate?: string | null;
  deliveryDate?: string | null;
  /** Country the goods are delivered to (BT-80), needed for intra-EU supplies. */
  deliveryCountry?: string | null;
  currency?: 'EUR';
  profileId?: string;
  notes?: string[];
  buyerReference?: string | null;
  orderReference?: string | null;
  /** For a credit note: the invoice it corrects. */
  billingReference?: { number: string; issueDate: string } | null;
  /** For a final invoice: the advance invoices it deducts, with HR-BT-3 (their base and VAT). */
  advanceReferences?: { number: string; issueDate: string; description: string }[];
  despatchReferences?: string[];
  seller: UblParty;
  buyer: UblParty;
  operator?: { name: string; oib: string } | null;
  payment?: { iban: string; model: ReferenceModel; reference: string } | null;
  paymentTerms?: string | null;
  /** When the whole document is outside standard VAT (exemption, reverse charge, export...). */
  vatExemption?: { category: Exclude<VatCategory, 'S'>; reason: string } | null;
  /** Amount already paid (BT-113). */
  prepaid?: string | null;
  lines: UblLine[];
};

/** UN/ECE Recommendation 20 codes for our units. */
export const UNIT_CODES: Record<string, string> = {
  kom: 'H87',
  pcs: 'H87',
  m: 'MTR',
  m2: 'MTK',
  m3: 'MTQ',
  kg: 'KGM',
  l: 'LTR',
  h: 'HUR',
};
export const unitCode = (unit: string): string => UNIT_CODES[unit.trim().toLowerCase()] ?? 'C62';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

type Node = string | null | undefined | false;
const el = (name: string, content: Node | Node[], attrs: Record<string, string> = {}): string => {
  const body = Array.isArray(content) ? content.filter(Boolean).join('') : content;
  if (body === null || body === undefined || body === false || body === '') return '';
  const attributes = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return `<${name}${attributes}>${body}</${name}>`;
};
const text = (name: string, value: string | null | undefined, attrs?: Record<string, string>) =>
  value === null || value === undefined || value === '' ? '' : el(name, escapeXml(value), attrs);

/** Reason of a 0 % line that names no exemption: the general wording (Zakon o PDV-u). */
export const GENERIC_EXEMPTION_REASON = 'Oslobođeno PDV-a';

/** The VAT category of a line: its own, else the document's exemption, else S or (0 %) E. */
export function lineVat(
  line: Pick<UblLine, 'vatRate' | 'vat'>,
  doc: Pick<UblDocument, 'vatExemption'>,
): LineVat {
  if (line.vat) return line.vat;
  if (doc.vatExemption) return doc.vatExemption;
  return new Dec(line.vatRate).isZero()
    ? { category: 'E', reason: GENERIC_EXEMPTION_REASON }
    : { category: 'S' };
}

/** HR category mark (HR-BT-12, table HR-TB-2): HR:PDV25 / HR:PDV13 / HR:PDV5 / HR:Z / HR:E ... */
export const hrCategoryName = (vat: LineVat, rate: VatRate): string =>
  vat.category === 'S' ? `HR:PDV${new Dec(rate).toFixed()}` : `HR:${vat.category}`;

/** Categories that carry an exemption reason (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const NEEDS_REASON: readonly VatCategory[] = ['E', 'AE', 'K', 'G', 'O'];

function taxScheme(): string {
  return el('cac:TaxScheme', text('cbc:ID', 'VAT'));
}

const percent = (rate: VatRate) => new Dec(rate).toFixed();

function reasonNodes(vat: LineVat): string[] {
  if (!NEEDS_REASON.includes(vat.category)) return [];
  return [text('cbc:TaxExemptionReasonCode', vat.reasonCode), text('cbc:TaxExemptionReason', vat.reason)];
}

/** Line tax category (BG-30 with HR-BT-12/13/14): category, HR mark, rate, reason for 0 % lines. */
function classifiedTaxCategory(vat: LineVat, rate: VatRate): string {
  return el('cac:ClassifiedTaxCategory', [
    text('cbc:ID', vat.category),
    text('cbc:Name', hrCategoryName(vat, rate)),
    text('cbc:Percent', percent(rate)),
    ...reasonNodes(vat),
    taxScheme(),
  ]);
}

type Subtotal = { vat: LineVat; rate: VatRate; base: Dec; tax: Dec };

/** VAT breakdown (BG-23) per category, rate and reason, from the lines' net amounts. */
function breakdown(doc: UblDocument, nets: readonly Dec[], vatByRate: Map<VatRate, Dec>): Subtotal[] {
  const groups = new Map<string, Subtotal>();
  doc.lines.forEach((line, i) => {
    const vat = lineVat(line, doc);
    const key = `${vat.category}|${line.vatRate}|${vat.reasonCode ?? ''}|${vat.reason ?? ''}`;
    const g = groups.get(key) ?? { vat, rate: line.vatRate, base: new Dec(0), tax: new Dec(0) };
    g.base = g.base.plus(nets[i] as Dec);
    groups.set(key, g);
  });
  const list = [...groups.values()];
  // The VAT of a rate is computed once on that rate's base (documentTotals); a standard rate has
  // one category (S), so its group's VAT is the rate's VAT.
  for (const g of list) if (g.vat.category === 'S') g.tax = vatByRate.get(g.rate) ?? new Dec(0);
  return list;
}

function party(p: UblParty, role: 'seller' | 'buyer', doc: UblDocument): string {
  const country = p.countryCode ?? 'HR';
  const endpoint = p.endpoint ?? (p.oib ? { id: p.oib, scheme: '9934' } : null);
  const vatRegistered = p.vatRegistered !== false;
  const taxId = vatRegistered ? p.vatId || (p.oib ? `${country}${p.oib}` : '') : p.oib;
  const partyXml = el('cac:Party', [
    endpoint ? text('cbc:EndpointID', endpoint.id, { schemeID: endpoint.scheme }) : '',
    el('cac:PartyName', text('cbc:Name', p.name)),
    el('cac:PostalAddress', [
      text('cbc:StreetName', p.street),
      text('cbc:CityName', p.city),
      text('cbc:PostalZone', p.postalCode),
      el('cac:Country', text('cbc:IdentificationCode', country)),
    ]),
    taxId
      ? el('cac:PartyTaxScheme', [
          text('cbc:CompanyID', taxId),
          el('cac:TaxScheme', text('cbc:ID', vatRegistered ? 'VAT' : 'FRE')),
        ])
      : '',
    el('cac:PartyLegalEntity', [text('cbc:RegistrationName', p.name), text('cbc:CompanyID', p.oib)]),
    p.email ? el('cac:Contact', text('cbc:ElectronicMail', p.email)) : '',
  ]);
  if (role === 'buyer') return el('cac:AccountingCustomerParty', partyXml);
  const operator = doc.operator
    ? el('cac:SellerContact', [text('cbc:ID', doc.operator.oib), text('cbc:Name', doc.operator.name)])
    : '';
  return el('cac:AccountingSupplierParty', [partyXml, operator]);
}

/**
 * The HR extension (HR-BG-2, HRFISK20Data): the VAT breakdown again with the HR category marks,
 * and the amount outside the scope of VAT. Written when a line is exempt (E) or out of scope (O)
 * (HR-BR-26); harmless otherwise, so only then.
 */
function hrExtension(subtotals: Subtotal[], vatTotal: Dec, net: Dec, cur: string): string {
  if (!subtotals.some((s) => s.vat.category === 'E' || s.vat.category === 'O')) return '';
  const outOfScope = subtotals
    .filter((s) => s.vat.category === 'O')
    .reduce((a, s) => a.plus(s.base), new Dec(0));
  const data = el('hrextac:HRFISK20Data', [
    el('hrextac:HRTaxTotal', [
      amount('cbc:TaxAmount', vatTotal, cur),
      ...subtotals.map((s) =>
        el('hrextac:HRTaxSubtotal', [
          amount('cbc:TaxableAmount', s.base, cur),
          amount('cbc:TaxAmount', s.tax, cur),
          el('hrextac:HRTaxCategory', [
            text('cbc:ID', s.vat.category),
            text('cbc:Name', hrCategoryName(s.vat, s.rate)),
            text('cbc:Percent', percent(s.rate)),
            ...reasonNodes(s.vat),
            el('hrextac:HRTaxScheme', text('cbc:ID', 'VAT')),
          ]),
        ]),
      ),
    ]),
    el('hrextac:HRLegalMonetaryTotal', [
      amount('cbc:TaxExclusiveAmount', net.minus(outOfScope), cur),
      amount('hrextac:OutOfScopeOfVATAmount', outOfScope, cur),
    ]),
  ]);
  return el('ext:UBLExtensions', el('ext:UBLExtension', el('ext:ExtensionContent', data)));
}

const amount = (name: string, value: Dec | string, currency: string) =>
  text(name, money(value), { currencyID: currency });

function defaultProfile(doc: UblDocument): string {
  if (doc.kind === 'credit_note') return UBL_CREDIT_NOTE_PROFILE;
  if (doc.kind === 'advance') return UBL_ADVANCE_PROFILE;
  return doc.advanceReferences?.length ? UBL_FINAL_INVOICE_PROFILE : UBL_DEFAULT_PROFILE;
}

/** Builds the e-invoice (or credit note) XML. Amounts come from documentTotals: one rounding rule everywhere. */
export function buildUbl(doc: UblDocument): string {
  const cur = doc.currency ?? 'EUR';
  const isCredit = doc.kind === 'credit_note';
  const totals = documentTotals(doc.lines);
  const prepaid = new Dec(doc.prepaid ?? 0);

  const lines = doc.lines.map((line, i) => {
    const amounts = totals.lines[i] as (typeof totals.lines)[number];
    const discount = amounts.discount.isZero()
      ? ''
      : el('cac:AllowanceCharge', [
          text('cbc:ChargeIndicator', 'false'),
          text('cbc:AllowanceChargeReasonCode', '95'),
          text('cbc:AllowanceChargeReason', 'Popust'),
          text('cbc:MultiplierFactorNumeric', new Dec(line.discountPct ?? 0).toFixed()),
          amount('cbc:Amount', amounts.discount, cur),
          amount('cbc:BaseAmount', amounts.gross, cur),
        ]);
    const item = el('cac:Item', [
      text('cbc:Description', line.description),
      text('cbc:Name', line.name),
      line.sellerItemId ? el('cac:SellersItemIdentification', text('cbc:ID', line.sellerItemId)) : '',
      line.kpd
        ? el('cac:CommodityClassification', text('cbc:ItemClassificationCode', line.kpd, { listID: 'CG' }))
        : '',
      classifiedTaxCategory(lineVat(line, doc), line.vatRate),
    ]);
    const price = el('cac:Price', [
      text(
        'cbc:PriceAmount',
        new Dec(line.unitPrice).toFixed(Math.max(2, new Dec(line.unitPrice).decimalPlaces())),
        {
          currencyID: cur,
        },
      ),
    ]);
    const qty = text(
      isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity',
      new Dec(line.quantity).toFixed(),
      {
        unitCode: unitCode(line.unit),
      },
    );
    // UBL 2.1 orders CreditNoteLine's children differently from InvoiceLine's: there the line
    // AllowanceCharge comes after TaxTotal, which we do not use, so the position is the same.
    return el(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
      text('cbc:ID', String(i + 1)),
      qty,
      amount('cbc:LineExtensionAmount', amounts.net, cur),
      discount,
      item,
      price,
    ]);
  });

  const subtotals = breakdown(
    doc,
    totals.lines.map((l) => l.net),
    new Map(totals.breakdown.map((b) => [b.rate, b.vat])),
  );
  const taxTotal = el('cac:TaxTotal', [
    amount('cbc:TaxAmount', totals.vat, cur),
    ...subtotals.map((b) =>
      el('cac:TaxSubtotal', [
        amount('cbc:TaxableAmount', b.base, cur),
        amount('cbc:TaxAmount', b.tax, cur),
        el('cac:TaxCategory', [
          text('cbc:ID', b.vat.category),
          text('cbc:Percent', percent(b.rate)),
          ...reasonNodes(b.vat),
          taxScheme(),
        ]),
      ]),
    ),
  ]);
  const delivery =
    doc.deliveryDate || doc.deliveryCountry
      ? el('cac:Delivery', [
          text('cbc:ActualDeliveryDate', doc.deliveryDate),
          doc.deliveryCountry
            ? el(
                'cac:DeliveryLocation',
                el('cac:Address', el('cac:Country', text('cbc:IdentificationCode', doc.deliveryCountry))),
              )
            : '',
        ])
      : '';

  const paymentMeans = doc.payment
    ? el('cac:PaymentMeans', [
        text('cbc:PaymentMeansCode', '30'),
        isCredit ? text('cbc:PaymentDueDate', doc.dueDate) : '',
        text('cbc:PaymentID', `${doc.payment.model} ${doc.payment.reference}`),
        el('cac:PayeeFinancialAccount', text('cbc:ID', doc.payment.iban.replace(/\s+/g, ''))),
      ])
    : '';

  const root = isCredit ? 'CreditNote' : 'Invoice';
  const body = [
    hrExtension(subtotals, totals.vat, totals.net, cur),
    text('cbc:CustomizationID', UBL_CUSTOMIZATION_ID),
    text('cbc:ProfileID', doc.profileId ?? defaultProfile(doc)),
    text('cbc:ID', doc.number),
    text('cbc:IssueDate', doc.issueDate),
    text('cbc:IssueTime', doc.issueTime),
    isCredit ? '' : text('cbc:DueDate', doc.dueDate),
    text(
      isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode',
      isCredit ? '381' : doc.kind === 'advance' ? '386' : '380',
    ),
    ...(doc.notes ?? []).map((n) => text('cbc:Note', n)),
    text('cbc:DocumentCurrencyCode', cur),
    text('cbc:BuyerReference', doc.buyerReference),
    doc.orderReference ? el('cac:OrderReference', text('cbc:ID', doc.orderReference)) : '',
    doc.billingReference
      ? el(
          'cac:BillingReference',
          el('cac:InvoiceDocumentReference', [
            text('cbc:ID', doc.billingReference.number),
            text('cbc:IssueDate', doc.billingReference.issueDate),
          ]),
        )
      : '',
    ...(doc.advanceReferences ?? []).map((r) =>
      el(
        'cac:BillingReference',
        el('cac:InvoiceDocumentReference', [
          text('cbc:ID', r.number),
          text('cbc:IssueDate', r.issueDate),
          text('cbc:DocumentDescription', r.description),
        ]),
      ),
    ),
    ...(doc.despatchReferences ?? []).map((r) => el('cac:DespatchDocumentReference', text('cbc:ID', r))),
    party(doc.seller, 'seller', doc),
    party(doc.buyer, 'buyer', doc),
    delivery,
    paymentMeans,
    doc.paymentTerms ? el('cac:PaymentTerms', text('cbc:Note', doc.paymentTerms)) : '',
    taxTotal,
    el('cac:LegalMonetaryTotal', [
      amount('cbc:LineExtensionAmount', totals.net, cur),
      amount('cbc:TaxExclusiveAmount', totals.net, cur),
      amount('cbc:TaxInclusiveAmount', totals.total, cur),
      prepaid.isZero() ? '' : amount('cbc:PrepaidAmount', prepaid, cur),
      amount('cbc:PayableAmount', totals.total.minus(prepaid), cur),
    ]),
    ...lines,
  ].join('');

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"` +
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"' +
    ' xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"' +
    ' xmlns:hrextac="urn:mfin.gov.hr:schema:xsd:HRExtensionAggregateComponents-1">' +
    body +
    `</${root}>\n`
  );
}
