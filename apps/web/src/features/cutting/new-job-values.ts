import { type CuttingJobCreate, cuttingJobCreateSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { parseNumberInput } from '../../lib/format.ts';
import type { StockRow } from './cutting-api.ts';
import { intOf, type ManualStock, stockLines } from './stock-picker.tsx';

// The new cutting list's typed values and their way to the request body (new-job-form.tsx renders them).

export type PieceRow = {
  ref: string;
  label: string;
  order_ref: string;
  a: string;
  b: string;
  quantity: string;
  rotate: boolean;
  /** 1D: the saw angles of both ends, "90/90", "45/45", "45/90" or "90/45". */
  angles: string;
};

export type NewJobValues = {
  kind: '1d' | '2d';
  name: string;
  kerf: string;
  /** 2D: trimmed off every edge; 1D: the head of the bar (trimTail is its tail). */
  trim: string;
  trimTail: string;
  minLen: string;
  minWid: string;
  weld: string;
  seconds: string;
  pieces: PieceRow[];
  /** the ticked inventory rows (by stock key) and the one size typed in */
  picked: string[];
  manual: ManualStock;
};

export const ANGLE_CHOICES = ['90/90', '45/45', '45/90', '90/45'] as const;
export const anglesOf = (choice: string) => {
  const [start, end] = choice.split('/').map(Number);
  return { angle_start: start === 45 ? 45 : 90, angle_end: end === 45 ? 45 : 90 } as const;
};

export const newPiece = (n: number): PieceRow => ({
  ref: `P${n}`,
  label: '',
  order_ref: '',
  a: '',
  b: '',
  quantity: '1',
  rotate: true,
  angles: '90/90',
});

export const EMPTY_JOB: NewJobValues = {
  kind: '2d',
  name: '',
  kerf: '4',
  trim: '10',
  trimTail: '10',
  minLen: '300',
  minWid: '300',
  weld: '0',
  seconds: '3',
  pieces: [newPiece(1)],
  picked: [],
  manual: { ref: '', a: '', b: '', quantity: '' },
};

/** The request body from what is typed: settings left empty count as 0, the time limit within 0.1–60 s. */
export function newJobBody(v: NewJobValues, rows: readonly StockRow[]): CuttingJobCreate {
  const { kind } = v;
  const mm = (s: string) => intOf(s) || 0;
  return {
    name: v.name.trim(),
    kind,
    kerf: mm(v.kerf),
    trim:
      kind === '1d'
        ? { left: mm(v.trim), right: mm(v.trimTail), top: 0, bottom: 0 }
        : { left: mm(v.trim), right: mm(v.trim), top: mm(v.trim), bottom: mm(v.trim) },
    min_remnant_length: mm(v.minLen),
    min_remnant_width: kind === '2d' ? mm(v.minWid) : 0,
    weld_allowance: kind === '1d' ? mm(v.weld) : 0,
    time_limit_ms: Math.min(
      60_000,
      Math.max(100, Math.round((Number(parseNumberInput(v.seconds) ?? '') || 3) * 1000)),
    ),
    source_type: 'adhoc',
    pieces: v.pieces.map((p) => ({
      ref: p.ref.trim(),
      ...(p.label.trim() ? { label: p.label.trim() } : {}),
      ...(p.order_ref.trim() ? { order_ref: p.order_ref.trim() } : {}),
      ...(kind === '1d'
        ? { length: intOf(p.a), ...anglesOf(p.angles) }
        : { width: intOf(p.a), height: intOf(p.b) }),
      quantity: intOf(p.quantity),
      rotate: p.rotate,
    })),
    stock: stockLines(kind, rows, { picked: new Set(v.picked), manual: v.manual }),
  };
}

/** The new list is checked as the create route checks its body (`rows`: the inventory offered now). */
export const newJobSchema = (rows: () => readonly StockRow[]) =>
  formSchema((v: NewJobValues) => newJobBody(v, rows()), cuttingJobCreateSchema);
