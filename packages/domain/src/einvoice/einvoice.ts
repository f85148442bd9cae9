import { z } from 'zod';
import type { LineVat } from '../documents/ubl.ts';
import type { FieldIssue } from '../errors.ts';
import { isValidOib } from '../identity/oib.ts';

// Croatian eRačun rules (HR CIUS of EN 16931) that the app checks itself: the operator, KPD
// codes, the VAT basis of a 0 % line and a buyer's electronic address.

/** A KPD 2025 code: six digits in three pairs (`23.12.13`); membership is checked by the server list. */
export const KPD_CODE_PATTERN = /^\d{2}\.\d{2}\.\d{2}$/;

/**
 * Why a line is at 0 % VAT in Croatia (HR-TB-2): zero rate (Z) or an exemption (E) with its
 * article of the Zakon o PDV-u and the VATEX code of the CEF list. Stored on the item.
 */
export const VAT_EXEMPTIONS = {
  Z: { category: 'Z' },
  'VATEX-EU-132': {
    category: 'E',
    reasonCode: 'VATEX-EU-132',
    reason: 'Oslobođeno PDV-a prema čl. 39. Zakona o PDV-u (djelatnosti od javnog interesa)',
  },
  'VATEX-EU-135-1': {
    category: 'E',
    reasonCode: 'VATEX-EU-135-1',
    reason: 'Oslobođeno PDV-a prema čl. 40. Zakona o PDV-u',
  },
} as const satisfies Record<string, LineVat>;
export type VatExemptionCode = keyof typeof VAT_EXEMPTIONS;
export const VAT_EXEMPTION_CODES = Object.keys(VAT_EXEMPTIONS) as VatExemptionCode[];

/** Every line of a seller outside the VAT system (small taxpayer). */
export const NON_VAT_PAYER: LineVat = {
  category: 'E',
  reason: 'Nije u sustavu PDV-a prema čl. 90. st. 1. Zakona o PDV-u',
};

/**
 * A client's eRačun address (BT-49) as `<scheme>:<identifier>`: an EAS code (four digits, e.g.
 * 9934 OIB, 0088 GLN, 9930 German VAT) or `EM` for an e-mail address.
 */
export function parseEinvoiceAddress(
  value: string | null | undefined,
): { scheme: string; id: string } | null {
  const m = /^(\d{4}|EM):(.+)$/.exec((value ?? '').trim());
  if (!m) return null;
  const [, scheme, id] = m as unknown as [string, string, string];
  if (scheme === 'EM' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(id)) return null;
  if (scheme === '9934' && !isValidOib(id)) return null;
  return { scheme, id: id.trim() };
}

export const einvoiceAddressSchema = z
  .string()
  .trim()
  .max(200, 'validation.tooLong')
  .refine((v) => v === '' || parseEinvoiceAddress(v) !== null, 'validation.einvoiceAddressInvalid');

/** The signed-in user's operator data (HR-BT-4 mark, HR-BT-5 OIB). */
export const operatorInputSchema = z
  .object({
    operator_mark: z.string().trim().max(100, 'validation.tooLong').nullable(),
    operator_oib: z
      .string()
      .trim()
      .refine((v) => v === '' || isValidOib(v), 'validation.oibInvalid')
      .nullable(),
  })
  .strict();

export const einvoiceSettingsSchema = z.object({ vat_registered: z.boolean() }).strict();

export type IssueCheckInput = {
  /** 380 invoice, 381 credit note or 386 advance invoice (KPD only on 380: HR-BR-25). */
  kind: 'invoice' | 'credit_note' | 'advance';
  operator: { mark: string | null; oib: string | null };
  buyer: {
    kind: string;
    oib: string | null;
    country: string;
    vatId: string | null;
    einvoiceAddress: string | null;
    email: string | null;
  };
  lines: readonly { position: number; kpd: string | null }[];
};

/**
 * What an invoice lacks to be a valid eRačun; empty when it may be issued. Each problem names the
 * field and the translated key (with the line number where it is one line's).
 */
export function einvoiceIssueProblems(input: IssueCheckInput): FieldIssue[] {
  const problems: FieldIssue[] = [];
  if (!input.operator.mark?.trim())
    problems.push({ field: 'operator_mark', key: 'validation.operatorMarkMissing' });
  if (!input.operator.oib || !isValidOib(input.operator.oib))
    problems.push({ field: 'operator_oib', key: 'validation.operatorOibMissing' });
  const { buyer } = input;
  const domestic = (buyer.country || 'HR').toUpperCase() === 'HR';
  if (domestic && buyer.kind === 'company' && !buyer.oib)
    problems.push({ field: 'buyer.oib', key: 'validation.buyerOibMissing' });
  if (!domestic && buyer.kind === 'company' && !buyerEndpoint(buyer))
    problems.push({ field: 'buyer.einvoice_address', key: 'validation.buyerEinvoiceAddressMissing' });
  if (input.kind === 'invoice')
    for (const line of input.lines)
      if (!line.kpd || !KPD_CODE_PATTERN.test(line.kpd))
        problems.push({
          field: 'lines.kpd_code',
          key: 'validation.lineKpdMissing',
          params: { line: line.position },
        });
  return problems;
}

/** The buyer's electronic address (BT-49): the stored one, else the OIB, else the e-mail. */
export function buyerEndpoint(buyer: {
  oib: string | null;
  einvoiceAddress: string | null;
  email: string | null;
}): { scheme: string; id: string } | null {
  const stored = parseEinvoiceAddress(buyer.einvoiceAddress);
  if (stored) return stored;
  if (buyer.oib && isValidOib(buyer.oib)) return { scheme: '9934', id: buyer.oib };
  if (buyer.email?.trim()) return { scheme: 'EM', id: buyer.email.trim() };
  return null;
}

/**
 * Why an invoice may not be issued under domestic reverse charge for construction work (čl. 75.
 * st. 3. t. a) Zakona o PDV-u): both parties must be in the VAT system, so the seller must be a VAT
 * payer and the buyer a Croatian company with a valid OIB and its PDV ID (`HR` + the OIB) on
 * record, which is how a client is marked as a VAT payer. With `lines`, every line must be at 0 %
 * (the buyer accounts for the VAT).
 */
export function domesticReverseChargeProblems(input: {
  sellerVatRegistered: boolean;
  buyer: { kind: string; oib: string | null; country: string | null; vatId: string | null } | null;
  lines?: readonly { position: number; vat_rate: string }[];
}): FieldIssue[] {
  const problems: FieldIssue[] = [];
  if (!input.sellerVatRegistered)
    problems.push({ field: 'domestic_reverse_charge', key: 'validation.reverseChargeSellerNotVatPayer' });
  const buyer = input.buyer;
  const domestic = (buyer?.country || 'HR').trim().toUpperCase() === 'HR';
  if (buyer?.kind !== 'company' || !domestic)
    problems.push({ field: 'client_id', key: 'validation.reverseChargeBuyerNotDomesticCompany' });
  else if (!buyer.oib || !isValidOib(buyer.oib))
    problems.push({ field: 'client_id', key: 'validation.reverseChargeBuyerOibMissing' });
  else if ((buyer.vatId ?? '').replace(/\s+/g, '').toUpperCase() !== `HR${buyer.oib}`)
    problems.push({ field: 'client_id', key: 'validation.reverseChargeBuyerNotVatPayer' });
  for (const line of input.lines ?? [])
    if (!/^0+(\.0*)?$/.test(line.vat_rate.trim()))
      problems.push({
        field: 'lines.vat_rate',
        key: 'validation.reverseChargeLineRate',
        params: { line: line.position },
      });
  return problems;
}
