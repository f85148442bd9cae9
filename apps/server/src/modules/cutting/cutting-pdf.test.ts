import { cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { overprinted, textBoxes } from '../../pdf/pdf-inspect.ts';
import { cuttingSheetPdf } from './cutting.pdf.ts';
import type { JobRow } from './cutting.repo.ts';

// Issue 22: the cutting sheet's wrapped text overprinted the next row, so a cutter could not tell
// Low-E from float. Every text run of the PDF (layout labels, tables, piece labels) is read back
// with its position and no two may be drawn over each other.

const LONG = [
  'RN-2026-0042 / 1 · Izo 4 Low-E – 16 Ar – 4 float kaljeno, za objekt Vila Marjan',
  'RN-2026-0042 / 2 · Float staklo 6 mm prozirno, brušeno KMG, dva izreza za okov',
  'RN-2026-0043 / 1 · Laminirano staklo 44.2 mat, sigurnosno, rub KPO, za terasu',
];

function job(kind: '1d' | '2d'): JobRow {
  const pieces =
    kind === '2d'
      ? [
          { ref: 'P1', label: LONG[0], order_ref: 'RN-2026-0042', width: 1200, height: 800, quantity: 3 },
          { ref: 'P2', label: LONG[1], order_ref: 'RN-2026-0042', width: 600, height: 450, quantity: 4 },
          { ref: 'P3', label: LONG[2], order_ref: 'RN-2026-0043', width: 150, height: 120, quantity: 5 },
        ]
      : [
          {
            ref: 'O1',
            label: LONG[0],
            order_ref: 'RN-2026-0042',
            length: 1480,
            quantity: 4,
            angle_start: 45,
          },
          { ref: 'O2', label: LONG[1], order_ref: 'RN-2026-0042', length: 620, quantity: 4 },
          { ref: 'O3', label: LONG[2], order_ref: 'RN-2026-0043', length: 90, quantity: 6 },
        ];
  const stock =
    kind === '2d'
      ? [{ ref: 'FLOAT4', width: 3210, height: 2250, quantity: null }]
      : [{ ref: 'PROFIL', length: 6500, quantity: null }];
  const input = cuttingJobInputSchema.parse({
    name: 'Narudžba Vila Marjan, staklo i profili za sve prozore prizemlja',
    kind,
    kerf: 3,
    trim: { left: 10, right: 10, top: 10, bottom: 10 },
    min_remnant_length: 300,
    min_remnant_width: 300,
    time_limit_ms: 200,
    pieces,
    stock,
  });
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 17,
    name: input.name,
    kind,
    status: 'planned',
    source_type: 'adhoc',
    source_id: null,
    input,
    plan: null,
    stock_count: null,
    lower_bound: null,
    waste_percent: null,
    created_at: new Date(),
    updated_at: new Date(),
  };
}

describe('cutting-sheet PDF', () => {
  for (const kind of ['2d', '1d'] as const)
    it(`lays out long ${kind} piece names without overprinting any text`, async () => {
      const j = job(kind);
      const plan = optimizeCutting(jobToCutInput(j.input));
      const boxes = await textBoxes(await cuttingSheetPdf(j, plan));
      const clashes = overprinted(boxes).map(([a, b]) => `p${a.page} "${a.text}" × "${b.text}"`);
      expect(clashes).toEqual([]);
      // The long names are printed in full (wrapped), not cut off.
      const text = boxes.map((b) => b.text).join(' ');
      expect(text).toContain('Low-E');
      expect(text.replace(/\s+/g, ' ')).toContain('za objekt Vila Marjan');
    });
});
