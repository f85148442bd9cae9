import { describe, expect, it } from 'vitest';
import { cssSum, enterMove, pinOffsets, trackMin } from './grid-model.ts';

describe('enterMove', () => {
  const base = { index: 0, rows: 3, col: 'height_mm', itemCol: 'item', filled: true, canAdd: true };

  it('a filled line goes to the next line’s item cell', () => {
    expect(enterMove(base)).toEqual({ index: 1, col: 'item', add: false });
  });

  it('a filled last line adds a line and goes to its item cell', () => {
    expect(enterMove({ ...base, index: 2 })).toEqual({ index: 3, col: 'item', add: true });
  });

  it('a line not filled yet moves down the same column', () => {
    expect(enterMove({ ...base, filled: false })).toEqual({ index: 1, col: 'height_mm', add: false });
  });

  it('a fixed grid (count sheet) keeps the column and stays on the last line', () => {
    const fixed = { ...base, col: 'counted', itemCol: undefined, canAdd: false };
    expect(enterMove(fixed)).toEqual({ index: 1, col: 'counted', add: false });
    expect(enterMove({ ...fixed, index: 2 })).toBeNull();
  });

  it('a fixed grid with an item column never jumps to it', () => {
    expect(enterMove({ ...base, canAdd: false })).toEqual({ index: 1, col: 'height_mm', add: false });
  });
});

describe('track layout', () => {
  it('takes the least size of a track', () => {
    expect(trackMin('14rem')).toBe('14rem');
    expect(trackMin('minmax(8rem, 1fr)')).toBe('8rem');
    expect(trackMin('1fr')).toBe('0px');
    expect(trackMin('minmax(auto, 2fr)')).toBe('0px');
  });

  it('sums lengths in CSS', () => {
    expect(cssSum([])).toBe('0px');
    expect(cssSum(['2rem'])).toBe('2rem');
    expect(cssSum(['2rem', '3px'])).toBe('calc(2rem + 3px)');
  });

  it('pins start tracks after the pinned ones before them and end tracks before those after them', () => {
    expect(
      pinOffsets([
        { width: '2.5rem', pin: 'start' },
        { width: '14rem', pin: 'start' },
        { width: '5rem' },
        { width: '7.5rem', pin: 'end' },
        { width: '2.5rem', pin: 'end' },
      ]),
    ).toEqual([{ left: '0px' }, { left: '2.5rem' }, {}, { right: '2.5rem' }, { right: '0px' }]);
  });
});
