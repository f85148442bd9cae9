import { angleText, type CutResult } from '@erp/domain';
import QRCode from 'qrcode';
import { CONTENT_WIDTH, createPdf, PAGE, type Pdf, toBuffer } from '../../pdf/pdf-document.ts';
import type { JobRow } from './cutting.repo.ts';

/**
 * Printable cutting sheet: one page per sheet/bar layout drawn to scale (pieces with their ids,
 * offcuts hatched grey), then label pages: one label per piece with id, order, size and a QR code
 * carrying "job/number/piece" for scanning at the saw.
 */
export async function cuttingSheetPdf(job: JobRow, plan: CutResult): Promise<Buffer> {
  // The shared helper needs an author (pdfkit fails on an undefined info field).
  const doc = createPdf({ title: `Krojna lista ${job.number}`, author: job.name });
  const orderOf = new Map(job.input.pieces.map((p) => [p.ref, p.order_ref ?? '']));
  // Where a piece belongs: its label (order / line · product for work-order pieces), else the order.
  const whereOf = new Map(job.input.pieces.map((p) => [p.ref, p.label || p.order_ref || '']));
  // Bars: the saw angles of both ends, and the outer length when the cut length adds a weld allowance.
  const barOf = new Map(job.input.pieces.map((p) => [p.ref, { angles: angleText(p), outer: p.length ?? 0 }]));
  const barText = (id: string, length: number) => {
    const bar = barOf.get(id);
    if (!bar) return `${length} mm`;
    return `${length} mm · ${bar.angles}${bar.outer !== length ? ` (vanjska ${bar.outer} mm)` : ''}`;
  };
  plan.layouts.forEach((layout, i) => {
    if (i > 0) doc.addPage();
    doc.font('bold').fontSize(13).text(`Krojna lista ${job.number} · ${job.name}`, PAGE.margin, PAGE.margin);
    doc
      .font('regular')
      .fontSize(9)
      .text(
        `${plan.kind === '1d' ? 'Šipka' : 'Ploča'} ${i + 1}/${plan.layouts.length} · ${layout.stockId} · otpad ${layout.wastePercent.toFixed(2)} % · ukupno ${plan.layouts.length} (donja granica ${plan.lowerBound})`,
      );
    const top = doc.y + 10;
    if (plan.kind === '1d' && 'length' in layout) {
      const scale = CONTENT_WIDTH / layout.length;
      const h = 40;
      doc.rect(PAGE.margin, top, CONTENT_WIDTH, h).lineWidth(1).stroke('#000000');
      for (const o of layout.offcuts)
        doc.rect(PAGE.margin + o.x * scale, top, o.length * scale, h).fill('#dddddd');
      for (const p of layout.placements) {
        doc
          .rect(PAGE.margin + p.x * scale, top, p.length * scale, h)
          .lineWidth(0.5)
          .fillAndStroke('#dbeafe', '#1e3a8a');
        doc
          .fillColor('#000000')
          .fontSize(7)
          .text(
            `${p.pieceId}\n${p.length}\n${barOf.get(p.pieceId)?.angles ?? ''}`,
            PAGE.margin + p.x * scale + 2,
            top + 6,
            {
              width: Math.max(10, p.length * scale - 4),
              height: h - 8,
            },
          );
      }
      doc.fillColor('#000000').y = top + h + 12;
      table(
        doc,
        ['#', 'Komad', 'Nalog / stavka · proizvod', 'Rez · kutovi', 'x'],
        layout.placements.map((p, k) => [
          String(k + 1),
          p.pieceId,
          whereOf.get(p.pieceId) ?? '',
          barText(p.pieceId, p.length),
          String(p.x),
        ]),
      );
    } else if (plan.kind === '2d' && 'width' in layout) {
      const maxH = PAGE.height - top - PAGE.margin - 160;
      const scale = Math.min(CONTENT_WIDTH / layout.width, maxH / layout.height);
      const x0 = PAGE.margin;
      doc
        .rect(x0, top, layout.width * scale, layout.height * scale)
        .lineWidth(1)
        .stroke('#000000');
      for (const o of layout.offcuts)
        doc.rect(x0 + o.x * scale, top + o.y * scale, o.width * scale, o.height * scale).fill('#dddddd');
      for (const p of layout.placements) {
        doc
          .rect(x0 + p.x * scale, top + p.y * scale, p.width * scale, p.height * scale)
          .lineWidth(0.5)
          .fillAndStroke('#dbeafe', '#1e3a8a');
        doc
          .fillColor('#000000')
          .fontSize(6.5)
          .text(
            `${p.pieceId}\n${p.width}×${p.height}${p.rotated ? ' ↻' : ''}`,
            x0 + p.x * scale + 2,
            top + p.y * scale + 2,
            {
              width: Math.max(10, p.width * scale - 4),
              height: Math.max(8, p.height * scale - 4),
            },
          );
      }
      doc.fillColor('#000000').y = top + layout.height * scale + 12;
      table(
        doc,
        ['#', 'Komad', 'Nalog / stavka · proizvod', 'Š × V', 'x, y'],
        layout.placements.map((p, k) => [
          String(k + 1),
          p.pieceId,
          whereOf.get(p.pieceId) ?? '',
          `${p.width} × ${p.height}${p.rotated ? ' (okrenut)' : ''}`,
          `${p.x}, ${p.y}`,
        ]),
      );
    }
  });
  await labels(doc, job, plan, orderOf, whereOf, barText);
  return toBuffer(doc);
}

