import { money } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as repo from './documents.repo.ts';
import { totalsOf } from './documents.service.ts';
import * as vatRepo from './invoice-vat.repo.ts';

// What the e-invoice area's domestic reverse charge (einvoice/reverse-charge.ts, einvoice-issue.ts)
// reads and changes on a document: it decides, the documents area stores.

/** The switch of an invoice (NOT_FOUND for another kind). */
export async function reverseChargeOf(tx: Tx, id: string): Promise<boolean> {
  await repo.requireDocument(tx, id, ['invoice']);
  return (await vatRepo.reverseChargeEnabled(tx, id)) ?? false;
}

/** The invoice, locked for the switch (NOT_FOUND for another kind). */
export const lockInvoice = (tx: Tx, id: string) => repo.requireDocument(tx, id, ['invoice'], true);

/**
 * Turns the switch on (every line at 0 %) or off (item lines back at their item's rate), with the
 * totals computed again; tells the open screens.
 */
export async function applyReverseCharge(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  enabled: boolean,
): Promise<void> {
  if (enabled) await vatRepo.zeroLineVat(tx, id);
  else await vatRepo.restoreItemVat(tx, id);
  const t = totalsOf(await repo.getLines(tx, id));
  await repo.updateHeader(tx, id, {
    domestic_reverse_charge: enabled,
    net_total: money(t.net),
    vat_total: money(t.vat),
    total: money(t.total),
  });
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
}

/** A document's own reverse-charge switch and what its original invoice's buyer snapshot says. */
export const reverseChargeFlags = (tx: Tx, doc: { id: string; original_invoice_id: string | null }) =>
  vatRepo.reverseChargeFlags(tx, doc.id, doc.original_invoice_id);
