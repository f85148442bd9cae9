import {
  AppError,
  type DomesticReverseCharge,
  domesticReverseChargeProblems,
  einvoiceIssueProblems,
  type FieldIssue,
  KPD_CODE_PATTERN,
  type LineVat,
  NON_VAT_PAYER,
  VAT_EXEMPTIONS,
  type VatExemptionCode,
  type VatTreatment,
} from '@erp/domain';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { croatianMessage } from '../../i18n/validation-messages.ts';
import type { ClientInfo, LineRow } from '../documents/documents.service.ts';
import { reverseChargeFlags } from '../documents/invoice-vat.ts';
import { vatExemptions } from '../inventory/inventory.service.ts';
import { einvoiceAddress as partnerEinvoiceAddress } from '../partners/partners.service.ts';
import { getOperator, isVatRegistered } from './einvoice.service.ts';
import { isKpdCode } from './kpd.ts';

// What issuing an invoice or credit note needs for a valid eRačun (HR CIUS), checked inside the
// issuing transaction before a number is taken, and the VAT category of each line of the UBL.

/**
 * Refuses (VALIDATION, one detail per missing thing) an invoice without the issuing user's
 * operator mark and OIB, a line without a KPD 2025 code, a domestic company buyer without OIB, a
 * foreign company buyer without an electronic address, a VAT rate above 0 % from a company
 * outside the VAT system, or domestic reverse charge that does not apply (the seller or the buyer
 * not a Croatian VAT payer, a line with VAT). Returns what the seller and buyer snapshots carry for
 * the UBL (the buyer's: `reverse_charge` = 'construction' under domestic reverse charge).
 */
export async function einvoiceReadiness(
  tx: Tx,
  ctx: CompanyContext,
  kind: string,
  client: ClientInfo,
  lines: readonly LineRow[],
  /** The document being issued (its domestic reverse charge switch, or its original invoice's). */
  doc?: { id: string; original_invoice_id: string | null },
) {
  const operator = await getOperator(tx, ctx.userId);
  const vatRegistered = await isVatRegistered(tx);
  const reverseCharge = doc ? await domesticReverseChargeOf(tx, doc) : null;
  const einvoiceAddress = await partnerEinvoiceAddress(tx, client.id);
  const problems: FieldIssue[] = einvoiceIssueProblems({
    kind: kind === 'credit_note' || kind === 'advance' ? kind : 'invoice',
    operator: { mark: operator.operator_mark, oib: operator.operator_oib },
    buyer: {
      kind: client.kind,
      oib: client.oib,
      country: client.billing_address?.country ?? 'HR',
      vatId: client.vat_id,
      einvoiceAddress,
      email: client.email,
    },
    lines: lines.map((l, i) => ({ position: i + 1, kpd: l.kpd_code })),
  });
  lines.forEach((l, i) => {
    if (l.kpd_code && KPD_CODE_PATTERN.test(l.kpd_code) && !isKpdCode(l.kpd_code))
      problems.push({
        field: 'lines.kpd_code',
        key: 'validation.lineKpdUnknown',
        params: { line: i + 1, code: l.kpd_code },
      });
    if (!vatRegistered && !new Decimal(l.vat_rate).isZero())
      problems.push({ field: 'lines.vat_rate', key: 'validation.nonVatPayerRate', params: { line: i + 1 } });
  });
  if (reverseCharge)
    problems.push(
      ...domesticReverseChargeProblems({
        sellerVatRegistered: vatRegistered,
        buyer: {
          kind: client.kind,
          oib: client.oib,
          country: client.billing_address?.country ?? 'HR',
          vatId: client.vat_id,
        },
        lines: lines.map((l, i) => ({ position: i + 1, vat_rate: l.vat_rate })),
      }),
    );
  if (problems.length > 0)
    throw new AppError(
      'VALIDATION',
      // The problems in words ("Stavka 2 nema šifru KPD"), not their keys ("lineKpdMissing").
      `Račun se ne može izdati kao eRačun: ${croatianMessage(problems)}`,
      problems,
    );
  return {
    seller: {
      operator_mark: operator.operator_mark,
      operator_oib: operator.operator_oib,
      vat_registered: vatRegistered,
    },
    buyer: { einvoice_address: einvoiceAddress, reverse_charge: reverseCharge },
  };
}

/**
 * Whether the document is issued under domestic reverse charge: an invoice by its own switch, a
 * credit note by the invoice it corrects (as that invoice's buyer snapshot says).
 */
export async function domesticReverseChargeOf(
  tx: Tx,
  doc: { id: string; original_invoice_id: string | null },
): Promise<DomesticReverseCharge | null> {
  const row = await reverseChargeFlags(tx, doc);
  return row?.on || row?.original === 'construction' ? 'construction' : null;
}

const TREATMENT_CODES: Record<VatTreatment['category'], string> = {
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  AE: 'VATEX-EU-AE',
  O: 'VATEX-EU-O',
};

/**
 * The VAT category of each line: every line exempt for a seller outside the VAT system; else
 * the document's intra-EU, export or reverse-charge treatment; else S above 0 %, and at 0 % the
 * item's basis (zero rate or an exemption article), or the general exemption wording.
 */
export async function ublVatOfLines(
  tx: Tx,
  lines: readonly LineRow[],
  vatRegistered: boolean,
  treatment: VatTreatment | null,
): Promise<LineVat[]> {
  const ids = lines.flatMap((l) => (l.item_id ? [l.item_id] : []));
  const items = ids.length ? await vatExemptions(tx, ids) : [];
  const exemptionOf = new Map(items.map((i) => [i.id, i.vat_exemption]));
  return lines.map((l) => {
    if (!vatRegistered) return NON_VAT_PAYER;
    if (treatment) return { ...treatment, reasonCode: TREATMENT_CODES[treatment.category] };
    if (!new Decimal(l.vat_rate).isZero()) return { category: 'S' };
    const code = l.item_id ? exemptionOf.get(l.item_id) : null;
    const basis = code && code in VAT_EXEMPTIONS ? VAT_EXEMPTIONS[code as VatExemptionCode] : null;
    return basis ?? { category: 'E', reason: 'Oslobođeno PDV-a' };
  });
}
