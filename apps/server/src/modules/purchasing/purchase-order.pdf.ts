import { unitSymbol } from '@erp/domain';
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
  totals,
} from '../../pdf/pdf-document.ts';
import { hrDate, hrMoney, hrNumber, hrQuantity } from '../../pdf/pdf-format.ts';
import { findPartner } from '../partners/partners.service.ts';
import { getOrder } from './purchasing.service.ts';

const fmtAddress = (a: { street: string | null; postal_code: string | null; city: string | null } | null) =>
  a ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';

/** The printed purchase order (narudžbenica), in Croatian with Croatian number and date formats. */
export async function purchaseOrderPdf(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await getOrder(tx, id);
  const company = await companyBlock(tx, companyId);
  const supplier = await findPartner(tx, 'supplier', order.supplier_id);
  const title = order.number ? `Narudžbenica ${order.number}` : 'Narudžbenica (nacrt)';
  const doc = createPdf({ title, author: company.name });

  let y = companyHeader(doc, company);
  doc.font('bold').fontSize(16).text(title.toUpperCase(), PAGE.margin, y);
  y = doc.y + 6;
  doc.font('regular').fontSize(9);
  const left = PAGE.margin;
  const half = CONTENT_WIDTH / 2;
  doc.font('bold').text('Dobavljač', left, y);
  doc.font('regular');
  for (const l of [
    supplier?.name ?? order.supplier_name,
    fmtAddress(supplier?.billing_address ?? null),
    supplier?.oib ? `OIB: ${supplier.oib}` : '',
    supplier?.vat_id ? `PDV ID: ${supplier.vat_id}` : '',
    supplier?.email ?? '',
  ].filter(Boolean))
    doc.text(l, left, doc.y, { width: half - 10 });
  const leftBottom = doc.y;
  doc.font('bold').text('Podaci o narudžbi', left + half, y);
  doc.font('regular');
  for (const [k, v] of [
    ['Broj', order.number ?? 'nacrt'],
    ['Datum narudžbe', hrDate(order.ordered_on ?? order.created_at)],
    ['Očekivana isporuka', hrDate(order.expected_on) || '—'],
  ])
    doc.text(`${k}: ${v}`, left + half, doc.y, { width: half });
  y = Math.max(leftBottom, doc.y) + 14;

  const rows = order.lines.map((l, i) => [
    `${i + 1}.`,
    l.sku,
    l.description ? `${l.item_name}\n${l.description}` : l.item_name,
    hrQuantity(l.quantity),
    unitSymbol(l.unit),
    hrNumber(l.unit_price, Math.max(2, (l.unit_price.split('.')[1] ?? '').length)),
    `${hrNumber(l.vat_rate)} %`,
    hrMoney(l.net),
  ]);
  y = table(
    doc,
    [
      { header: 'R.br.', width: 32 },
      { header: 'Šifra', width: 70 },
      { header: 'Naziv', width: 165 },
      { header: 'Količina', width: 55, align: 'right' },
      { header: 'JM', width: 32 },
      { header: 'Cijena', width: 60, align: 'right' },
      { header: 'PDV', width: 40, align: 'right' },
      { header: 'Iznos (EUR)', width: CONTENT_WIDTH - 454, align: 'right' },
    ],
    rows,
    y,
  );
  y = totals(
    doc,
    [
      ['Osnovica', `${hrMoney(order.net_total)} EUR`],
      ...order.vat.map((g): [string, string] => [
        `PDV ${hrNumber(g.rate)} % na ${hrMoney(g.base)}`,
        `${hrMoney(g.vat)} EUR`,
      ]),
      ['Ukupno za platiti', `${hrMoney(order.total)} EUR`],
    ],
    y,
  );
  if (order.note) {
    doc.font('bold').text('Napomena', PAGE.margin, y);
    doc.font('regular').text(order.note, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    y = doc.y + 10;
  }
  signatureLines(doc, ['Narudžbu izdao', 'Potvrda dobavljača'], y);
  pageNumbers(doc);
  const pdf = await toBuffer(doc);
  const filename = `${(order.number ?? 'narudzbenica-nacrt').replace(/[^\w.-]+/g, '_')}.pdf`;
  return { filename, pdf };
}
