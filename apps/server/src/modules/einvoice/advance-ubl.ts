import { advanceReferenceText, money } from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { advanceRates, deductedAdvances } from '../documents/advances.service.ts';
import type { DocumentRow } from '../documents/documents.service.ts';

// What advances add to an invoice's UBL, written as the HR CIUS examples do
// (Racun_za_predujam.xml, Finalni_racun_predujam.xml):
// - an advance invoice is InvoiceTypeCode 386 under process P4, its line without KPD (HR-BR-25
//   exempts 386), payable in full (payments come later, like any invoice's);
// - a final invoice keeps its lines and VAT breakdown whole, names each advance it deducted in a
//   BillingReference (number, date and, in HR-BT-3, the advance's base and VAT per rate), and
//   carries their total as PrepaidAmount, so PayableAmount = total − advances (process P11).

export type AdvanceUbl = {
  kind: 'invoice' | 'advance';
  references: { number: string; issueDate: string; description: string }[];
  prepaid: string | null;
};

export async function advanceUbl(tx: Tx, doc: DocumentRow): Promise<AdvanceUbl> {
  if (doc.kind === 'invoice' && doc.advance_for_id) return { kind: 'advance', references: [], prepaid: null };
  if (doc.kind !== 'invoice') return { kind: 'invoice', references: [], prepaid: null };
  const deducted = await deductedAdvances(tx, doc.id);
  const references = await Promise.all(
    deducted.map(async (a) => ({
      number: a.number,
      issueDate: a.doc_date,
      description: advanceReferenceText(a.number, await advanceRates(tx, a.id)),
    })),
  );
  const prepaid = deducted.reduce((s, a) => s.plus(a.total), new Decimal(0));
  return { kind: 'invoice', references, prepaid: prepaid.isZero() ? null : money(prepaid) };
}
