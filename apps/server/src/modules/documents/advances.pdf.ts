import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { CONTENT_WIDTH, PAGE, type Pdf } from '../../pdf/pdf-document.ts';
import { hrDate, hrMoney } from '../../pdf/pdf-format.ts';
import { advancesOf } from './advances.service.ts';
import type * as repo from './documents.repo.ts';

// The advance part of an invoice PDF, drawn below the VAT recapitulation (documents.pdf.ts calls
// it): an advance invoice says what it is an advance for; a final invoice lists each advance it
// deducted with its base and VAT per rate, and what is left to pay after them.

export async function drawAdvances(tx: Tx, pdf: Pdf, doc: repo.DocumentRow, y: number): Promise<number> {
  if (doc.kind !== 'invoice') return y;
  pdf.font('regular').fontSize(8.5);
  if (doc.advance_for_id) {
    pdf.text(
      'Račun za predujam: predujam se odbija na konačnom računu za isporuku (osnovica i PDV po stopama).',
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH },
    );
    return pdf.y + 8;
  }
  const advances = await advancesOf(tx, doc);
  if (advances.length === 0) return y;
  pdf.font('bold').text('Odbijeni predujmovi', PAGE.margin, y, { width: CONTENT_WIDTH });
  pdf.font('regular');
  for (const a of advances)
    for (const r of a.rates)
      pdf.text(
        `Račun za predujam ${a.number ?? ''} od ${hrDate(a.doc_date)}: osnovica ${Number(r.rate)} % −${hrMoney(r.base)} EUR, PDV ${Number(r.rate)} % −${hrMoney(r.vat)} EUR`,
        PAGE.margin,
        pdf.y + 1,
        { width: CONTENT_WIDTH },
      );
  const deducted = advances.reduce((s, a) => s.plus(a.total), new Decimal(0));
  pdf.text(`Ukupno predujmovi: −${hrMoney(deducted.toFixed(2))} EUR`, PAGE.margin, pdf.y + 2, {
    width: CONTENT_WIDTH,
    align: 'right',
  });
  pdf
    .font('bold')
    .fontSize(11)
    .text(
      `Za platiti nakon predujmova: ${hrMoney(new Decimal(doc.total).minus(deducted).toFixed(2))} EUR`,
      PAGE.margin,
      pdf.y + 2,
      { width: CONTENT_WIDTH, align: 'right' },
    );
  pdf.font('regular').fontSize(8.5);
  return pdf.y + 8;
}
