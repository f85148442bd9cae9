// Labels inside a drawn piece: the first text that fits the piece's rectangle when measured, else
// none (the piece is then named by its number in the legend under the drawing). Pure, so it is
// tested without a browser; the measuring function comes from the caller (a canvas in the page).

export type LabelBox = { x: number; y: number; width: number; height: number };
/** Width of one line of text at a font size, in the same units as the box. */
export type Measure = (text: string, fontSize: number) => number;
export type FittedLabel = { lines: string[]; fontSize: number; lineHeight: number };

/** One line of text takes this many font sizes vertically (glyph box plus a little air). */
export const LINE_HEIGHT = 1.3;
/** Free space kept between the text and the piece's edge, in font sizes. */
const PAD = 0.25;

/**
 * The first of `choices` (each one or more lines) that fits inside `box` at the largest font size
 * between `maxFont` and `minFont` at which any of them fits (a bigger font beats an earlier
 * choice: two lines at full size rather than one line shrunk), or null when none does.
 */
export function fitLabel(
  choices: readonly (readonly string[])[],
  box: LabelBox,
  maxFont: number,
  minFont: number,
  measure: Measure,
): FittedLabel | null {
  for (let size = maxFont; size >= minFont * 0.999; size *= 0.85) {
    for (const lines of choices) {
      const width = Math.max(...lines.map((l) => measure(l, size)));
      const height = lines.length * size * LINE_HEIGHT;
      if (width + 2 * PAD * size <= box.width && height + 2 * PAD * size <= box.height)
        return { lines: [...lines], fontSize: size, lineHeight: size * LINE_HEIGHT };
    }
  }
  return null;
}

/** The font the drawings use, and so the one text is measured in. */
export const LABEL_FONT = 'Arial, Helvetica, sans-serif';

let context: CanvasRenderingContext2D | null | undefined;

/**
 * Measures with a canvas in the drawing's font (at 100 px, scaled: glyph widths are linear in the
 * size), plus 5 % for rounding; where no canvas exists (tests without a browser), a wide estimate.
 */
export const measureText: Measure = (text, fontSize) => {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (!context) return text.length * fontSize * 0.7;
  context.font = `100px ${LABEL_FONT}`;
  return (context.measureText(text).width / 100) * fontSize * 1.05;
};
