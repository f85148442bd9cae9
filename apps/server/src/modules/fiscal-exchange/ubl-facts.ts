import { AppError } from '@erp/domain';
import { DOMParser, type Element } from '@xmldom/xmldom';
import Decimal from 'decimal.js';

// What the Fiskalizacija 2.0 messages need from a stored eRačun (UBL 2.1 Invoice or CreditNote
// under the HR CIUS), read from the XML itself: the same reader serves our issued eRačuni
// (document_files) and suppliers' received ones (purchase_invoice_files). The field mapping is
// the technical specification's (Tehnička specifikacija, ch. 3.1.3: BT-1, BT-2, ... per element).

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const HREXTAC = 'urn:mfin.gov.hr:schema:xsd:HRExtensionAggregateComponents-1';

export type UblTax = {
  category: string;
  taxable: string;
  tax: string;
  percent: string | null;
  exemptionCode: string | null;
  exemptionText: string | null;
  hrCategory: string | null;
};

export type UblLine = {
  quantity: string;
  unit: string;
  net: string;
  price: string;
  grossPrice: string | null;
  baseQuantity: string | null;
  baseUnit: string | null;
  category: string;
  percent: string | null;
  name: string;
  description: string | null;
  hrCategory: string | null;
  kpd: string | null;
};

export type UblFacts = {
  number: string;
  issueDate: string;
  typeCode: string;
  currency: string;
  dueDate: string | null;
  process: string;
  contractRef: string | null;
  deliveryDate: string | null;
  preceding: { number: string; issueDate: string }[];
  seller: { name: string; oib: string; operatorOib: string | null };
  buyer: { name: string; oib: string | null };
  accounts: { iban: string; name: string | null; provider: string | null }[];
  totals: {
    net: string;
    allowances: string | null;
    charges: string | null;
    withoutVat: string;
    vat: string;
    withVat: string;
    prepaid: string | null;
    payable: string;
  };
  taxes: UblTax[];
  allowances: {
    amount: string;
    category: string;
    percent: string | null;
    reason: string | null;
    reasonCode: string | null;
  }[];
  charges: {
    amount: string;
    category: string;
    percent: string | null;
    reason: string | null;
    reasonCode: string | null;
  }[];
  lines: UblLine[];
};

type El = Element;

const children = (el: El | null | undefined, ns: string, name: string): El[] =>
  el
    ? (Array.from(el.childNodes).filter(
        (n) => n.nodeType === 1 && (n as El).namespaceURI === ns && (n as El).localName === name,
      ) as El[])
    : [];
const child = (el: El | null | undefined, ns: string, name: string): El | null =>
  children(el, ns, name)[0] ?? null;
const text = (el: El | null | undefined): string | null => {
  const v = el?.textContent?.trim();
  return v ? v : null;
};
/** Follows a path of `prefix:name` steps (cbc/cac) from `el`, first match at each step. */
function at(el: El | null | undefined, path: string): El | null {
  let cur: El | null = el ?? null;
  for (const step of path.split('/')) {
    const [prefix, name] = step.split(':') as [string, string];
    cur = child(cur, prefix === 'cbc' ? CBC : prefix === 'cac' ? CAC : HREXTAC, name);
    if (!cur) return null;
  }
  return cur;
}
const textAt = (el: El | null | undefined, path: string) => text(at(el, path));
const money = (v: string | null): string | null => (v === null ? null : new Decimal(v).toFixed(2));

const OIB = /^\d{11}$/;
/** The OIB in a VAT id (`HR12345678901`), a tax scheme id or an endpoint (scheme 9934). */
function oibOf(party: El | null): string | null {
  for (const scheme of children(party, CAC, 'PartyTaxScheme')) {
    const id = textAt(scheme, 'cbc:CompanyID')?.replace(/^HR/i, '') ?? '';
    if (OIB.test(id)) return id;
  }
  const endpoint = at(party, 'cbc:EndpointID');
  if (endpoint?.getAttribute('schemeID') === '9934' && OIB.test(text(endpoint) ?? '')) return text(endpoint);
  const legal = textAt(party, 'cac:PartyLegalEntity/cbc:CompanyID');
  return legal && OIB.test(legal) ? legal : null;
}
const nameOf = (party: El | null) =>
  textAt(party, 'cac:PartyLegalEntity/cbc:RegistrationName') ?? textAt(party, 'cac:PartyName/cbc:Name') ?? '';

