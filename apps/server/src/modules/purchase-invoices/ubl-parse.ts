import {
  AppError,
  type ParsedUbl,
  type ReceivedLine,
  type ReceivedParty,
  type ReceivedTaxSubtotal,
} from '@erp/domain';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import Decimal from 'decimal.js';

// Reads a UBL 2.1 Invoice or CreditNote (EN 16931 / HR CIUS) into the readable document kept with
// a purchase invoice. Amounts stay decimal strings as written in the XML.

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const ROOTS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

const notUbl = () =>
  new AppError('VALIDATION', 'Datoteka nije UBL eRačun (Invoice ili CreditNote).', [
    { field: 'file', key: 'validation.notUbl' },
  ]);

/** Direct children of `el` named `cac:` / `cbc:` `name`. */
function kids(el: XmlElement | null, ns: string, name: string): XmlElement[] {
  if (!el) return [];
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as XmlElement).namespaceURI === ns && (n as XmlElement).localName === name)
      out.push(n as XmlElement);
  }
  return out;
}

/** Follows a path of `cac:X/cac:Y/cbc:Z` steps from `el`, taking the first match at each step. */
function at(el: XmlElement | null, path: string): XmlElement | null {
  let cur: XmlElement | null = el;
  for (const step of path.split('/')) {
    const [prefix, name] = step.split(':') as [string, string];
    cur = kids(cur, prefix === 'cbc' ? CBC : CAC, name)[0] ?? null;
    if (!cur) return null;
  }
  return cur;
}

const text = (el: XmlElement | null): string | null => {
  const t = el?.textContent?.trim();
  return t ? t : null;
};
const textAt = (el: XmlElement | null, path: string) => text(at(el, path));

/** A decimal from the XML, normalised ("100.000000" → "100"); refused when it is not a number. */
function num(value: string | null, fallback = '0'): string {
  if (value === null) return fallback;
  if (!/^[+-]?\d+(\.\d+)?$/.test(value)) throw notUbl();
  return new Decimal(value).toString();
}
const money = (value: string | null) => new Decimal(num(value)).toFixed(2);

