import {
  AppError,
  type BomCutPiece,
  BomCycleError,
  type BomDef,
  BomLineError,
  bomCutPieces,
  type CutMaterialKind,
  type CuttingPiece,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { type CuttingItemFacts, cuttingItemFacts } from '../inventory/inventory.service.ts';
import { activeBoms } from '../production/production.service.ts';
import * as repo from './documents.repo.ts';

/**
 * The pieces a work order asks the cutting optimiser for, grouped per material (one cutting list
 * per group). This is the seam the cutting area calls.
 *
 * Every made-to-measure line (an item, width and height in mm) is looked up in its product's
 * active BOM (`bomCutPieces` in the production domain, through sub-assemblies): each BOM line of a
 * sheet material (item with length and width) gives pieces of `cutWidth` × `cutHeight` (default the
 * line's W × H), each bar material line (item with a length only) with a `cutLength` gives bars of
 * that length at the BOM line's end angles (90 or 45 mitre); pieces per unit from `cutCount`, else the BOM quantity when whole, else 1; times the
 * line's quantity, rounded up. A line whose product has no such BOM line (or no BOM, or no item)
 * is one W × H piece per unit in the group without a material, as before BOM cut sizes existed.
 * Sizes are rounded half up to whole mm. Labels say order, line and product. Pieces of a grained
 * sheet (`items.grain`) are grain-locked (`rotate: false`); all others may rotate.
 */

export type CuttingGroup = {
  /** The sheet/bar item the pieces are cut from; null = the lines' own W × H (no BOM material). */
  material_id: string | null;
  sku: string | null;
  name: string | null;
  kind: CutMaterialKind;
  pieces: CuttingPiece[];
};

async function itemRows(tx: Tx, ids: string[]): Promise<Map<string, CuttingItemFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await cuttingItemFacts(tx, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The active BOMs of the given products and of every sub-assembly below them (one query per level). */
async function bomGraph(tx: Tx, productIds: string[]): Promise<Map<string, BomDef>> {
  const boms = new Map<string, BomDef>();
  const asked = new Set<string>();
  let frontier = [...new Set(productIds)];
  while (frontier.length > 0) {
    for (const id of frontier) asked.add(id);
    const level = await activeBoms(tx, frontier);
    const next = new Set<string>();
    for (const [id, bom] of level) {
      boms.set(id, bom);
      for (const l of bom.lines) if (!asked.has(l.componentId)) next.add(l.componentId);
    }
    frontier = [...next];
  }
  return boms;
}

const MAX_MM = 100_000;
const wholeMm = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

export async function workOrderCuttingGroups(
  tx: Tx,
  workOrderId: string,
): Promise<{ number: string; groups: CuttingGroup[] }> {
  const wo = await repo.getDocument(tx, workOrderId);
  if (wo?.kind !== 'work_order') throw new AppError('NOT_FOUND', 'Radni nalog nije pronađen');
  const number = wo.number ?? 'RN';
  const lines = (await repo.getLines(tx, workOrderId)).filter((l) => l.width_mm && l.height_mm);
  const boms = await bomGraph(
    tx,
    lines.flatMap((l) => (l.item_id ? [l.item_id] : [])),
  );
  const itemIds = new Set<string>();
  for (const [id, bom] of boms) {
    itemIds.add(id);
    for (const l of bom.lines) itemIds.add(l.componentId);
  }
  const items = await itemRows(tx, [...itemIds]);
  const materialOf = (id: string): CutMaterialKind | undefined => {
    const it = items.get(id);
    if (!it?.length_mm) return undefined;
    return it.width_mm ? '2d' : '1d';
  };

  const groups = new Map<string, CuttingGroup>();
  const add = (key: string | null, kind: CutMaterialKind, piece: CuttingPiece) => {
    const k = key ?? '';
    let group = groups.get(k);
    if (!group) {
      const it = key ? items.get(key) : undefined;
      group = { material_id: key, sku: it?.sku ?? null, name: it?.name ?? null, kind, pieces: [] };
      groups.set(k, group);
    }
    group.pieces.push(piece);
  };

  for (const line of lines) {
    const W = new Decimal(line.width_mm as string);
    const H = new Decimal(line.height_mm as string);
    const product = line.sku ? `${line.sku} ${line.item_name ?? ''}`.trim() : line.description;
    const where = `${number} / ${line.position} · ${product}`;
    const sizeError = (bomLine: number | null) =>
      new AppError(
        'VALIDATION',
        `Stavka ${line.position} naloga ${number}: krojna mjera nije između 1 i ${MAX_MM} mm`,
        [
          {
            field: `lines.${line.position - 1}`,
            key: 'validation.cutSizeInvalid',
            params: { line: line.position, product: line.sku ?? line.description, bomLine: bomLine ?? '' },
          },
        ],
      );
    const mm = (v: Decimal.Value, bomLine: number | null) => {
      const n = wholeMm(v);
      if (n < 1 || n > MAX_MM) throw sizeError(bomLine);
      return n;
    };

    let fromBom: BomCutPiece[] = [];
    if (line.item_id && boms.has(line.item_id)) {
      try {
        fromBom = bomCutPieces({
          productId: line.item_id,
          values: { W, H },
          bomOf: (id) => boms.get(id),
          materialOf,
        });
      } catch (error) {
        throw bomError(error, line.position, number, items);
      }
    }
    if (fromBom.length === 0) {
      add(null, '2d', {
        ref: `${number}-${line.position}`.slice(0, 40),
        label: where.slice(0, 80),
        order_ref: number.slice(0, 40),
        width: mm(W, null),
        height: mm(H, null),
        quantity: new Decimal(line.quantity).ceil().toNumber(),
        rotate: true,
      });
      continue;
    }
    for (const p of fromBom) {
      const quantity = p.perUnit.mul(line.quantity).ceil().toNumber();
      if (quantity <= 0) continue;
      const bomLine = p.path[p.path.length - 1] as number;
      const subs = p.products
        .slice(1)
        .map((id) => items.get(id)?.sku ?? '')
        .join(' › ');
      const piece: CuttingPiece = {
        ref: `${number}-${line.position}.${p.path.join('.')}`.slice(0, 40),
        label: `${where}${subs ? ` › ${subs}` : ''}`.slice(0, 80),
        order_ref: number.slice(0, 40),
        quantity,
        // A grained sheet: the piece's width runs along the grain and never turns.
        rotate: !(p.kind === '2d' && items.get(p.materialId)?.grain),
      };
      if (p.kind === '1d') {
        // The outer length; a mitred end gets the list's weld allowance when it is cut (job.ts).
        piece.length = mm(p.length as Decimal, bomLine);
        piece.angle_start = p.angleStart === 45 ? 45 : 90;
        piece.angle_end = p.angleEnd === 45 ? 45 : 90;
      } else {
        piece.width = mm(p.width as Decimal, bomLine);
        piece.height = mm(p.height as Decimal, bomLine);
      }
      add(p.materialId, p.kind, piece);
    }
  }
  return { number, groups: [...groups.values()] };
}

/** A BOM that cannot be evaluated for this line: a translated error naming order line, product and BOM line. */
function bomError(
  error: unknown,
  position: number,
  number: string,
  items: Map<string, CuttingItemFacts>,
): unknown {
  if (error instanceof BomLineError) {
    const sku = items.get(error.productId)?.sku ?? '';
    const issue = error.issue;
    return new AppError(
      'VALIDATION',
      `Stavka ${position} naloga ${number}: redak ${error.lineIndex + 1} sastavnice ${sku} nije izračunljiv (${issue.key})`,
      [
        {
          field: `lines.${position - 1}`,
          key: issue.key,
          params: {
            line: position,
            product: sku,
            bomLine: error.lineIndex + 1,
            position: issue.position,
            ...('name' in issue && issue.name ? { name: issue.name } : {}),
          },
        },
      ],
    );
  }
  if (error instanceof BomCycleError)
    return new AppError('BOM_CYCLE', 'Sastavnica sadrži samu sebe', [
      {
        field: `lines.${position - 1}`,
        key: 'validation.bomCycle',
        params: { path: error.path.map((id) => items.get(id)?.sku ?? id).join(' → ') },
      },
    ]);
  return error;
}

/** Every 2D piece of the order, whatever its material (the demo cuts them all from one float sheet). */
export async function workOrderCuttingPieces(tx: Tx, workOrderId: string): Promise<CuttingPiece[]> {
  const { groups } = await workOrderCuttingGroups(tx, workOrderId);
  return groups.filter((g) => g.kind === '2d').flatMap((g) => g.pieces);
}
