import { describe, expect, it } from 'vitest';
import { withPieceSize } from './errors.ts';

describe('a cutting refusal names the piece with its size', () => {
  const pane = { ref: 'XL', width: 3210, height: 2250, quantity: 1, rotate: true };
  const bar = { ref: 'L', length: 6500, quantity: 2, rotate: true };

  it('adds the pane size (W × H) or the bar length of the named piece', () => {
    const tooLarge = { field: 'pieces', key: 'validation.cuttingPieceTooLarge', params: { piece: 'XL' } };
    expect(withPieceSize(tooLarge, { kind: '2d', pieces: [pane] as never })).toEqual({
      ...tooLarge,
      params: { piece: 'XL', size: '3210 × 2250' },
    });
    const tooLong = { field: 'pieces', key: 'validation.cuttingPieceTooLong', params: { piece: 'L' } };
    expect(withPieceSize(tooLong, { kind: '1d', pieces: [bar] as never }).params).toEqual({
      piece: 'L',
      size: '6500',
    });
  });

  it('leaves an issue without a known piece as it is', () => {
    const short = { field: 'stock', key: 'validation.cuttingStockShort' };
    expect(withPieceSize(short, { kind: '2d', pieces: [pane] as never })).toBe(short);
    const unknown = { field: 'pieces', key: 'validation.cuttingPieceTooLarge', params: { piece: 'NN' } };
    expect(withPieceSize(unknown, { kind: '2d', pieces: [pane] as never })).toBe(unknown);
  });
});
