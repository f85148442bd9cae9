import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';

// For tests: what a PDF shows and where, read back with pdf.js (the same reader as the text
// extraction the other PDF tests use). Boxes are in PDF points with y growing upwards.

export type Box = { page: number; x0: number; y0: number; x1: number; y1: number };
export type TextBox = Box & { text: string };

// pdf.js copies image data with ArrayBuffer.prototype.transferToFixedLength, which Node 20 lacks;
// without it the drawing operators of a page with an image are skipped.
if (!('transferToFixedLength' in ArrayBuffer.prototype))
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/** Every non-empty text run with its box (baseline − 20 % of the size up to 80 % above it). */
export async function textBoxes(pdf: Buffer | Uint8Array): Promise<TextBox[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const out: TextBox[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , d, e, f] = item.transform as Matrix;
      const size = Math.abs(d) || item.height;
      out.push({
        page: p,
        text: item.str,
        x0: e,
        x1: e + item.width,
        y0: f - 0.2 * size,
        y1: f + 0.8 * size,
      });
    }
  }
  return out;
}

/** The box of every image drawn (logos, QR codes, barcodes), from the page's drawing operators. */
export async function imageBoxes(pdf: Buffer | Uint8Array): Promise<Box[]> {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const out: Box[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const ops = await (await doc.getPage(p)).getOperatorList();
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    const stack: Matrix[] = [];
    ops.fnArray.forEach((fn, i) => {
      const args = ops.argsArray[i] as unknown[];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
      else if (fn === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
        // An image fills the unit square of the current matrix.
        const xs = [ctm[4], ctm[4] + ctm[0], ctm[4] + ctm[2], ctm[4] + ctm[0] + ctm[2]];
        const ys = [ctm[5], ctm[5] + ctm[1], ctm[5] + ctm[3], ctm[5] + ctm[1] + ctm[3]];
        out.push({
          page: p,
          x0: Math.min(...xs),
          x1: Math.max(...xs),
          y0: Math.min(...ys),
          y1: Math.max(...ys),
        });
      }
    });
  }
  return out;
}

/** True when two boxes on the same page share more than a sliver (0.5 pt) in both directions. */
export function overlaps(a: Box, b: Box, tolerance = 0.5): boolean {
  return (
    a.page === b.page &&
    Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > tolerance &&
    Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > tolerance
  );
}

/** Pairs of text runs drawn over each other. */
export function overprinted(boxes: readonly TextBox[]): [TextBox, TextBox][] {
  const pairs: [TextBox, TextBox][] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as TextBox;
      const b = boxes[j] as TextBox;
      if (overlaps(a, b)) pairs.push([a, b]);
    }
  return pairs;
}

/** Text runs grouped into printed lines (same page and baseline), each line's runs left to right. */
export function printedLines(boxes: readonly TextBox[]): string[][] {
  const lines: { page: number; y: number; runs: TextBox[] }[] = [];
  for (const b of boxes) {
    const line = lines.find((l) => l.page === b.page && Math.abs(l.y - b.y0) < 1);
    if (line) line.runs.push(b);
    else lines.push({ page: b.page, y: b.y0, runs: [b] });
  }
  lines.sort((a, b) => a.page - b.page || b.y - a.y);
  return lines.map((l) => l.runs.sort((a, b) => a.x0 - b.x0).map((r) => r.text.trim()));
}
