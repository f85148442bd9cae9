import { AppError } from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { companyBlock } from '../../pdf/company-profile.ts';
import {
  CONTENT_WIDTH,
  companyHeader,
  createPdf,
  PAGE,
  pageNumbers,
  signatureLines,
  table,
  toBuffer,
} from '../../pdf/pdf-document.ts';
import { hrDate, hrQuantity } from '../../pdf/pdf-format.ts';
import * as repo from './inventory.repo.ts';

const signed = (q: string) =>
  (new Decimal(q).isPositive() && !new Decimal(q).isZero() ? '+' : '') + hrQuantity(q);

/**
 * The printed count sheet (inventurna lista), in Croatian like the other PDFs: a draft prints the
 * book quantity and an empty box to write the count in; counted and posted lines print the count,
 * the book quantity at counting and the difference that is (or was) posted.
 */
export async function countSheetPdf(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const count = await repo.getCount(tx, id);
  if (!count) throw new AppError('NOT_FOUND', 'Inventura nije pronađena');
  const company = await companyBlock(tx, companyId);
  const title = `Inventurna lista ${count.location_code}`;
  const doc = createPdf({ title, author: company.name });

  let y = companyHeader(doc, company);
  doc.font('bold').fontSize(16).text(title.toUpperCase(), PAGE.margin, y);
  doc.font('regular').fontSize(9);
  for (const line of [
    `Lokacija: ${count.location_code} ${count.location_name}`,
    `Otvorena: ${hrDate(count.created_at)}`,
    count.status === 'posted' ? `Proknjižena: ${hrDate(count.posted_at)}` : 'Status: u tijeku',
    count.note ? `Napomena: ${count.note}` : '',
  ].filter(Boolean))
    doc.text(line, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  y = doc.y + 12;

  const rows = count.lines.map((l, i) => [
    `${i + 1}.`,
    l.sku,
    l.item_name,
    l.lot_number ?? '',
    l.base_unit,
    hrQuantity(l.book_qty ?? l.expected_qty),
    l.counted_qty === null ? '' : hrQuantity(l.counted_qty),
    l.difference === null ? '' : signed(l.difference),
  ]);
  y = table(
    doc,
    [
      { header: 'R.br.', width: 30 },
      { header: 'Šifra', width: 70 },
      { header: 'Naziv', width: 150 },
      { header: 'Lot', width: 60 },
      { header: 'JM', width: 30 },
      { header: 'Knjižno', width: 55, align: 'right' },
      { header: 'Prebrojano', width: 60, align: 'right' },
      { header: 'Razlika', width: CONTENT_WIDTH - 455, align: 'right' },
    ],
    rows,
    y,
  );
  signatureLines(doc, ['Brojao', 'Kontrolirao'], y + 20);
  pageNumbers(doc);
  const pdf = await toBuffer(doc);
  const filename = `inventura-${count.location_code}-${count.created_at.slice(0, 10)}`.replace(
    /[^\w.-]+/g,
    '_',
  );
  return { filename: `${filename}.pdf`, pdf };
}
