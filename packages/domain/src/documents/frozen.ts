// Issued means frozen: once a document leaves its draft (an invoice or credit note issued, a
// delivery note issued, a quote sent) its files are made once, stored and served as stored.

export type FrozenFormat = 'ubl' | 'pdf';

/**
 * The stored files of a document in this state: none for a draft or a work order (its sheet shows
 * live materials and operations); the PDF of a sent quote or an issued delivery note; the UBL
 * e-invoice and the PDF of an issued invoice or credit note.
 */
export function frozenFormats(kind: string, status: string): FrozenFormat[] {
  if (status === 'draft') return [];
  if (kind === 'invoice' || kind === 'credit_note') return ['ubl', 'pdf'];
  if (kind === 'delivery_note' || kind === 'quote') return ['pdf'];
  return [];
}
