import { AppError, type CuttingPiece } from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import * as repo from './documents.repo.ts';

/**
 * The pieces a work order asks the cutting optimiser for: every made-to-measure line (width and
 * height in mm) as W × H, one piece per unit ordered (fractional quantities round up), labelled
 * with the order number and line. Lines without dimensions are not cut. This is the seam the
 * cutting area calls (`piecesFromWorkOrder`); deriving panes per product from the BOM (e.g. two
 * panes per insulating unit) is the optimiser issue's next step.
 */
export async function workOrderCuttingPieces(tx: Tx, workOrderId: string): Promise<CuttingPiece[]> {
  const wo = await repo.getDocument(tx, workOrderId);
  if (!wo || wo.kind !== 'work_order') throw new AppError('NOT_FOUND', 'Radni nalog nije pronađen');
  const lines = await repo.getLines(tx, workOrderId);
  return lines
    .filter((l) => l.width_mm && l.height_mm)
    .map((l) => ({
      ref: `${wo.number ?? 'RN'}-${l.position}`.slice(0, 40),
      label: `${wo.number ?? ''} / ${l.position} ${l.description}`.trim().slice(0, 80),
      order_ref: (wo.number ?? '').slice(0, 40),
      width: Math.round(Number(new Decimal(l.width_mm as string).toFixed(0))),
      height: Math.round(Number(new Decimal(l.height_mm as string).toFixed(0))),
      quantity: new Decimal(l.quantity).ceil().toNumber(),
      rotate: true,
    }));
}
