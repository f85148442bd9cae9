import type {
  BomDef,
  BomHeader as BomHeaderWire,
  BomInput,
  BomLine,
  BomStatus,
  Process,
  ProcessCategory,
  ProcessInput,
  ProcessListQuery,
  ProductItem,
  ProductRow as ProductRowWire,
  RoutingStep,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

async function query<T>(tx: Tx, q: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(q));
}
/** uuids are validated by the route schemas before they get here. */
const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

// --- processes ----------------------------------------------------------------------------------

type ProcessRow = {
  id: string;
  code: string;
  name: string;
  work_centre: string;
  cost_per_hour: string;
  setup_minutes: string;
  minutes_per_unit: string;
  daily_capacity_hours: string;
  quality_check_required: boolean;
  active: boolean;
  category: ProcessCategory;
  updated_at: unknown;
};

/** numeric → text trimmed of trailing zeros, so "30.0000" reads "30". */
const num = (column: string) => sql.raw(`trim_scale(${column})::text`);

const processColumns = sql`id, code, name, work_centre, ${num('cost_per_hour')} as cost_per_hour,
  ${num('setup_minutes')} as setup_minutes, ${num('minutes_per_unit')} as minutes_per_unit,
  ${num('daily_capacity_hours')} as daily_capacity_hours, quality_check_required, active, category, updated_at`;

const toProcess = (r: ProcessRow): Process => ({
  id: r.id,
  code: r.code,
  name: r.name,
  workCentre: r.work_centre,
  costPerHour: r.cost_per_hour,
  setupMinutes: r.setup_minutes,
  minutesPerUnit: r.minutes_per_unit,
  dailyCapacityHours: r.daily_capacity_hours,
  qualityCheckRequired: r.quality_check_required,
  active: r.active,
  category: r.category,
  updatedAt: iso(r.updated_at),
});

const CROATIAN_MARKED = 'čćđšžČĆĐŠŽ';
const CROATIAN_PLAIN = 'ccdszCCDSZ';
/** The same letters without their marks, in JavaScript (the query text) and in SQL (`translate`). */
function foldCroatian(text: string): string {
  return text.replace(/[čćđšžČĆĐŠŽ]/g, (c) => CROATIAN_PLAIN[CROATIAN_MARKED.indexOf(c)] as string);
}

// hr_sort (migration 0056): the Croatian alphabet, case-insensitive (Č after C, Ž after Z).
const PROCESS_SORT_SQL: Record<ProcessListQuery['sort'], string> = {
  code: 'code collate hr_sort',
  name: 'name collate hr_sort',
  workCentre: 'work_centre collate hr_sort',
  costPerHour: 'cost_per_hour',
};

