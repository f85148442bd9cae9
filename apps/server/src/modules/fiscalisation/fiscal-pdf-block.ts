import { fiscalQrUrl } from '@erp/domain';
import bwipjs from 'bwip-js/node';
import type { Tx } from '../../db/database.ts';
import { CONTENT_WIDTH, PAGE, type Pdf } from '../../pdf/pdf-document.ts';
import { fiscalOfDocument } from './fiscal.repo.ts';

// What a fiscalised invoice prints (spec 2.7 and Zakon o fiskalizaciji): the ZKI, the JIR — or,
// issued while CIS did not answer, that it is delivered later — and the verification QR code
// (at least 2 × 2 cm, quiet zone, error correction L or better; the link carries the JIR, or the
// ZKI while no JIR is known). The invoice PDF is frozen at issue, so this prints what was known
// then. Called from the invoice renderer (documents.pdf.ts) with one line.

const QR_SIZE = 72; // points: 2.54 cm

/** Draws the fiscal block of an invoice or credit note at `y`; returns the next free y (unchanged when not fiscalised). */
export async function drawFiscalBlock(
  tx: Tx,
  pdf: Pdf,
  doc: { id: string; kind: string },
  y: number,
): Promise<number> {
  if (doc.kind !== 'invoice' && doc.kind !== 'credit_note') return y;
  const fiscal = await fiscalOfDocument(tx, doc.id);
  if (!fiscal) return y;
  const url = fiscalQrUrl({
    jir: fiscal.jir,
    zki: fiscal.zki,
    issuedAt: new Date(fiscal.issued_at),
    total: fiscal.amount,
  });
  // Error correction M (the spec asks for L at least); bwip-js takes it as `eclevel`.
  const options = { bcid: 'qrcode', text: url, eclevel: 'M', scale: 3, paddingwidth: 2, paddingheight: 2 };
  const qr = await bwipjs.toBuffer(options as unknown as Parameters<typeof bwipjs.toBuffer>[0]);
  const top = Math.min(y + 6, PAGE.height - PAGE.margin - QR_SIZE - 20);
  pdf.image(qr, PAGE.margin, top, { width: QR_SIZE, height: QR_SIZE });
  const x = PAGE.margin + QR_SIZE + 12;
  const width = CONTENT_WIDTH - QR_SIZE - 12;
  pdf.font('regular').fontSize(8.5);
  pdf.text(`ZKI: ${fiscal.zki}`, x, top + 4, { width });
  pdf.text(
    fiscal.jir
      ? `JIR: ${fiscal.jir}`
      : 'JIR: naknadna dostava (račun izdan bez JIR-a, dostavlja se naknadno)',
    x,
    pdf.y + 2,
    { width },
  );
  pdf
    .fontSize(7.5)
    .text('Provjera računa: skenirajte QR kod ili posjetite porezna.gov.hr/rn', x, pdf.y + 2, { width });
  return Math.max(top + QR_SIZE + 8, pdf.y + 8);
}

/**
 * A quote or pro-forma carries payment data but is not an invoice: it says so (Zakon o
 * fiskalizaciji: only a fiscalised invoice may be presented as one).
 */
export function drawNotFiscalisedNote(pdf: Pdf, y: number): number {
  pdf
    .font('regular')
    .fontSize(8.5)
    .text('Ovo nije fiskalizirani račun.', PAGE.margin, y, { width: CONTENT_WIDTH });
  return pdf.y + 8;
}
