import { AppError } from '@erp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import { inCompany } from '../../http/access.ts';
import type { Deps } from '../../http/context.ts';
import { createPdf, PAGE, type Pdf, toBuffer } from '../../pdf/pdf-document.ts';
import { type Label, type LabelKind, labelRows } from './labels.repo.ts';

/**
 * Labels for the warehouse scanner (issue 12): items, lots and locations on an A4 sheet of
 * 3 × 8 labels (70 × 37 mm), each with a QR code of the plain code the scan screens read — the
 * SKU, the lot number, the location code — and the same code and a name in print.
 */

const COLS = 3;
const ROWS = 8;
const MM = 72 / 25.4;
const LABEL_W = 70 * MM;
const LABEL_H = 37 * MM;
const TOP = (PAGE.height - ROWS * LABEL_H) / 2;

export async function loadLabels(tx: Tx, kind: LabelKind, ids: readonly string[]): Promise<Label[]> {
  const rows = await labelRows(tx, kind, ids);
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', 'Naljepnica nije pronađena');
  return rows;
}

/** The QR code as vector squares: sharp at any printer resolution, no image decoding. */
function drawCode(pdf: Pdf, text: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = side / modules.size;
  pdf.save().fillColor('#000000');
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) pdf.rect(x + c * cell, y + r * cell, cell, cell);
  pdf.fill().restore();
}

export async function renderLabels(labels: readonly Label[], copies = 1): Promise<Buffer> {
  const pdf = createPdf({ title: 'Naljepnice', author: 'Pogon ERP' });
  const all = labels.flatMap((l) => Array.from({ length: copies }, () => l));
  for (const [i, label] of all.entries()) {
    const slot = i % (COLS * ROWS);
    if (i > 0 && slot === 0) pdf.addPage();
    const x = (PAGE.width - COLS * LABEL_W) / 2 + (slot % COLS) * LABEL_W;
    const y = TOP + Math.floor(slot / COLS) * LABEL_H;
    const side = LABEL_H - 12;
    drawCode(pdf, label.code, x + 6, y + 6, side);
    const tx = x + side + 12;
    const width = LABEL_W - side - 18;
    pdf
      .font('bold')
      .fontSize(11)
      .text(label.code, tx, y + 10, { width, lineBreak: false, ellipsis: true });
    pdf
      .font('regular')
      .fontSize(8)
      .text(label.title, tx, y + 28, { width, height: 30, ellipsis: true });
    if (label.subtitle)
      pdf.fontSize(7).text(label.subtitle, tx, y + LABEL_H - 16, { width, lineBreak: false });
  }
  return toBuffer(pdf);
}

/** GET /api/inventory/labels/:kind?ids=a,b&copies=n → application/pdf */
export function labelRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/inventory/labels/:kind',
      {
        config: { access: 'company.read' },
        schema: {
          tags: ['inventory'],
          summary: 'Labels with QR codes (items, lots, locations) as a PDF sheet of 3 × 8',
          params: z.object({ kind: z.enum(['item', 'lot', 'location']) }),
          querystring: z.object({
            ids: z
              .string()
              .transform((s) => s.split(',').filter(Boolean))
              .pipe(z.array(z.uuid()).min(1).max(240)),
            copies: z.coerce.number().int().min(1).max(24).optional().default(1),
          }),
        },
      },
      async (request, reply) => {
        const { kind } = request.params;
        const labels = await inCompany(deps, request, (tx) => loadLabels(tx, kind, request.query.ids));
        const body = await renderLabels(labels, request.query.copies);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="naljepnice-${kind}.pdf"`)
          .send(body);
      },
    );
  };
}
