import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseToPieces, pieceMeasure, piecesToBase, pieceUnitKind } from './pieces.ts';

// Expected values are worked out by hand in the comments.
describe('sheets and bars in pieces and in the base unit', () => {
  it('a sheet kept in m² is length × width / 1e6 a piece', () => {
    // 3210 × 2250 = 7 222 500 mm² = 7.2225 m²; two sheets 14.445 m²
    expect(pieceMeasure('m2', { length: 3210, width: 2250 })).toBe('7.2225');
    expect(piecesToBase('m2', { length: 3210, width: 2250 }, 2)).toBe('14.4450');
    expect(piecesToBase('m²', { length: '2440.00', width: '1220.00' }, 10)).toBe('29.7680');
  });

  it('rounds one piece to the ledger scale, so n pieces are n × the rounded piece', () => {
    // 1234 × 567 = 699 678 mm² = 0.699678 m² → 0.6997; three of them 2.0991 (not 2.099034 → 2.0990)
    expect(pieceMeasure('m2', { length: 1234, width: 567 })).toBe('0.6997');
    expect(piecesToBase('m2', { length: 1234, width: 567 }, 3)).toBe('2.0991');
    // 1234.56 mm = 1.23456 m → 1.2346 (half up)
    expect(pieceMeasure('m', { length: '1234.56' })).toBe('1.2346');
  });

  it('a bar kept in m is length / 1000 a piece; in cm and mm likewise', () => {
    expect(pieceMeasure('m', { length: 6500 })).toBe('6.5000');
    expect(piecesToBase('m', { length: 6500 }, 1)).toBe('6.5000');
    expect(piecesToBase('m', { length: 6000, width: null }, 5)).toBe('30.0000');
    expect(pieceMeasure('cm', { length: 6500 })).toBe('650.0000');
    expect(pieceMeasure('mm', { length: 6500 })).toBe('6500.0000');
  });

  it('an item kept in pieces is counted, whatever its size', () => {
    expect(pieceUnitKind('kom')).toBe('piece');
    expect(pieceUnitKind('ploča')).toBe('piece');
    expect(pieceMeasure('kom', { length: 3210, width: 2250 })).toBe('1.0000');
    expect(piecesToBase('kom', { length: 6000 }, 7)).toBe('7.0000');
  });

  it('refuses what the size cannot give', () => {
    expect(pieceUnitKind('kg')).toBe('other');
    expect(pieceMeasure('kg', { length: 6000 })).toBeNull();
    expect(pieceMeasure('m3', { length: 3210, width: 2250 })).toBeNull();
    // an area unit for a bar, a length unit for a sheet, a size that is not positive
    expect(pieceMeasure('m2', { length: 6000 })).toBeNull();
    expect(pieceMeasure('m', { length: 3210, width: 2250 })).toBeNull();
    expect(pieceMeasure('m', { length: 0 })).toBeNull();
    // 7 × 7 mm = 49 mm² = 0.000049 m²: below the ledger's 0.0001 m²; 8 × 8 = 64 mm² rounds to 0.0001
    expect(pieceMeasure('m2', { length: 7, width: 7 })).toBeNull();
    expect(pieceMeasure('m2', { length: 8, width: 8 })).toBe('0.0001');
    expect(piecesToBase('kg', { length: 6000 }, 1)).toBeNull();
    expect(baseToPieces('kg', { length: 6000 }, '5')).toBeNull();
  });

  it('reads a base quantity back as whole pieces and a rest', () => {
    // 72.23 m² of 7.2225 m² sheets: 10 sheets (72.225) and 0.005 m² over
    expect(baseToPieces('m2', { length: 3210, width: 2250 }, '72.23')).toEqual({ pieces: 10, rest: '0.005' });
    expect(baseToPieces('m2', { length: 3210, width: 2250 }, '14.445')).toEqual({ pieces: 2, rest: '0' });
    // 19.5 m of 6.5 m bars = 3 bars
    expect(baseToPieces('m', { length: 6500 }, '19.5')).toEqual({ pieces: 3, rest: '0' });
    expect(baseToPieces('kom', { length: 6500 }, '4')).toEqual({ pieces: 4, rest: '0' });
    // negative stock (when the company allows it) rounds toward zero: -7.3 m² = -1 sheet and -0.0775
    expect(baseToPieces('m2', { length: 3210, width: 2250 }, '-7.3')).toEqual({
      pieces: -1,
      rest: '-0.0775',
    });
  });
});

describe('pieces ↔ base unit round trip (property)', () => {
  it('n pieces booked in the base unit read back as exactly n pieces, with nothing over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
        fc.integer({ min: -500, max: 5_000 }),
        (length, width, count) => {
          const unit = width === null ? 'm' : 'm2';
          const size = { length, width };
          const base = piecesToBase(unit, size, count);
          // a piece under the ledger's resolution (< 50 mm²) is not countable at all
          if (unit === 'm2' && length * (width as number) < 50) {
            expect(base).toBeNull();
            return;
          }
          expect(base).not.toBeNull();
          expect(baseToPieces(unit, size, base as string)).toEqual({ pieces: count, rest: '0' });
        },
      ),
    );
  });
});