function table(doc: Pdf, head: string[], rows: string[][]) {
  const widths = [22, 100, 230, 100, CONTENT_WIDTH - 452];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > PAGE.height - PAGE.margin - 14) doc.addPage();
    const y = doc.y;
    let x = PAGE.margin;
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    cells.forEach((c, i) => {
      doc.text(c, x, y, { width: (widths[i] as number) - 4, lineBreak: false, ellipsis: true });
      x += widths[i] as number;
    });
    doc.y = y + 12;
  };
  row(head, true);
  for (const r of rows) row(r, false);
}

async function labels(
  doc: Pdf,
  job: JobRow,
  plan: CutResult,
  orderOf: Map<string, string>,
  whereOf: Map<string, string>,
  barText: (id: string, length: number) => string,
) {
  const all: { id: string; size: string; layout: number }[] = [];
  plan.layouts.forEach((l, i) => {
    for (const p of l.placements)
      all.push({
        id: p.pieceId,
        size: 'length' in p ? barText(p.pieceId, p.length) : `${p.width} × ${p.height} mm`,
        layout: i + 1,
      });
  });
  const cols = 3;
  const w = CONTENT_WIDTH / cols;
  const h = 90;
  const perPage = cols * Math.floor((PAGE.height - 2 * PAGE.margin) / h);
  for (let k = 0; k < all.length; k++) {
    if (k % perPage === 0) doc.addPage();
    const slot = k % perPage;
    const x = PAGE.margin + (slot % cols) * w;
    const y = PAGE.margin + Math.floor(slot / cols) * h;
    const label = all[k] as (typeof all)[number];
    doc
      .rect(x + 2, y + 2, w - 4, h - 4)
      .lineWidth(0.5)
      .stroke('#999999');
    drawQr(doc, `KL${job.number}/${label.layout}/${label.id}`, x + 8, y + 10, 68);
    doc
      .fillColor('#000000')
      .font('bold')
      .fontSize(9)
      .text(label.id, x + 82, y + 10, { width: w - 90, lineBreak: false, ellipsis: true });
    doc
      .font('regular')
      .fontSize(8)
      .text(
        `${label.size}\nNalog: ${orderOf.get(label.id) || '—'}\nKL ${job.number} · ${plan.kind === '1d' ? 'šipka' : 'ploča'} ${label.layout}`,
        x + 82,
        y + 24,
        {
          width: w - 90,
        },
      );
    const where = whereOf.get(label.id);
    if (where && where !== orderOf.get(label.id))
      doc.fontSize(7).text(where, x + 8, y + h - 16, { width: w - 16, lineBreak: false, ellipsis: true });
  }
}

function drawQr(doc: Pdf, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell).fill('#000000');
}
