import { describe, expect, it } from 'vitest';
import { fitLabel, LINE_HEIGHT, type Measure } from './label-fit.ts';

// A fixed-width font of its own: every character is 0.6 of the font size wide.
const mono: Measure = (text, size) => text.length * 0.6 * size;

describe('fitLabel', () => {
  const choices = [['P12 1200×800'], ['P12', '1200×800'], ['3: P12'], ['3']];

  it('takes the full one-line label at the largest size when the piece is wide enough', () => {
    // 12 characters × 0.6 × 40 = 288 wide, plus 2 × 10 padding = 308 ≤ 400; 52 + 20 ≤ 300.
    expect(fitLabel(choices, { x: 0, y: 0, width: 400, height: 300 }, 40, 20, mono)).toEqual({
      lines: ['P12 1200×800'],
      fontSize: 40,
      lineHeight: 40 * LINE_HEIGHT,
    });
  });

  it('breaks the label in two lines on a narrow, tall piece, and a number on a small one', () => {
    // 8 characters × 0.6 × 40 = 192 + 20 ≤ 220, two lines 104 + 20 ≤ 300; one line would be 308.
    expect(fitLabel(choices, { x: 0, y: 0, width: 220, height: 300 }, 40, 20, mono)?.lines).toEqual([
      'P12',
      '1200×800',
    ]);
    const small = fitLabel(choices, { x: 0, y: 0, width: 30, height: 30 }, 40, 10, mono);
    expect(small?.lines).toEqual(['3']);
  });

  it('whatever it returns fits inside the box; nothing when even the smallest size does not', () => {
    for (const box of [
      { x: 0, y: 0, width: 90, height: 25 },
      { x: 0, y: 0, width: 500, height: 18 },
      { x: 0, y: 0, width: 61, height: 200 },
    ]) {
      const f = fitLabel(choices, box, 40, 8, mono);
      if (!f) continue;
      expect(Math.max(...f.lines.map((l) => mono(l, f.fontSize)))).toBeLessThanOrEqual(box.width);
      expect(f.lines.length * f.lineHeight).toBeLessThanOrEqual(box.height);
      expect(f.fontSize).toBeGreaterThanOrEqual(8);
    }
    expect(fitLabel(choices, { x: 0, y: 0, width: 5, height: 5 }, 40, 8, mono)).toBeNull();
  });
});