const invalid = (why: string) =>
  new AppError('VALIDATION', `eRačun se ne može pročitati: ${why}`, [
    { field: 'ubl', key: 'validation.einvoiceUnreadable' },
  ]);

/** Reads the facts of a UBL Invoice or CreditNote; throws a translated VALIDATION error when it is not one. */
export function readUblFacts(xml: string): UblFacts {
  let root: El | null = null;
  try {
    root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as El | null;
  } catch {
    throw invalid('not XML');
  }
  if (!root || !['Invoice', 'CreditNote'].includes(root.localName ?? ''))
    throw invalid('not a UBL Invoice or CreditNote');
  const credit = root.localName === 'CreditNote';
  const lineName = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const qtyName = credit ? 'CreditedQuantity' : 'InvoicedQuantity';

  const seller = at(root, 'cac:AccountingSupplierParty/cac:Party');
  const buyer = at(root, 'cac:AccountingCustomerParty/cac:Party');
  const sellerOib = oibOf(seller);
  const number = textAt(root, 'cbc:ID');
  const issueDate = textAt(root, 'cbc:IssueDate');
  if (!number || !issueDate || !sellerOib) throw invalid('number, issue date or seller OIB missing');

  const hrSubtotals = Array.from(root.getElementsByTagNameNS(HREXTAC, 'HRTaxSubtotal')) as El[];
  const hrMarkOf = (category: string, percent: string | null) => {
    for (const sub of hrSubtotals) {
      const cat = at(sub, 'hrextac:HRTaxCategory');
      if (textAt(cat, 'cbc:ID') !== category) continue;
      const p = textAt(cat, 'cbc:Percent');
      if ((p === null) !== (percent === null) || (p && percent && !new Decimal(p).eq(percent))) continue;
      return textAt(cat, 'cbc:Name');
    }
    return null;
  };

  const taxTotal =
    children(root, CAC, 'TaxTotal').find((t) => children(t, CAC, 'TaxSubtotal').length > 0) ?? null;
  const taxes: UblTax[] = children(taxTotal, CAC, 'TaxSubtotal').map((sub) => {
    const cat = at(sub, 'cac:TaxCategory');
    const category = textAt(cat, 'cbc:ID') ?? 'S';
    const percent = textAt(cat, 'cbc:Percent');
    return {
      category,
      taxable: money(textAt(sub, 'cbc:TaxableAmount') ?? '0') as string,
      tax: money(textAt(sub, 'cbc:TaxAmount') ?? '0') as string,
      percent,
      exemptionCode: textAt(cat, 'cbc:TaxExemptionReasonCode'),
      exemptionText: textAt(cat, 'cbc:TaxExemptionReason'),
      hrCategory: hrMarkOf(category, percent),
    };
  });

  const allowanceCharges = children(root, CAC, 'AllowanceCharge').map((ac) => ({
    charge: textAt(ac, 'cbc:ChargeIndicator') === 'true',
    amount: money(textAt(ac, 'cbc:Amount') ?? '0') as string,
    category: textAt(ac, 'cac:TaxCategory/cbc:ID') ?? 'S',
    percent: textAt(ac, 'cac:TaxCategory/cbc:Percent'),
    reason: textAt(ac, 'cbc:AllowanceChargeReason'),
    reasonCode: textAt(ac, 'cbc:AllowanceChargeReasonCode'),
  }));
  const strip = ({ charge: _c, ...rest }: (typeof allowanceCharges)[number]) => rest;

  const totals = at(root, 'cac:LegalMonetaryTotal');
  const hrMark = /^[Hh][Rr]:/;
  const lines: UblLine[] = children(root, CAC, lineName).map((line) => {
    const qty = at(line, `cbc:${qtyName}`);
    const item = at(line, 'cac:Item');
    const taxCat = at(item, 'cac:ClassifiedTaxCategory');
    const base = at(line, 'cac:Price/cbc:BaseQuantity');
    const kpd = children(item, CAC, 'CommodityClassification')
      .map((c) => at(c, 'cbc:ItemClassificationCode'))
      .find((c) => c?.getAttribute('listID') === 'CG');
    const taxName = textAt(taxCat, 'cbc:Name');
    return {
      quantity: text(qty) ?? '0',
      unit: qty?.getAttribute('unitCode') || 'H87',
      net: money(textAt(line, 'cbc:LineExtensionAmount') ?? '0') as string,
      price: textAt(line, 'cac:Price/cbc:PriceAmount') ?? '0',
      grossPrice: textAt(line, 'cac:Price/cac:AllowanceCharge/cbc:BaseAmount'),
      baseQuantity: text(base),
      baseUnit: base?.getAttribute('unitCode') || null,
      category: textAt(taxCat, 'cbc:ID') ?? 'S',
      percent: textAt(taxCat, 'cbc:Percent'),
      name: textAt(item, 'cbc:Name') ?? '-',
      description: textAt(item, 'cbc:Description'),
      hrCategory: taxName && hrMark.test(taxName) ? taxName : null,
      kpd: kpd ? text(kpd) : null,
    };
  });

  return {
    number,
    issueDate,
    typeCode:
      textAt(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode') ?? (credit ? '381' : '380'),
    currency: textAt(root, 'cbc:DocumentCurrencyCode') ?? 'EUR',
    dueDate: textAt(root, 'cbc:DueDate') ?? textAt(root, 'cac:PaymentTerms/cbc:PaymentDueDate'),
    process: textAt(root, 'cbc:ProfileID') ?? 'P1',
    contractRef: textAt(root, 'cac:ContractDocumentReference/cbc:ID'),
    deliveryDate: textAt(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
    preceding: children(root, CAC, 'BillingReference')
      .map((ref) => ({
        number: textAt(ref, 'cac:InvoiceDocumentReference/cbc:ID'),
        issueDate: textAt(ref, 'cac:InvoiceDocumentReference/cbc:IssueDate'),
      }))
      .filter((p): p is { number: string; issueDate: string } => Boolean(p.number && p.issueDate)),
    seller: {
      name: nameOf(seller),
      oib: sellerOib,
      operatorOib: textAt(root, 'cac:AccountingSupplierParty/cac:SellerContact/cbc:ID'),
    },
    buyer: { name: nameOf(buyer), oib: oibOf(buyer) },
    accounts: children(root, CAC, 'PaymentMeans')
      .map((pm) => ({
        iban: textAt(pm, 'cac:PayeeFinancialAccount/cbc:ID') ?? '',
        name: textAt(pm, 'cac:PayeeFinancialAccount/cbc:Name'),
        provider: textAt(pm, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
      }))
      .filter((a) => a.iban !== ''),
    totals: {
      net: money(textAt(totals, 'cbc:LineExtensionAmount') ?? '0') as string,
      allowances: money(textAt(totals, 'cbc:AllowanceTotalAmount')),
      charges: money(textAt(totals, 'cbc:ChargeTotalAmount')),
      withoutVat: money(textAt(totals, 'cbc:TaxExclusiveAmount') ?? '0') as string,
      vat: money(textAt(taxTotal, 'cbc:TaxAmount') ?? '0') as string,
      withVat: money(textAt(totals, 'cbc:TaxInclusiveAmount') ?? '0') as string,
      prepaid: money(textAt(totals, 'cbc:PrepaidAmount')),
      payable: money(textAt(totals, 'cbc:PayableAmount') ?? '0') as string,
    },
    taxes,
    allowances: allowanceCharges.filter((a) => !a.charge).map(strip),
    charges: allowanceCharges.filter((a) => a.charge).map(strip),
    lines,
  };
}
