import {
  AppError,
  BomCycleError,
  type BomDef,
  type BomInput,
  BomLineError,
  bomVariableNames,
  checkRoutingOrder,
  compileFormula,
  type ExplosionNode,
  type ExplosionQuery,
  type ExplosionTreeRow,
  explodeBom,
  type FieldIssue,
  findBomCycle,
  productionMoneyString as money,
  type ProcessInput,
  productionQtyString as qty,
  type RoutingInput,
  rollUpCost,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import {
  createProductItem,
  ensureDefaultUnits,
  existingUnits,
  skuTaken,
} from '../inventory/inventory.service.ts';
import * as repo from './production.repo.ts';

// --- processes ----------------------------------------------------------------------------------

export const listProcesses = (tx: Tx, query: Parameters<typeof repo.listProcesses>[1]) =>
  repo.listProcesses(tx, query);
export const listProducts = (tx: Tx, query: Parameters<typeof repo.listProducts>[1]) =>
  repo.listProducts(tx, query);
/** The item picker of BOM lines: SKU or name, the first 20. */
export const searchItems = (tx: Tx, q: string) => repo.searchItems(tx, q, 20);

export async function getProcess(tx: Tx, id: string) {
  const process = await repo.getProcess(tx, id);
  if (!process) throw new AppError('NOT_FOUND', 'Proces nije pronađen');
  return process;
}

export async function createProcess(tx: Tx, ctx: CompanyContext, input: ProcessInput) {
  if (await repo.processCodeTaken(tx, input.code)) throw codeTaken();
  const id = await repo.insertProcess(tx, ctx.companyId, input);
  return (await repo.getProcess(tx, id)) as NonNullable<Awaited<ReturnType<typeof repo.getProcess>>>;
}

export async function updateProcess(tx: Tx, id: string, input: ProcessInput) {
  if (await repo.processCodeTaken(tx, input.code, id)) throw codeTaken();
  if (!(await repo.updateProcess(tx, id, input))) throw notFound();
  return (await repo.getProcess(tx, id)) as NonNullable<Awaited<ReturnType<typeof repo.getProcess>>>;
}

export async function deleteProcess(tx: Tx, id: string): Promise<void> {
  if (await repo.processInUse(tx, id))
    throw new AppError(
      'CONFLICT',
      'Proces se koristi u tehnološkom postupku proizvoda; deaktivirajte ga umjesto brisanja',
    );
  if (!(await repo.deleteProcess(tx, id))) throw notFound();
}

const codeTaken = () =>
  new AppError('CONFLICT', 'Šifra procesa već postoji', [{ field: 'code', key: 'validation.codeTaken' }]);
const notFound = () => new AppError('NOT_FOUND', 'Zapis nije pronađen');

// --- products -----------------------------------------------------------------------------------

export async function createProduct(
  tx: Tx,
  ctx: CompanyContext,
  input: {
    sku: string;
    name: string;
    baseUnit: string;
    salesPrice: string | null;
    kind: 'product' | 'component';
  },
) {
  if (await skuTaken(tx, input.sku))
    throw new AppError('CONFLICT', 'Šifra artikla već postoji', [
      { field: 'sku', key: 'validation.codeTaken' },
    ]);
  // The standard units (kom, m, m2, ...) exist before the first item, whoever creates it.
  await ensureDefaultUnits(tx, ctx.companyId);
  if (!(await existingUnits(tx, [input.baseUnit])).has(input.baseUnit))
    throw new AppError('VALIDATION', 'Nepoznata jedinica mjere', [
      { field: 'baseUnit', key: 'validation.unitUnknown' },
    ]);
  return { id: await createProductItem(tx, ctx.companyId, input) };
}

async function requireProduct(tx: Tx, productId: string): Promise<repo.ItemInfo> {
  const product = (await repo.itemsByIds(tx, [productId])).get(productId);
  if (!product) throw notFound();
  return product;
}

export async function productDetail(tx: Tx, productId: string) {
  const product = await requireProduct(tx, productId);
  const boms = await repo.listBoms(tx, productId);
  const routing = (await repo.routingSteps(tx, [productId])).get(productId) ?? [];
  return { product: itemOut(product), boms, routing, routingWarnings: checkRoutingOrder(routing) };
}

const itemOut = (i: repo.ItemInfo) => ({
  id: i.id,
  sku: i.sku,
  name: i.name,
  kind: i.kind,
  baseUnit: i.baseUnit,
  cost: i.cost,
  salesPrice: i.salesPrice,
});

export async function bomDetail(tx: Tx, productId: string, bomId: string) {
  const header = await repo.getBomHeader(tx, bomId);
  if (!header || header.productId !== productId) throw notFound();
  const lines = (await repo.bomLines(tx, [bomId])).get(bomId) ?? [];
  const components = await repo.itemsByIds(
    tx,
    lines.map((l) => l.componentId),
  );
  const withBoms = await repo.activeBoms(
    tx,
    lines.map((l) => l.componentId),
  );
  return {
    ...header,
    lines: lines.map((l) => {
      const c = components.get(l.componentId);
      return {
        ...l,
        component: c ? itemOut(c) : null,
        componentHasBom: withBoms.has(l.componentId),
      };
    }),
  };
}

/** Checks formulas, units and components, and refuses cycles; throws with every problem found. */
async function validateBom(tx: Tx, productId: string, input: BomInput): Promise<void> {
  const issues: FieldIssue[] = [];
  const names = bomVariableNames(input);
  const seen = new Set<string>();
  input.variables.forEach((v, i) => {
    if (seen.has(v.name))
      issues.push({ field: `variables.${i}.name`, key: 'validation.variableNameInvalid' });
    seen.add(v.name);
  });
  const componentIds = [...new Set(input.lines.map((l) => l.componentId))];
  const components = await repo.itemsByIds(tx, componentIds);
  const factors = await repo.unitFactors(tx, componentIds);
  const units = await existingUnits(tx, [...new Set(input.lines.map((l) => l.unit))]);
  input.lines.forEach((line, i) => {
    const component = components.get(line.componentId);
    if (!component) issues.push({ field: `lines.${i}.componentId`, key: 'validation.itemUnknown' });
    if (!units.has(line.unit)) issues.push({ field: `lines.${i}.unit`, key: 'validation.unitUnknown' });
    // Another unit than the component's base unit needs the item's conversion (explosion uses it).
    else if (
      component &&
      line.unit !== component.baseUnit &&
      !factors.has(`${line.componentId}|${line.unit}`)
    )
      issues.push({ field: `lines.${i}.unit`, key: 'validation.unitUnknown' });
    for (const field of [
      'formula',
      'childWidth',
      'childHeight',
      'cutCount',
      'cutLength',
      'cutWidth',
      'cutHeight',
    ] as const) {
      const source = line[field as keyof typeof line] as string | null | undefined;
      if (!source || source.trim() === '') continue;
      const compiled = compileFormula(source, names);
      if (!compiled.ok)
        issues.push({
          field: `lines.${i}.${field}`,
          key: compiled.issue.key,
          params: {
            position: compiled.issue.position,
            ...(compiled.issue.name ? { name: compiled.issue.name } : {}),
          },
        });
    }
  });
  if (issues.length > 0) throw new AppError('VALIDATION', formulaMessage(issues), issues);
  await refuseCycle(
    tx,
    productId,
    input.lines.map((l) => l.componentId),
  );
}

function formulaMessage(issues: FieldIssue[]): string {
  const first = issues[0] as FieldIssue;
  const at = first.params?.position ? ` (znak ${first.params.position})` : '';
  return `Sastavnica nije ispravna: ${first.field}${at}`;
}

/**
 * Refuses a BOM whose components lead back to its product. The other products are followed
 * through their active BOMs (drafts are checked again when they are activated).
 */
async function refuseCycle(tx: Tx, productId: string, componentIds: string[]): Promise<void> {
  const edges = new Map<string, string[]>([[productId, componentIds]]);
  let frontier = [...new Set(componentIds)].filter((id) => id !== productId);
  while (frontier.length > 0) {
    const boms = await repo.activeBoms(tx, frontier);
    const next: string[] = [];
    for (const id of frontier) {
      const children = boms.get(id)?.lines.map((l) => l.componentId) ?? [];
      edges.set(id, children);
      for (const c of children) if (!edges.has(c)) next.push(c);
    }
    frontier = [...new Set(next)];
  }
  const cycle = findBomCycle(productId, (id) => edges.get(id) ?? []);
  if (cycle) throw await cycleError(tx, cycle);
}

async function cycleError(tx: Tx, path: string[]): Promise<AppError> {
  const items = await repo.itemsByIds(tx, [...new Set(path)]);
  const named = path.map((id) => items.get(id)?.sku ?? id).join(' → ');
  return new AppError('BOM_CYCLE', `Sastavnica bi sadržavala samu sebe: ${named}`, [
    { field: 'lines', key: 'validation.bomCycle', params: { path: named } },
  ]);
}

export async function createBom(
  tx: Tx,
  ctx: CompanyContext,
  productId: string,
  input: BomInput,
): Promise<{ id: string }> {
  await requireProduct(tx, productId);
  await validateBom(tx, productId, input);
  const version = await repo.nextBomVersion(tx, productId);
  return { id: await repo.insertBom(tx, ctx.companyId, productId, version, input) };
}

export async function updateBom(
  tx: Tx,
  ctx: CompanyContext,
  productId: string,
  bomId: string,
  input: BomInput,
) {
  const header = await repo.getBomHeader(tx, bomId, true);
  if (!header || header.productId !== productId) throw notFound();
  if (header.status !== 'draft')
    throw new AppError('CONFLICT', 'Samo nacrt sastavnice može se mijenjati; napravite novu verziju');
  await validateBom(tx, productId, input);
  await repo.replaceBom(tx, ctx.companyId, bomId, input);
}

export async function activateBom(tx: Tx, productId: string, bomId: string): Promise<void> {
  const header = await repo.getBomHeader(tx, bomId, true);
  if (!header || header.productId !== productId) throw notFound();
  if (header.status === 'active') return;
  const lines = (await repo.bomLines(tx, [bomId])).get(bomId) ?? [];
  await refuseCycle(
    tx,
    productId,
    lines.map((l) => l.componentId),
  );
  await repo.archiveActive(tx, productId);
  await repo.setBomStatus(tx, bomId, 'active');
}

export async function archiveBom(tx: Tx, productId: string, bomId: string): Promise<void> {
  const header = await repo.getBomHeader(tx, bomId, true);
  if (!header || header.productId !== productId) throw notFound();
  await repo.setBomStatus(tx, bomId, 'archived');
}

export async function deleteDraftBom(tx: Tx, productId: string, bomId: string): Promise<void> {
  const header = await repo.getBomHeader(tx, bomId, true);
  if (!header || header.productId !== productId) throw notFound();
  if (header.status !== 'draft') throw new AppError('CONFLICT', 'Samo nacrt sastavnice može se obrisati');
  await repo.deleteBom(tx, bomId);
}

// --- routing ------------------------------------------------------------------------------------

export async function saveRouting(tx: Tx, ctx: CompanyContext, productId: string, input: RoutingInput) {
  await requireProduct(tx, productId);
  const known = await repo.existingProcessIds(tx, [...new Set(input.steps.map((s) => s.processId))]);
  const issues: FieldIssue[] = [];
  input.steps.forEach((s, i) => {
    if (!known.has(s.processId))
      issues.push({ field: `steps.${i}.processId`, key: 'validation.processUnknown' });
  });
  if (issues.length > 0) throw new AppError('VALIDATION', 'Nepoznat proces u tehnološkom postupku', issues);
  await repo.replaceRouting(tx, ctx.companyId, productId, input.steps);
  return (await repo.routingSteps(tx, [productId])).get(productId) ?? [];
}

// --- explosion and cost -------------------------------------------------------------------------

/** Loads the BOM to explode (chosen version or active) and every active BOM below it. */
async function loadBomGraph(tx: Tx, productId: string, bomId: string | undefined) {
  const rootBomId = bomId ?? (await repo.activeBomId(tx, productId));
  if (!rootBomId) throw new AppError('NOT_FOUND', 'Proizvod nema aktivnu sastavnicu');
  const header = await repo.getBomHeader(tx, rootBomId);
  if (!header || header.productId !== productId) throw notFound();
  const rootLines = (await repo.bomLines(tx, [rootBomId])).get(rootBomId) ?? [];
  const boms = new Map<string, BomDef>([
    [productId, { productId, variables: header.variables, lines: rootLines }],
  ]);
  let frontier = [...new Set(rootLines.map((l) => l.componentId))];
  const asked = new Set<string>([productId]);
  // One query per BOM level, not per line.
  while (frontier.length > 0) {
    for (const id of frontier) asked.add(id);
    const level = await repo.activeBoms(tx, frontier);
    const next = new Set<string>();
    for (const [id, bom] of level) {
      if (!boms.has(id)) boms.set(id, bom);
      for (const l of bom.lines) if (!asked.has(l.componentId)) next.add(l.componentId);
    }
    frontier = [...next];
  }
  return { header, boms: await inBaseUnits(tx, boms), itemIds: asked };
}

/**
 * BOM lines written in another unit than the component's base unit (e.g. cm of a profile kept
 * in m) are exploded in the base unit through the item's conversion (1 unit = factor × base unit),
 * so requirements, reservations, consumption and cost all count in the unit stock is kept in.
 * A line whose unit has no conversion (possible only for BOMs saved before this check) is refused.
 */
async function inBaseUnits(tx: Tx, boms: Map<string, BomDef>): Promise<Map<string, BomDef>> {
  const ids = [...new Set([...boms.values()].flatMap((b) => b.lines.map((l) => l.componentId)))];
  const components = await repo.itemsByIds(tx, ids);
  const factors = await repo.unitFactors(tx, ids);
  const out = new Map<string, BomDef>();
  for (const [productId, bom] of boms) {
    const lines = bom.lines.map((line, i) => {
      const base = components.get(line.componentId)?.baseUnit;
      if (!base || line.unit === base) return line;
      const factor = factors.get(`${line.componentId}|${line.unit}`);
      if (!factor)
        throw new AppError('VALIDATION', 'Artikl nema tu jedinicu mjere', [
          { field: `lines.${i}.unit`, key: 'validation.unitUnknown' },
        ]);
      return {
        ...line,
        unit: base,
        quantity: line.quantity === null ? null : new Decimal(line.quantity).times(factor).toString(),
        formula: line.formula ? `(${line.formula})*${factor}` : line.formula,
      };
    });
    out.set(productId, { ...bom, lines });
  }
  return out;
}

export type ExplosionRow = ExplosionTreeRow;

export async function explodeAndCost(tx: Tx, productId: string, q: ExplosionQuery) {
  await requireProduct(tx, productId);
  const { header, boms, itemIds } = await loadBomGraph(tx, productId, q.bomId);
  const values: Record<string, string> = {};
  if (q.W !== undefined) values.W = q.W;
  if (q.H !== undefined) values.H = q.H;
  let explosion: ReturnType<typeof explodeBom>;
  try {
    explosion = explodeBom({
      productId,
      quantity: q.quantity,
      values,
      bomOf: (id) => boms.get(id),
      treeLimit: 2000,
    });
  } catch (error) {
    throw await explosionError(tx, error);
  }
  const items = await repo.itemsByIds(tx, [...itemIds]);
  const routings = await repo.routingSteps(
    tx,
    explosion.made.map((m) => m.itemId),
  );
  const cost = rollUpCost({
    explosion,
    averageCost: (id) => items.get(id)?.cost ?? undefined,
    routingOf: (id) =>
      (routings.get(id) ?? []).map((s) => ({
        processId: s.processId,
        setupMinutes: s.setupMinutes ?? s.defaultSetupMinutes,
        minutesPerUnit: s.minutesPerUnit ?? s.defaultMinutesPerUnit,
        costPerHour: s.costPerHour,
      })),
    marginPct: q.marginPct,
  });
  const sku = (id: string) => items.get(id)?.sku ?? '';
  const name = (id: string) => items.get(id)?.name ?? '';
  const processes = new Map([...routings.values()].flat().map((s) => [s.processId, s]));
  const tree: ExplosionRow[] = [];
  const walk = (node: ExplosionNode) => {
    tree.push({
      level: node.level,
      itemId: node.itemId,
      sku: sku(node.itemId),
      name: name(node.itemId),
      unit: node.unit,
      perUnit: qty(node.perUnit),
      scrapPct: qty(node.scrapPct),
      quantity: qty(node.quantity),
      made: node.made,
      width: node.width ? qty(node.width) : null,
      height: node.height ? qty(node.height) : null,
    });
    for (const child of node.children) walk(child);
  };
  walk(explosion.tree);
  return {
    productId,
    bom: { id: header.id, version: header.version, status: header.status },
    quantity: qty(explosion.quantity),
    W: q.W ?? null,
    H: q.H ?? null,
    requirements: explosion.requirements.map((r) => ({
      itemId: r.itemId,
      sku: sku(r.itemId),
      name: name(r.itemId),
      unit: r.unit,
      quantity: qty(r.quantity),
      scrapQuantity: qty(r.scrapQuantity),
    })),
    tree,
    treeTruncated: explosion.treeTruncated,
    cost: {
      materials: cost.materials.map((m) => ({
        itemId: m.itemId,
        sku: sku(m.itemId),
        name: name(m.itemId),
        unit: m.unit,
        quantity: qty(m.quantity),
        unitCost: qty(m.unitCost),
        amount: money(m.amount),
        missingCost: m.missingCost,
      })),
      labour: cost.labour.map((l) => ({
        itemId: l.itemId,
        sku: sku(l.itemId),
        processId: l.processId,
        processCode: processes.get(l.processId)?.processCode ?? '',
        processName: processes.get(l.processId)?.processName ?? '',
        quantity: qty(l.quantity),
        minutes: qty(l.minutes),
        amount: money(l.amount),
      })),
      materialCost: money(cost.materialCost),
      labourCost: money(cost.labourCost),
      totalCost: money(cost.totalCost),
      unitCost: money(cost.unitCost),
      marginPct: qty(cost.marginPct),
      suggestedUnitPrice: money(cost.suggestedUnitPrice),
      suggestedTotalPrice: money(cost.suggestedTotalPrice),
    },
  };
}

async function explosionError(tx: Tx, error: unknown): Promise<unknown> {
  if (error instanceof BomCycleError) return cycleError(tx, error.path);
  if (error instanceof BomLineError) {
    const product = (await repo.itemsByIds(tx, [error.productId])).get(error.productId);
    return new AppError(
      'VALIDATION',
      `Formula u retku ${error.lineIndex + 1} sastavnice ${product?.sku ?? ''} nije izračunljiva`,
      [
        {
          field: `lines.${error.lineIndex}.formula`,
          key: error.issue.key,
          params: {
            position: error.issue.position,
            product: product?.sku ?? '',
            ...('name' in error.issue && error.issue.name ? { name: error.issue.name } : {}),
          },
        },
      ],
    );
  }
  return error;
}

// Reads for other areas (documents: planning and cutting pieces) ---------------------------------

/** The active BOM of each of these products (products without one are left out). */
export function activeBoms(tx: Tx, productIds: readonly string[]) {
  return repo.activeBoms(tx, productIds);
}

/** The routing steps of each of these products, in order. */
export function routingSteps(tx: Tx, productIds: readonly string[]) {
  return repo.routingSteps(tx, productIds);
}
