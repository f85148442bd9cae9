// Shared shapes of the cutting optimisers. All sizes are integers in one unit (0.1 mm or 1 mm,
// the caller decides); the optimisers never mix in floats for geometry.

export type StockBar = {
  id: string;
  length: number;
  /** null = unlimited */
  quantity: number | null;
  cost?: number;
  /** remnants are used before any standard stock */
  remnant?: boolean;
};

export type PieceBar = { id: string; length: number; quantity: number; label?: string };

export type Cut1dInput = {
  kind: '1d';
  kerf: number;
  trim: { head: number; tail: number };
  stock: StockBar[];
  pieces: PieceBar[];
  timeLimitMs: number;
  seed: number;
};

export type StockSheet = {
  id: string;
  width: number;
  height: number;
  quantity: number | null;
  cost?: number;
  remnant?: boolean;
};

export type PieceSheet = {
  id: string;
  width: number;
  height: number;
  quantity: number;
  /** false = grain-locked, never rotated; defaults to true */
  rotate?: boolean;
  label?: string;
};

export type Cut2dInput = {
  kind: '2d';
  kerf: number;
  trim: { left: number; right: number; top: number; bottom: number };
  stock: StockSheet[];
  pieces: PieceSheet[];
  timeLimitMs: number;
  seed: number;
  /** maximum number of guillotine stages (trim cuts of single pieces not counted); 2 or 3 */
  stageLimit?: number;
  /**
   * Direction of the first-stage cuts on every sheet: `horizontal` = lines across the width
   * (strips stacked along y), `vertical` = lines across the height. Unset: chosen per sheet.
   */
  firstCut?: 'horizontal' | 'vertical';
};

export type CutInput = Cut1dInput | Cut2dInput;

export type Placement1d = { pieceId: string; label?: string; x: number; length: number };
export type Cut1d = { x: number; width: number };
export type Offcut1d = { x: number; length: number };

export type Layout1d = {
  stockId: string;
  length: number;
  placements: Placement1d[];
  cuts: Cut1d[];
  offcuts: Offcut1d[];
  wastePercent: number;
};

export type Placement2d = {
  pieceId: string;
  label?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotated: boolean;
};

/** One straight saw cut across the whole current sub-panel; stage 0 = edge trim. */
export type Cut2d = { stage: number; x1: number; y1: number; x2: number; y2: number };
export type Offcut2d = { x: number; y: number; width: number; height: number };

export type Layout2d = {
  stockId: string;
  width: number;
  height: number;
  placements: Placement2d[];
  cuts: Cut2d[];
  offcuts: Offcut2d[];
  wastePercent: number;
};

export type StockUse = { stockId: string; count: number };

export type CutResult1d = {
  kind: '1d';
  stockUsed: StockUse[];
  layouts: Layout1d[];
  lowerBound: number;
  wastePercent: number;
  timeMs: number;
  /** true when the number of bars equals the lower bound */
  optimal: boolean;
  distinctPatterns: number;
};

export type CutResult2d = {
  kind: '2d';
  stockUsed: StockUse[];
  layouts: Layout2d[];
  lowerBound: number;
  wastePercent: number;
  timeMs: number;
  optimal: boolean;
};

export type CutResult = CutResult1d | CutResult2d;

export type CutProgress = { elapsedMs: number; stockCount: number; lowerBound: number };

/** Hooks for a worker: progress reports and cooperative cancellation (returns the best plan so far). */
export type CutHooks = {
  onProgress?: (progress: CutProgress) => void;
  /** Every better plan as it is found (anytime: a cancelled run keeps the last one). */
  onBest?: (result: CutResult) => void;
  shouldStop?: () => boolean;
};
