import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * Shared PDF building blocks for every printed document (purchase orders, quotes, work orders,
 * delivery notes, invoices): A4 pages, an embedded Unicode font (DejaVu Sans, so č ć đ š ž print
 * correctly), the company header with logo, a simple table, totals and signature lines.
 * Built on pdfkit; a document is returned as one Buffer.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const FONTS = {
  regular: join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};

export const PAGE = { margin: 40, width: 595.28, height: 841.89 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export type Pdf = InstanceType<typeof PDFDocument>;

export type CompanyBlock = {
  name: string | null;
  address: string | null;
  oib: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  ibans: string[];
  logo: Buffer | null;
  /** Further lines under the OIB, e.g. the seller's VAT ID on an invoice. */
  extra?: string[];
};

export function createPdf(meta: { title: string; author?: string | null }): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: meta.title, Author: meta.author ?? undefined, Producer: 'Pogon ERP' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular').fontSize(9);
  return doc;
}

export function toBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Company logo (left) and details (right), then a rule; returns the y below it. */
export function companyHeader(doc: Pdf, c: CompanyBlock): number {
  const top = PAGE.margin;
  let logoBottom = top;
  if (c.logo) {
    try {
      doc.image(c.logo, PAGE.margin, top, { fit: [140, 60] });
      logoBottom = top + 60;
    } catch {
      // An unreadable logo must not stop the document.
    }
  }
  const x = PAGE.margin + 260;
  const width = CONTENT_WIDTH - 260;
  doc
    .font('bold')
    .fontSize(11)
    .text(c.name ?? '', x, top, { width, align: 'right' });
  doc.font('regular').fontSize(8.5);
  const lines = [
    c.address,
    c.oib ? `OIB: ${c.oib}` : null,
    ...(c.extra ?? []),
    [c.phone ? `Tel: ${c.phone}` : null, c.email].filter(Boolean).join(' · ') || null,
    c.website,
    ...c.ibans.map((i) => `IBAN: ${i}`),
  ].filter((l): l is string => !!l);
  for (const l of lines) doc.text(l, x, doc.y, { width, align: 'right' });
  const bottom = Math.max(doc.y, logoBottom) + 8;
  doc
    .moveTo(PAGE.margin, bottom)
    .lineTo(PAGE.width - PAGE.margin, bottom)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.strokeColor('#000000');
  return bottom + 12;
}

export type Column = { header: string; width: number; align?: 'left' | 'right' | 'center' };

/** A table with a bold header row; rows wrap their text, and a new page repeats the header. */
export function table(doc: Pdf, columns: Column[], data: string[][], startY: number): number {
  const padding = 3;
  let y = startY;
  const drawHeader = () => {
    doc.font('bold').fontSize(8);
    let x = PAGE.margin;
    const h =
      Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * padding }))) +
      2 * padding;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, h).fillColor('#eeeeee').fill().fillColor('#000000');
    for (const c of columns) {
      doc.text(c.header, x + padding, y + padding, {
        width: c.width - 2 * padding,
        align: c.align ?? 'left',
      });
      x += c.width;
    }
    y += h;
    doc.font('regular').fontSize(8.5);
  };
  drawHeader();
  for (const row of data) {
    const h =
      Math.max(
        ...row.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 50) - 2 * padding })),
      ) +
      2 * padding;
    if (y + h > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = PAGE.margin;
      drawHeader();
    }
    let x = PAGE.margin;
    row.forEach((cell, i) => {
      const c = columns[i] as Column;
      doc.text(cell, x + padding, y + padding, { width: c.width - 2 * padding, align: c.align ?? 'left' });
      x += c.width;
    });
    y += h;
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
    doc.strokeColor('#000000');
  }
  return y + 8;
}

/** Label/value pairs right-aligned under a table; the last one bold. */
export function totals(doc: Pdf, pairs: [string, string][], y: number): number {
  const labelX = PAGE.width - PAGE.margin - 250;
  let cy = y;
  pairs.forEach(([label, value], i) => {
    const last = i === pairs.length - 1;
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 10 : 9);
    doc.text(label, labelX, cy, { width: 150, align: 'right' });
    doc.text(value, labelX + 150, cy, { width: 100, align: 'right' });
    cy = doc.y + 2;
  });
  doc.font('regular').fontSize(9);
  return cy + 6;
}

export function signatureLines(doc: Pdf, labels: string[], y: number): void {
  const width = CONTENT_WIDTH / labels.length;
  const lineY = Math.min(Math.max(y + 40, PAGE.height - PAGE.margin - 60), PAGE.height - PAGE.margin - 30);
  labels.forEach((label, i) => {
    const x = PAGE.margin + i * width + 10;
    doc
      .moveTo(x, lineY)
      .lineTo(x + width - 20, lineY)
      .lineWidth(0.5)
      .stroke();
    doc.fontSize(8).text(label, x, lineY + 4, { width: width - 20, align: 'center' });
  });
}

/** "Stranica 1/2" at the foot of every page (the document must be built with bufferPages). */
export function pageNumbers(doc: Pdf, label = 'Stranica'): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7.5).fillColor('#666666');
    doc.text(`${label} ${i + 1}/${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 10, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('#000000');
    doc.page.margins.bottom = bottom;
  }
}
