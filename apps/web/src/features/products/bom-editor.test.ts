import { describe, expect, it } from 'vitest';
import { type EditorState, toBomInput } from './bom-editor.tsx';

const line = (amount: string, extra: Partial<EditorState['lines'][number]> = {}) => ({
  key: amount,
  component: { id: '00000000-0000-4000-8000-000000000001', sku: 'X', name: 'X', baseUnit: 'm' },
  amount,
  unit: ' m ',
  scrapPct: '',
  childWidth: '',
  childHeight: '',
  cutCount: '',
  cutLength: '',
  cutWidth: '',
  cutHeight: '',
  cutAngles: '90/90',
  ...extra,
});

describe('BOM editor → API input', () => {
  it('sends plain numbers as fixed quantities (decimal comma accepted) and anything else as a formula', () => {
    const input = toBomInput({
      note: '',
      variables: [
        { name: 's', value: '5' },
        { name: ' ', value: '1' },
      ],
      lines: [
        line('2,5'),
        line('4'),
        line('W*H/1e6', { scrapPct: '5,5', childWidth: ' W - 96 ' }),
        line('1e3'),
      ],
    });
    expect(input.variables).toEqual([{ name: 's', value: '5' }]);
    expect(input.lines.map((l) => [l.quantity, l.formula, l.unit, l.scrapPct, l.childWidth])).toEqual([
      ['2.5', null, 'm', '0', null],
      ['4', null, 'm', '0', null],
      [null, 'W*H/1e6', 'm', '5.5', 'W - 96'],
      // Exponent notation is not a plain quantity: it goes through the formula checker.
      [null, '1e3', 'm', '0', null],
    ]);
  });

  it('sends the cut sizes trimmed, empty ones as null', () => {
    const input = toBomInput({
      note: '',
      variables: [],
      lines: [line('2', { cutCount: ' 2 ', cutLength: '', cutWidth: ' W-12', cutHeight: 'H-12 ' })],
    });
    expect(input.lines.map((l) => [l.cutCount, l.cutLength, l.cutWidth, l.cutHeight])).toEqual([
      ['2', null, 'W-12', 'H-12'],
    ]);
  });

  it('sends the end angles of bar pieces as two numbers (45 = mitre)', () => {
    const input = toBomInput({
      note: '',
      variables: [],
      lines: [
        line('2', { cutLength: 'W', cutAngles: '45/45' }),
        line('1', { cutLength: 'H - 140' }),
        line('1', { cutLength: 'W', cutAngles: '90/45' }),
      ],
    });
    expect(input.lines.map((l) => [l.cutAngleStart, l.cutAngleEnd])).toEqual([
      [45, 45],
      [90, 90],
      [90, 45],
    ]);
  });
});