export async function listProcesses(
  tx: Tx,
  q: ProcessListQuery,
): Promise<{ items: Process[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (q.q) {
    // Without Croatian marks on either side: "cisc" finds ČIŠ Čišćenje, as the partner search does;
    // "dj" is also tried as "d" (đ typed without its mark: "djurdj" finds Đurđa).
    const plain = foldCroatian(q.q);
    const terms = [...new Set([plain, plain.replace(/dj/gi, 'd')])];
    const folded = (column: string) =>
      sql.raw(`translate(${column}, '${CROATIAN_MARKED}', '${CROATIAN_PLAIN}')`);
    const matches = terms.map((term) => {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`${folded('code')} ilike ${like} or ${folded('name')} ilike ${like} or ${folded('work_centre')} ilike ${like}`;
    });
    conditions.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  if (q.active !== 'all') conditions.push(sql`active = ${q.active === 'active'}`);
  const where = sql.join(conditions, sql` and `);
  const order = sql.raw(`${PROCESS_SORT_SQL[q.sort]} ${q.dir === 'desc' ? 'desc' : 'asc'}, id`);
  const rows = await query<ProcessRow & { total: number | string }>(
    tx,
    sql`select ${processColumns}, count(*) over () as total from processes where ${where}
        order by ${order} limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.page > 1) {
    const count = await query<{ n: string }>(
      tx,
      sql`select count(*)::text as n from processes where ${where}`,
    );
    return { items: [], total: Number(count[0]?.n ?? 0) };
  }
  return { items: rows.map(toProcess), total };
}

export async function getProcess(tx: Tx, id: string): Promise<Process | undefined> {
  const rows = await query<ProcessRow>(tx, sql`select ${processColumns} from processes where id = ${id}`);
  return rows[0] && toProcess(rows[0]);
}

export async function processCodeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  const rows = await query(
    tx,
    sql`select 1 from processes where lower(code) = lower(${code}) and id is distinct from ${exceptId ?? null}::uuid`,
  );
  return rows.length > 0;
}

export async function insertProcess(tx: Tx, companyId: string, p: ProcessInput): Promise<string> {
  const rows = await query<{ id: string }>(
    tx,
    sql`insert into processes (company_id, code, name, work_centre, cost_per_hour, setup_minutes,
          minutes_per_unit, daily_capacity_hours, quality_check_required, active, category)
        values (${companyId}, ${p.code}, ${p.name}, ${p.workCentre}, ${p.costPerHour}, ${p.setupMinutes},
          ${p.minutesPerUnit}, ${p.dailyCapacityHours}, ${p.qualityCheckRequired}, ${p.active}, ${p.category ?? 'other'})
        returning id`,
  );
  return (rows[0] as { id: string }).id;
}

export async function updateProcess(tx: Tx, id: string, p: ProcessInput): Promise<boolean> {
  const rows = await query(
    tx,
    sql`update processes set code = ${p.code}, name = ${p.name}, work_centre = ${p.workCentre},
          cost_per_hour = ${p.costPerHour}, setup_minutes = ${p.setupMinutes},
          minutes_per_unit = ${p.minutesPerUnit}, daily_capacity_hours = ${p.dailyCapacityHours},
          quality_check_required = ${p.qualityCheckRequired}, active = ${p.active},
          category = coalesce(${p.category ?? null}, category), updated_at = now()
        where id = ${id} returning id`,
  );
  return rows.length > 0;
}

export async function processInUse(tx: Tx, id: string): Promise<boolean> {
  return (await query(tx, sql`select 1 from routing_steps where process_id = ${id} limit 1`)).length > 0;
}

export async function deleteProcess(tx: Tx, id: string): Promise<boolean> {
  return (await query(tx, sql`delete from processes where id = ${id} returning id`)).length > 0;
}

// --- items (owned by inventory; read here) -------------------------------------------------------

export type ItemInfo = ProductItem;

export async function itemsByIds(tx: Tx, ids: readonly string[]): Promise<Map<string, ItemInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await query<{
    id: string;
    sku: string;
    name: string;
    kind: string;
    base_unit: string;
    avg_cost: string | null;
    on_hand: string | null;
    purchase_price: string | null;
    sales_price: string | null;
  }>(
    tx,
    sql`select i.id, i.sku, i.name, i.kind, i.base_unit, trim_scale(s.avg_cost)::text as avg_cost,
          s.on_hand::text as on_hand, trim_scale(i.purchase_price)::text as purchase_price,
          trim_scale(i.sales_price)::text as sales_price
        from items i left join item_stock s on s.item_id = i.id
        where i.id = any(${uuidArray(ids)})`,
  );
  return new Map(
    rows.map((r) => {
      const hasAverage = r.avg_cost !== null && (Number(r.on_hand ?? 0) > 0 || Number(r.avg_cost) > 0);
      return [
        r.id,
        {
          id: r.id,
          sku: r.sku,
          name: r.name,
          kind: r.kind,
          baseUnit: r.base_unit,
          cost: hasAverage ? r.avg_cost : r.purchase_price,
          salesPrice: r.sales_price,
        },
      ];
    }),
  );
}

export async function searchItems(tx: Tx, q: string, limit: number): Promise<ItemInfo[]> {
  // item_search_ids (migration 0058): SKU or name, without Croatian marks, through the trigram indexes.
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from items where active and id in (select item_search_ids(${q}))
        order by (lower(sku) = lower(${q})) desc, sku limit ${limit}`,
  );
  const info = await itemsByIds(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => info.get(r.id)).filter((i): i is ItemInfo => i !== undefined);
}

// --- products -----------------------------------------------------------------------------------

export type ProductRow = ProductRowWire;

export async function listProducts(
  tx: Tx,
  q: { q?: string; sort: 'sku' | 'name'; dir: 'asc' | 'desc'; page: number; pageSize: number },
): Promise<{ items: ProductRow[]; total: number }> {
  const conditions: SQL[] = [
    sql`(i.kind = 'product' or exists (select 1 from boms b where b.product_id = i.id))`,
  ];
  // As the item list: SKU or name without Croatian marks ("cep" finds Čep), migration 0058.
  if (q.q) conditions.push(sql`i.id in (select item_search_ids(${q.q}))`);
  const where = sql.join(conditions, sql` and `);
  const order = sql.raw(
    `${q.sort === 'name' ? 'i.name collate hr_sort' : 'i.sku collate hr_sort'} ${q.dir === 'desc' ? 'desc' : 'asc'}, i.id`,
  );
  const rows = await query<{
    id: string;
    sku: string;
    name: string;
    kind: string;
    base_unit: string;
    sales_price: string | null;
    active_version: number | null;
    versions: number | string;
    steps: number | string;
    updated_at: unknown;
    total: number | string;
  }>(
    tx,
    sql`select i.id, i.sku, i.name, i.kind, i.base_unit, trim_scale(i.sales_price)::text as sales_price,
          (select version from boms b where b.product_id = i.id and b.status = 'active') as active_version,
          (select count(*) from boms b where b.product_id = i.id) as versions,
          (select count(*) from routing_steps s join routings r on r.id = s.routing_id where r.product_id = i.id) as steps,
          i.updated_at, count(*) over () as total
        from items i where ${where} order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      name: r.name,
      kind: r.kind,
      baseUnit: r.base_unit,
      salesPrice: r.sales_price,
      activeVersion: r.active_version,
      versions: Number(r.versions),
      routingSteps: Number(r.steps),
      updatedAt: iso(r.updated_at),
    })),
  };
}

// --- BOMs ---------------------------------------------------------------------------------------

export type BomHeader = BomHeaderWire;

export type BomLineRow = Omit<BomLine, 'component' | 'componentHasBom'>;

type BomHeaderRow = {
  id: string;
  product_id: string;
  version: number;
  status: BomStatus;
  note: string;
  variables: { name: string; value: string }[] | string;
  activated_at: unknown;
  updated_at: unknown;
  line_count: number | string;
};

const toHeader = (r: BomHeaderRow): BomHeader => ({
  id: r.id,
  productId: r.product_id,
  version: r.version,
  status: r.status,
  note: r.note,
  variables: typeof r.variables === 'string' ? JSON.parse(r.variables) : r.variables,
  activatedAt: r.activated_at == null ? null : iso(r.activated_at),
  updatedAt: iso(r.updated_at),
  lineCount: Number(r.line_count),
});

const headerColumns = sql`b.id, b.product_id, b.version, b.status, b.note, b.variables, b.activated_at, b.updated_at,
  (select count(*) from bom_lines l where l.bom_id = b.id) as line_count`;

export async function listBoms(tx: Tx, productId: string): Promise<BomHeader[]> {
  const rows = await query<BomHeaderRow>(
    tx,
    sql`select ${headerColumns} from boms b where b.product_id = ${productId} order by b.version desc`,
  );
  return rows.map(toHeader);
}

export async function getBomHeader(tx: Tx, bomId: string, lock = false): Promise<BomHeader | undefined> {
  const rows = await query<BomHeaderRow>(
    tx,
    sql`select ${headerColumns} from boms b where b.id = ${bomId} ${lock ? sql`for update of b` : sql``}`,
  );
  return rows[0] && toHeader(rows[0]);
}

export async function activeBomId(tx: Tx, productId: string): Promise<string | undefined> {
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from boms where product_id = ${productId} and status = 'active'`,
  );
  return rows[0]?.id;
}

export async function bomLines(tx: Tx, bomIds: readonly string[]): Promise<Map<string, BomLineRow[]>> {
  const result = new Map<string, BomLineRow[]>(bomIds.map((id) => [id, []]));
  if (bomIds.length === 0) return result;
  const rows = await query<{
    id: string;
    bom_id: string;
    position: number;
    component_id: string;
    quantity: string | null;
    formula: string | null;
    unit: string;
    scrap_pct: string;
    child_width: string | null;
    child_height: string | null;
    cut_count: string | null;
    cut_length: string | null;
    cut_width: string | null;
    cut_height: string | null;
    cut_angle_start: number;
    cut_angle_end: number;
  }>(
    tx,
    sql`select id, bom_id, position, component_id, trim_scale(quantity)::text as quantity, formula, unit,
          trim_scale(scrap_pct)::text as scrap_pct, child_width, child_height,
          cut_count, cut_length, cut_width, cut_height, cut_angle_start, cut_angle_end
        from bom_lines where bom_id = any(${uuidArray(bomIds)}) order by bom_id, position`,
  );
  for (const r of rows)
    result.get(r.bom_id)?.push({
      id: r.id,
      position: r.position,
      componentId: r.component_id,
      quantity: r.quantity,
      formula: r.formula,
      unit: r.unit,
      scrapPct: r.scrap_pct,
      childWidth: r.child_width,
      childHeight: r.child_height,
      cutCount: r.cut_count,
      cutLength: r.cut_length,
      cutWidth: r.cut_width,
      cutHeight: r.cut_height,
      cutAngleStart: Number(r.cut_angle_start),
      cutAngleEnd: Number(r.cut_angle_end),
    });
  return result;
}

/** Unit conversions of the given items (1 unit = factor × base unit), keyed `<item id>|<unit>`. */
export async function unitFactors(tx: Tx, itemIds: readonly string[]): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await query<{ item_id: string; unit: string; factor: string }>(
    tx,
    sql`select item_id, unit, trim_scale(factor)::text as factor from item_unit_conversions
        where item_id = any(${uuidArray(itemIds)})`,
  );
  return new Map(rows.map((r) => [`${r.item_id}|${r.unit}`, r.factor]));
}

/** Active BOMs of the given products (those that have one), as domain definitions. */
export async function activeBoms(tx: Tx, productIds: readonly string[]): Promise<Map<string, BomDef>> {
  if (productIds.length === 0) return new Map();
  const headers = await query<{ id: string; product_id: string; variables: BomDef['variables'] | string }>(
    tx,
    sql`select id, product_id, variables from boms
        where status = 'active' and product_id = any(${uuidArray(productIds)})`,
  );
  const lines = await bomLines(
    tx,
    headers.map((h) => h.id),
  );
  return new Map(
    headers.map((h) => [
      h.product_id,
      {
        productId: h.product_id,
        variables: typeof h.variables === 'string' ? JSON.parse(h.variables) : h.variables,
        lines: lines.get(h.id) ?? [],
      },
    ]),
  );
}

export async function nextBomVersion(tx: Tx, productId: string): Promise<number> {
  // Lock the product's item row so two new versions cannot get the same number.
  await tx.execute(sql`select 1 from items where id = ${productId} for update`);
  const rows = await query<{ v: number | string }>(
    tx,
    sql`select coalesce(max(version), 0) + 1 as v from boms where product_id = ${productId}`,
  );
  return Number(rows[0]?.v ?? 1);
}

export async function insertBom(
  tx: Tx,
  companyId: string,
  productId: string,
  version: number,
  input: BomInput,
): Promise<string> {
  const rows = await query<{ id: string }>(
    tx,
    sql`insert into boms (company_id, product_id, version, status, note, variables)
        values (${companyId}, ${productId}, ${version}, 'draft', ${input.note}, ${JSON.stringify(input.variables)}::jsonb)
        returning id`,
  );
  const id = (rows[0] as { id: string }).id;
  await insertLines(tx, companyId, id, input);
  return id;
}

async function insertLines(tx: Tx, companyId: string, bomId: string, input: BomInput): Promise<void> {
  let position = 0;
  for (const l of input.lines) {
    position++;
    const formula = l.formula && l.formula.trim() !== '' ? l.formula.trim() : null;
    await tx.execute(
      sql`insert into bom_lines (company_id, bom_id, position, component_id, quantity, formula, unit, scrap_pct,
            child_width, child_height, cut_count, cut_length, cut_width, cut_height, cut_angle_start, cut_angle_end)
          values (${companyId}, ${bomId}, ${position}, ${l.componentId}, ${formula ? null : l.quantity}, ${formula},
            ${l.unit}, ${l.scrapPct}, ${blankToNull(l.childWidth)}, ${blankToNull(l.childHeight)},
            ${blankToNull(l.cutCount)}, ${blankToNull(l.cutLength)}, ${blankToNull(l.cutWidth)},
            ${blankToNull(l.cutHeight)}, ${l.cutAngleStart ?? 90}, ${l.cutAngleEnd ?? 90})`,
    );
  }
}

const blankToNull = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null);

