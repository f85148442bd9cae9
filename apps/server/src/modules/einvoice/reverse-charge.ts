import { AppError, domesticReverseChargeProblems } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { requireClient } from '../documents/documents.service.ts';
import { applyReverseCharge, lockInvoice, reverseChargeOf } from '../documents/invoice-vat.ts';
import { isVatRegistered } from './einvoice.service.ts';

// Domestic reverse charge (čl. 75. st. 3. t. a) Zakona o PDV-u): a window or glass shop installing
// for a VAT-registered building contractor invoices the construction work without VAT; the buyer
// accounts for it. A switch on the invoice draft: turning it on checks that both parties are
// Croatian VAT payers and puts every line at 0 %; turning it off gives item lines their item's
// rate back. Issuing checks it again (einvoice-issue.ts) and copies it into the buyer snapshot,
// from which the eRačun (AE, HR:AE, VATEX-EU-AE), the PDF wording and the IRA read it.

export type ReverseChargeState = { enabled: boolean };

export async function reverseChargeState(tx: Tx, id: string): Promise<ReverseChargeState> {
  return { enabled: await reverseChargeOf(tx, id) };
}

export async function setReverseCharge(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  enabled: boolean,
): Promise<ReverseChargeState> {
  const doc = await lockInvoice(tx, id);
  if (doc.status !== 'draft' || doc.advance_for_id)
    throw new AppError('CONFLICT', 'Dokument više nije nacrt i ne može se mijenjati', [
      { field: 'status', key: 'validation.notDraft' },
    ]);
  if (enabled) {
    const client = await requireClient(tx, doc.client_id);
    const problems = domesticReverseChargeProblems({
      sellerVatRegistered: await isVatRegistered(tx),
      buyer: client
        ? {
            kind: client.kind,
            oib: client.oib,
            country: client.billing_address?.country ?? 'HR',
            vatId: client.vat_id,
          }
        : null,
    });
    if (problems.length > 0)
      throw new AppError('VALIDATION', 'Prijenos porezne obveze ne primjenjuje se na ovog kupca', problems);
  }
  await applyReverseCharge(tx, ctx, id, enabled);
  return { enabled };
}