function party(el: XmlElement | null): ReceivedParty {
  const p = at(el, 'cac:Party');
  const endpoint = at(p, 'cbc:EndpointID');
  const legalId = textAt(p, 'cac:PartyLegalEntity/cbc:CompanyID');
  const vatId = textAt(p, 'cac:PartyTaxScheme/cbc:CompanyID');
  const endpointOib = endpoint?.getAttribute('schemeID') === '9934' ? text(endpoint) : null;
  const fromVat = vatId && /^HR\d{11}$/.test(vatId) ? vatId.slice(2) : null;
  const oib = [endpointOib, legalId, fromVat].find((v) => v !== null && /^\d{11}$/.test(v)) ?? null;
  return {
    name: textAt(p, 'cac:PartyLegalEntity/cbc:RegistrationName') ?? textAt(p, 'cac:PartyName/cbc:Name') ?? '',
    oib,
    vat_id: vatId,
    street: textAt(p, 'cac:PostalAddress/cbc:StreetName'),
    city: textAt(p, 'cac:PostalAddress/cbc:CityName'),
    postal_code: textAt(p, 'cac:PostalAddress/cbc:PostalZone'),
    country: textAt(p, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'),
  };
}

function line(el: XmlElement, credit: boolean): ReceivedLine {
  const qty = at(el, credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity');
  const item = at(el, 'cac:Item');
  const kpd = kids(item, CAC, 'CommodityClassification')
    .map((c) => at(c, 'cbc:ItemClassificationCode'))
    .find((c) => c?.getAttribute('listID') === 'CG');
  return {
    id: textAt(el, 'cbc:ID') ?? '',
    name: textAt(item, 'cbc:Name') ?? '',
    description: textAt(item, 'cbc:Description'),
    quantity: num(text(qty)),
    unit_code: qty?.getAttribute('unitCode') || null,
    net: money(textAt(el, 'cbc:LineExtensionAmount')),
    price: num(textAt(el, 'cac:Price/cbc:PriceAmount')),
    base_quantity:
      textAt(el, 'cac:Price/cbc:BaseQuantity') === null
        ? null
        : num(textAt(el, 'cac:Price/cbc:BaseQuantity')),
    seller_item_id: textAt(item, 'cac:SellersItemIdentification/cbc:ID'),
    buyer_item_id: textAt(item, 'cac:BuyersItemIdentification/cbc:ID'),
    vat_category: textAt(item, 'cac:ClassifiedTaxCategory/cbc:ID'),
    vat_percent: textAt(item, 'cac:ClassifiedTaxCategory/cbc:Percent'),
    kpd: text(kpd ?? null),
  };
}

/** Parses the XML; a file that is not well-formed UBL Invoice / CreditNote is refused (VALIDATION). */
export function parseUbl(xml: string): ParsedUbl {
  let root: XmlElement | null = null;
  try {
    const doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') throw notUbl();
      },
    }).parseFromString(xml, 'text/xml');
    root = doc.documentElement as XmlElement | null;
  } catch {
    throw notUbl();
  }
  if (!root) throw notUbl();
  const kind =
    root.localName === 'Invoice' && root.namespaceURI === ROOTS.Invoice
      ? 'invoice'
      : root.localName === 'CreditNote' && root.namespaceURI === ROOTS.CreditNote
        ? 'credit_note'
        : null;
  if (!kind) throw notUbl();
  const credit = kind === 'credit_note';
  const number = textAt(root, 'cbc:ID');
  const issueDate = textAt(root, 'cbc:IssueDate');
  if (!number || !issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) throw notUbl();
  const currency = textAt(root, 'cbc:DocumentCurrencyCode') ?? 'EUR';

  // The VAT in the document currency is the TaxTotal with subtotals (BT-110); a second TaxTotal
  // may give it in the accounting currency (BT-111).
  const taxTotals = kids(root, CAC, 'TaxTotal');
  const mainTax =
    taxTotals.find((t) => kids(t, CAC, 'TaxSubtotal').length > 0) ??
    taxTotals.find((t) => at(t, 'cbc:TaxAmount')?.getAttribute('currencyID') === currency) ??
    taxTotals[0] ??
    null;
  const tax_subtotals: ReceivedTaxSubtotal[] = kids(mainTax, CAC, 'TaxSubtotal').map((s) => ({
    category: textAt(s, 'cac:TaxCategory/cbc:ID') ?? '',
    percent: num(textAt(s, 'cac:TaxCategory/cbc:Percent')),
    taxable: money(textAt(s, 'cbc:TaxableAmount')),
    tax: money(textAt(s, 'cbc:TaxAmount')),
    exemption_reason:
      textAt(s, 'cac:TaxCategory/cbc:TaxExemptionReason') ??
      textAt(s, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
  }));
  const totals = at(root, 'cac:LegalMonetaryTotal');
  const means = at(root, 'cac:PaymentMeans');
  const lines = kids(root, CAC, credit ? 'CreditNoteLine' : 'InvoiceLine').map((l) => line(l, credit));
  return {
    doc_type: kind,
    type_code:
      textAt(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode') ?? (credit ? '381' : '380'),
    number,
    issue_date: issueDate,
    due_date: textAt(root, 'cbc:DueDate') ?? textAt(means, 'cbc:PaymentDueDate'),
    delivery_date: textAt(root, 'cac:Delivery/cbc:ActualDeliveryDate'),
    currency,
    note: textAt(root, 'cbc:Note'),
    order_reference: textAt(root, 'cac:OrderReference/cbc:ID'),
    billing_reference: textAt(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'),
    seller: party(at(root, 'cac:AccountingSupplierParty')),
    buyer: party(at(root, 'cac:AccountingCustomerParty')),
    payment: {
      means_code: textAt(means, 'cbc:PaymentMeansCode'),
      reference: textAt(means, 'cbc:PaymentID'),
      iban: textAt(means, 'cac:PayeeFinancialAccount/cbc:ID'),
      terms: textAt(root, 'cac:PaymentTerms/cbc:Note'),
    },
    tax_subtotals,
    totals: {
      line_extension: money(textAt(totals, 'cbc:LineExtensionAmount')),
      tax_exclusive: money(textAt(totals, 'cbc:TaxExclusiveAmount')),
      tax_inclusive: money(textAt(totals, 'cbc:TaxInclusiveAmount')),
      allowances: money(textAt(totals, 'cbc:AllowanceTotalAmount')),
      charges: money(textAt(totals, 'cbc:ChargeTotalAmount')),
      prepaid: money(textAt(totals, 'cbc:PrepaidAmount')),
      rounding: money(textAt(totals, 'cbc:PayableRoundingAmount')),
      payable: money(textAt(totals, 'cbc:PayableAmount')),
      vat: money(textAt(mainTax, 'cbc:TaxAmount')),
    },
    lines,
  };
}