export async function replaceBom(tx: Tx, companyId: string, bomId: string, input: BomInput): Promise<void> {
  await tx.execute(
    sql`update boms set note = ${input.note}, variables = ${JSON.stringify(input.variables)}::jsonb, updated_at = now()
        where id = ${bomId}`,
  );
  await tx.execute(sql`delete from bom_lines where bom_id = ${bomId}`);
  await insertLines(tx, companyId, bomId, input);
}

export async function setBomStatus(tx: Tx, bomId: string, status: BomStatus): Promise<void> {
  await tx.execute(
    sql`update boms set status = ${status}, updated_at = now(),
          activated_at = case when ${status} = 'active' then now() else activated_at end
        where id = ${bomId}`,
  );
}

export async function archiveActive(tx: Tx, productId: string): Promise<void> {
  await tx.execute(
    sql`update boms set status = 'archived', updated_at = now() where product_id = ${productId} and status = 'active'`,
  );
}

export async function deleteBom(tx: Tx, bomId: string): Promise<void> {
  await tx.execute(sql`delete from boms where id = ${bomId}`);
}

// --- routings -----------------------------------------------------------------------------------

export type RoutingStepRow = RoutingStep;

export async function routingSteps(
  tx: Tx,
  productIds: readonly string[],
): Promise<Map<string, RoutingStepRow[]>> {
  const result = new Map<string, RoutingStepRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return result;
  const rows = await query<{
    product_id: string;
    position: number;
    process_id: string;
    code: string;
    name: string;
    work_centre: string;
    setup_minutes: string | null;
    minutes_per_unit: string | null;
    p_setup: string;
    p_per_unit: string;
    cost_per_hour: string;
    quality_check_required: boolean;
    category: ProcessCategory;
    note: string;
  }>(
    tx,
    sql`select r.product_id, s.position, s.process_id, p.code, p.name, p.work_centre,
          trim_scale(s.setup_minutes)::text as setup_minutes, trim_scale(s.minutes_per_unit)::text as minutes_per_unit,
          trim_scale(p.setup_minutes)::text as p_setup, trim_scale(p.minutes_per_unit)::text as p_per_unit,
          trim_scale(p.cost_per_hour)::text as cost_per_hour, p.quality_check_required, p.category, s.note
        from routings r join routing_steps s on s.routing_id = r.id join processes p on p.id = s.process_id
        where r.product_id = any(${uuidArray(productIds)}) order by r.product_id, s.position`,
  );
  for (const r of rows)
    result.get(r.product_id)?.push({
      position: r.position,
      processId: r.process_id,
      processCode: r.code,
      processName: r.name,
      workCentre: r.work_centre,
      setupMinutes: r.setup_minutes,
      minutesPerUnit: r.minutes_per_unit,
      defaultSetupMinutes: r.p_setup,
      defaultMinutesPerUnit: r.p_per_unit,
      costPerHour: r.cost_per_hour,
      qualityCheckRequired: r.quality_check_required,
      category: r.category,
      note: r.note,
    });
  return result;
}

export async function replaceRouting(
  tx: Tx,
  companyId: string,
  productId: string,
  steps: { processId: string; setupMinutes: string | null; minutesPerUnit: string | null; note: string }[],
): Promise<void> {
  const rows = await query<{ id: string }>(
    tx,
    sql`insert into routings (company_id, product_id) values (${companyId}, ${productId})
        on conflict (product_id) do update set updated_at = now() returning id`,
  );
  const routingId = (rows[0] as { id: string }).id;
  await tx.execute(sql`delete from routing_steps where routing_id = ${routingId}`);
  let position = 0;
  for (const s of steps) {
    position++;
    await tx.execute(
      sql`insert into routing_steps (company_id, routing_id, position, process_id, setup_minutes, minutes_per_unit, note)
          values (${companyId}, ${routingId}, ${position}, ${s.processId}, ${s.setupMinutes}, ${s.minutesPerUnit}, ${s.note})`,
    );
  }
}

export async function existingProcessIds(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: string }>(
    tx,
    sql`select id from processes where id = any(${uuidArray(ids)})`,
  );
  return new Set(rows.map((r) => r.id));
}
