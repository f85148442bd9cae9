import { angleText, type CutResult, planFigures } from '@erp/domain';
import QRCode from 'qrcode';
import { CONTENT_WIDTH, createPdf, PAGE, type Pdf, toBuffer } from '../../pdf/pdf-document.ts';
import type { JobRow } from './cutting.repo.ts';

/**
 * Printable cutting sheet: one page per sheet/bar layout drawn to scale (pieces with their ids,
 * offcuts kept as stock in green with their size, other offcuts grey), then label pages: one label per piece with id, order, size and a QR code
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
  // The same figures as the job page (waste without the offcuts that go back to stock).
  const figures = planFigures(job.input, plan);
  const comma = (n: string) => n.replace('.', ',');
  plan.layouts.forEach((layout, i) => {
    if (i > 0) doc.addPage();
    const f = figures.layouts[i] as (typeof figures.layouts)[number];
    const keptAt = new Map(f.kept.map((k) => [k.index, k]));
    const unit = plan.kind === '1d' ? 'm' : 'm²';
    doc.font('bold').fontSize(13).text(`Krojna lista ${job.number} · ${job.name}`, PAGE.margin, PAGE.margin);
    doc
      .font('regular')
      .fontSize(9)
      .text(
        `${plan.kind === '1d' ? 'Šipka' : 'Ploča'} ${i + 1}/${plan.layouts.length} · ${layout.stockId} · otpad ${comma(f.wastePercent)} % · ostatak na skladište ${comma(f.offcutMeasure)} ${unit} (${comma(f.offcutPercent)} %) · ukupno ${plan.layouts.length} (donja granica ${plan.lowerBound}), otpad ${comma(figures.total.wastePercent)} %, ostaci ${comma(figures.total.offcutMeasure)} ${unit}`,
      );
    const top = doc.y + 10;
    if (plan.kind === '1d' && 'length' in layout) {
      const scale = CONTENT_WIDTH / layout.length;
      const h = 40;
      doc.rect(PAGE.margin, top, CONTENT_WIDTH, h).lineWidth(1).stroke('#000000');
      layout.offcuts.forEach((o, k) => {
        const kept = keptAt.get(k);
        const box = {
          x: PAGE.margin + o.x * scale,
          y: top,
          width: (kept?.length ?? o.length) * scale,
          height: h,
        };
        doc.rect(box.x, box.y, o.length * scale, h).fill('#dddddd');
        if (!kept) return;
        doc.rect(box.x, box.y, box.width, h).fill('#bbf7d0');
        pieceLabel(doc, [`Ostatak → skladište\n${kept.length} mm`, `${kept.length}`], box, 7);
      });
      layout.placements.forEach((p, k) => {
        doc
          .rect(PAGE.margin + p.x * scale, top, p.length * scale, h)
          .lineWidth(0.5)
          .fillAndStroke('#dbeafe', '#1e3a8a');
        pieceLabel(
          doc,
          [`${p.pieceId}\n${p.length}\n${barOf.get(p.pieceId)?.angles ?? ''}`, `${k + 1}`],
          { x: PAGE.margin + p.x * scale, y: top, width: p.length * scale, height: h },
          7,
        );
      });
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
      layout.offcuts.forEach((o, k) => {
        const box = {
          x: x0 + o.x * scale,
          y: top + o.y * scale,
          width: o.width * scale,
          height: o.height * scale,
        };
        const kept = keptAt.get(k);
        doc.rect(box.x, box.y, box.width, box.height).fill(kept ? '#bbf7d0' : '#dddddd');
        if (kept)
          pieceLabel(
            doc,
            [`Ostatak → skladište\n${kept.length} × ${kept.width}`, `${kept.length} × ${kept.width}`],
            box,
            6.5,
          );
      });
      layout.placements.forEach((p, k) => {
        doc
          .rect(x0 + p.x * scale, top + p.y * scale, p.width * scale, p.height * scale)
          .lineWidth(0.5)
          .fillAndStroke('#dbeafe', '#1e3a8a');
        pieceLabel(
          doc,
          [`${p.pieceId}\n${p.width}×${p.height}${p.rotated ? ' ↻' : ''}`, `${k + 1}`],
          { x: x0 + p.x * scale, y: top + p.y * scale, width: p.width * scale, height: p.height * scale },
          6.5,
        );
      });
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

/**
 * The first text of `choices` that fits inside the piece's rectangle (measured: wrapped width and
 * height at `size`), else none: the piece is named by its row number in the table below, and a
 * piece too small even for that stays unlabelled rather than printing over its neighbours.
 */
function pieceLabel(
  doc: Pdf,
  choices: string[],
  box: { x: number; y: number; width: number; height: number },
  size: number,
) {
  const pad = 2;
  const width = box.width - 2 * pad;
  const height = box.height - 2 * pad;
  if (width <= 0 || height <= 0) return;
  doc.fillColor('#000000').font('regular').fontSize(size);
  for (const text of choices) {
    const fitsWidth = text.split('\n').every((line) => doc.widthOfString(line) <= width);
    if (!fitsWidth || doc.heightOfString(text, { width }) > height) continue;
    doc.text(text, box.x + pad, box.y + pad, { width, lineBreak: false });
    return;
  }
}

/**
 * A table whose cells wrap inside their column: each row is as tall as its tallest cell (measured
 * with `heightOfString`), so a long name never runs into the next row; a row that would cross the
 * foot of the page starts a new page under a repeated header.
 */
function table(doc: Pdf, head: string[], rows: string[][]) {
  const widths = [22, 70, 250, 110, CONTENT_WIDTH - 452];
  const pad = 2;
  const heightOf = (cells: string[]) =>
    Math.max(
      ...cells.map((c, i) => doc.heightOfString(c || ' ', { width: (widths[i] as number) - 2 * pad })),
    ) +
    2 * pad;
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(8);
    const h = heightOf(cells);
    if (doc.y + h > PAGE.height - PAGE.margin) {
      doc.addPage();
      doc.y = PAGE.margin;
      if (!bold) draw(head, true);
      doc.font('regular').fontSize(8);
    }
    const y = doc.y;
    let x = PAGE.margin;
    cells.forEach((c, i) => {
      doc.text(c, x + pad, y + pad, { width: (widths[i] as number) - 2 * pad });
      x += widths[i] as number;
    });
    doc
      .moveTo(PAGE.margin, y + h)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y + h)
      .lineWidth(0.3)
      .stroke('#cccccc');
    doc.y = y + h;
  };
  draw(head, true);
  for (const r of rows) draw(r, false);
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
        // Kept above the line at the foot of the label (where the piece belongs).
        { width: w - 90, height: h - 24 - 20, ellipsis: true },
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
