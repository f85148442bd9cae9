import {
  applyCuttingPreset,
  bomInputSchema,
  cuttingDefaultsSchema,
  itemInputSchema,
  jobToCutInput,
  optimizeCutting,
  pricingSettingsSchema,
  routingInputSchema,
} from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as cutting from '../cutting/cutting.service.ts';
import { getCuttingDefaults, putCuttingDefaults } from '../cutting/cutting-settings.ts';
import { putPricingSettings } from '../documents/pricing-settings.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as production from '../production/production.service.ts';

// What makes the demo company a glass and PVC window shop (issue 22): the trade's pricing settings
// and cutting presets, glass sold per m² by type and thickness, insulating units built from
// make-up formulas, PVC windows whose BOMs cut mitred profile bars, and confirmed cutting lists.

/**
 * Measure pricing of the shop: sizes rounded up to 30 mm, minimum billed areas per glass kind,
 * edge work per running metre by edge type with a minimum per pane, holes and cut-outs per piece,
 * small panes dearer per m² (bands), a rush surcharge.
 */
export const DEMO_PRICING = {
  dimension_step_mm: '30',
  min_area_float_m2: '0.3',
  min_area_laminated_m2: '0.3',
  min_area_insulating_m2: '0.4',
  min_area_tempered_m2: '0.5',
  min_edge_mm: '300',
  shape_surcharge_pct: '30',
  hole_price: '3.5',
  cutout_price: '12',
  edge_price_kgs: '1.8',
  edge_price_kmg: '3.2',
  edge_price_kgn: '4.5',
  edge_price_kpo: '6.5',
  edge_min_charge: '5',
  coating_removal_price: '1.6',
  rush_surcharge_pct: '25',
  oversize_surcharge_pct: '15',
  oversize_max_side_mm: '3210',
  oversize_max_area_m2: '6',
  oversize_max_aspect: '10',
  area_bands: [
    { max_area_m2: '0.5', surcharge_pct: '20' },
    { max_area_m2: '1', surcharge_pct: '10' },
  ],
};

/** Pricing settings and cutting defaults of the trade: glass scored (kerf 0, edge trim), PVC sawn. */
export async function applyTradeSettings(tx: Tx, ctx: CompanyContext): Promise<void> {
  await putPricingSettings(tx, ctx, pricingSettingsSchema.parse(DEMO_PRICING));
  const defaults = applyCuttingPreset(applyCuttingPreset(await getCuttingDefaults(tx), 'glass'), 'pvc');
  await putCuttingDefaults(tx, ctx, cuttingDefaultsSchema.parse(defaults));
}

type Ids = Record<string, string>;
type Line = Record<string, unknown>;

/** Glass sold cut to size, priced per m² (sales price) of the given kind; its sheet and routing. */
const GLASS_PRODUCTS = [
  {
    sku: 'FLOAT-4',
    name: 'Float staklo 4 mm',
    sheet: 'FLOAT-4',
    kind: 'float',
    t: '4',
    price: '18',
    steps: ['REZ'],
  },
  {
    sku: 'FLOAT-6',
    name: 'Float staklo 6 mm',
    sheet: 'FLOAT-6',
    kind: 'float',
    t: '6',
    price: '26',
    steps: ['REZ'],
  },
  {
    sku: 'FLOAT-8',
    name: 'Float staklo 8 mm',
    sheet: 'FLOAT-8',
    kind: 'float',
    t: '8',
    price: '34',
    steps: ['REZ'],
  },
  {
    sku: 'LOWE-4',
    name: 'Low-E staklo 4 mm',
    sheet: 'LOWE-4',
    kind: 'float',
    t: '4',
    price: '24',
    steps: ['REZ'],
  },
  {
    sku: 'KAL-6',
    name: 'Kaljeno staklo ESG 6 mm',
    sheet: 'FLOAT-6',
    kind: 'tempered',
    t: '6',
    price: '45',
    steps: ['REZ', 'BRU', 'BUS', 'KAL'],
  },
  {
    sku: 'KAL-8',
    name: 'Kaljeno staklo ESG 8 mm',
    sheet: 'FLOAT-8',
    kind: 'tempered',
    t: '8',
    price: '58',
    steps: ['REZ', 'BRU', 'BUS', 'KAL'],
  },
  {
    sku: 'KAL-10',
    name: 'Kaljeno staklo ESG 10 mm',
    sheet: 'FLOAT-10',
    kind: 'tempered',
    t: '10',
    price: '72',
    steps: ['REZ', 'BRU', 'BUS', 'KAL'],
  },
  {
    sku: 'VSG-33.1',
    name: 'Laminirano staklo VSG 33.1 (6,38 mm)',
    sheet: 'VSG-33.1',
    kind: 'laminated',
    t: '6.38',
    price: '42',
    steps: ['REZ', 'BRU'],
  },
  {
    sku: 'VSG-44.2',
    name: 'Laminirano staklo VSG 44.2 (8,76 mm)',
    sheet: 'VSG-44.2',
    kind: 'laminated',
    t: '8.76',
    price: '55',
    steps: ['REZ', 'BRU'],
  },
] as const;

/** The big sheet every product of a glass type is cut from. */
export const sheetSku = (code: string) => `ST-${code}-3210x2250`;

/**
 * Creates the shop's products: glass cut to size, insulating units and PVC windows, each with an
 * active BOM and a routing. `item` (SKU → id) must hold the catalogue; the products are added.
 */
export async function createTradeProducts(tx: Tx, ctx: CompanyContext, item: Ids, proc: Ids): Promise<void> {
  const product = async (
    fields: Record<string, unknown>,
    bom: { variables?: { name: string; value: string }[]; lines: Line[] },
    steps: string[],
  ) => {
    const created = await inventory.createItem(
      tx,
      ctx,
      itemInputSchema.parse({ kind: 'product', base_unit: 'kom', ...fields }),
    );
    const saved = await production.createBom(tx, ctx, created.id, bomInputSchema.parse(bom));
    await production.activateBom(tx, created.id, saved.id);
    await production.saveRouting(
      tx,
      ctx,
      created.id,
      routingInputSchema.parse({ steps: steps.map((code) => ({ processId: proc[code] })) }),
    );
    item[fields.sku as string] = created.id;
  };
  const line = (
    sku: string,
    unit: string,
    formula: string | null,
    quantity: string | null,
    extra: Line = {},
  ) => ({
    componentId: item[sku],
    unit,
    formula,
    quantity,
    scrapPct: '0',
    ...extra,
  });

  for (const g of GLASS_PRODUCTS)
    await product(
      {
        sku: g.sku,
        name: g.name,
        thickness_mm: g.t,
        lot_tracked: true,
        price_basis: 'area',
        glass_kind: g.kind,
        sales_price: g.price,
        kpd_code: g.kind === 'float' ? '23.12.11' : '23.12.12',
      },
      // One pane of W × H from the sheet (the cutting list's piece; m² with a cutting allowance).
      { lines: [line(sheetSku(g.sheet), 'm2', 'W*H/1e6', null, { scrapPct: '8', cutCount: '1' })] },
      [...g.steps],
    );

  // Insulating units from their make-up: g = cavity (spacer width), d = depth of the secondary seal.
  // The spacer frame sits d inside the panes; butyl on both faces of the spacer; the seal fills the
  // edge channel (g × d, polysulphide 1.7 kg/l); the argon fills 90 % of the cavity.
  const izo = (
    panes: Line[],
    argon: boolean,
  ): { variables: { name: string; value: string }[]; lines: Line[] } => ({
    variables: [
      { name: 'g', value: '16' },
      { name: 'd', value: '5' },
    ],
    lines: [
      ...panes,
      line('DIS-16', 'm', '2*(W+H-4*d)/1000', null, { scrapPct: '3' }),
      line('BUT-4', 'm', '2*2*(W+H-4*d)/1000', null),
      line('MOL-SITO', 'kg', '2*(W+H)*g/640000', null),
      line('POLS-2K', 'kg', '2*(W+H)*g*d*1.7/1e6', null, { scrapPct: '10' }),
      ...(argon ? [line('ARGON', 'l', 'W*H*g*0.9/1e6', null)] : []),
    ],
  });
  const pane = (code: string, n: number) =>
    line(sheetSku(code), 'm2', `${n}*W*H/1e6`, null, { scrapPct: '8', cutCount: String(n) });
  const insulating = {
    lot_tracked: true,
    price_basis: 'area',
    glass_kind: 'insulating',
    kpd_code: '23.12.20',
  };
  await product(
    {
      sku: 'IZO-4-16-4',
      name: 'IZO staklo 4-16-4 float',
      thickness_mm: '24',
      sales_price: '38',
      ...insulating,
    },
    izo([pane('FLOAT-4', 2)], false),
    ['REZ', 'IZO'],
  );
  await product(
    {
      sku: 'IZO-4-16-4-LOWE-AR',
      name: 'IZO staklo 4-16Ar-4 Low-E',
      thickness_mm: '24',
      sales_price: '52',
      ...insulating,
    },
    izo([pane('FLOAT-4', 1), pane('LOWE-4', 1)], true),
    ['REZ', 'IZO'],
  );

  for (const w of WINDOWS)
    await product(
      { sku: w.sku, name: w.name, sales_price: w.price, kpd_code: '22.23.10' },
      windowBom(w.series, w.colour, w.wings, w.door, line, item),
      ['RPV', 'ZAV', 'OKI', 'MON'],
    );
}

const WINDOWS = [
  {
    sku: 'PVC-P1-70',
    name: 'PVC prozor jednokrilni 70, bijeli',
    price: '260',
    series: 70,
    colour: 'BI',
    wings: 1,
    door: false,
  },
  {
    sku: 'PVC-P2-76',
    name: 'PVC prozor dvokrilni 76, bijeli',
    price: '430',
    series: 76,
    colour: 'BI',
    wings: 2,
    door: false,
  },
  {
    sku: 'PVC-P1-76-AN',
    name: 'PVC prozor jednokrilni 76, antracit',
    price: '340',
    series: 76,
    colour: 'AN',
    wings: 1,
    door: false,
  },
  {
    sku: 'PVC-BV-82',
    name: 'PVC balkonska vrata 82, bijela',
    price: '520',
    series: 82,
    colour: 'BI',
    wings: 1,
    door: true,
  },
] as const;

/**
 * A PVC window of W × H (outer frame size): frame, sash and glazing-bead bars cut with 45° mitres
 * at both ends (the cutting list adds the weld allowance), a mullion (T-profil) square between
 * two sashes, and the insulating unit as a sub-assembly at the glass size. Constants of the
 * profile system: a = frame face, p = sash overlap on the frame, t = mullion face, b = sash face
 * (the glazing bead's line), r = glass in the rebate.
 */
function windowBom(
  series: number,
  colour: string,
  wings: number,
  door: boolean,
  line: (sku: string, unit: string, formula: string | null, quantity: string | null, extra?: Line) => Line,
  item: Ids,
) {
  const sashW = wings === 1 ? '(W-2*a+2*p)' : '((W-2*a-t)/2+2*p)';
  const sashH = '(H-2*a+2*p)';
  const mitre = { cutAngleStart: 45, cutAngleEnd: 45 };
  // `count` pieces of `length` mm: the quantity is their metres (the bar is kept in m).
  const bar = (sku: string, count: number, length: string, extra: Line = mitre) =>
    line(sku, 'm', `${count}*${length}/1000`, null, {
      scrapPct: '5',
      cutCount: String(count),
      cutLength: length,
      ...extra,
    });
  const profile = (part: string) => `PVC-${series}-${part}-${colour}`;
  const lines: Line[] = [
    bar(profile('OK'), 2, 'W'),
    bar(profile('OK'), 2, 'H'),
    bar(profile('KR'), 2 * wings, sashW),
    bar(profile('KR'), 2 * wings, sashH),
    bar(profile('LS'), 2 * wings, `(${sashW}-2*b)`),
    bar(profile('LS'), 2 * wings, `(${sashH}-2*b)`),
    line(`CP-${series}-OK`, 'm', '2*(W+H)/1000', null, { scrapPct: '5' }),
    line(`CP-${series}-KR`, 'm', `${2 * wings}*(${sashW}+${sashH})/1000`, null, { scrapPct: '5' }),
    line('EPDM-OK-CR', 'm', '2*(W+H)/1000', null, { scrapPct: '5' }),
    line('EPDM-KR-CR', 'm', `${2 * wings}*(${sashW}+${sashH})/1000`, null, { scrapPct: '5' }),
    line(door ? 'OKV-ON-L-L' : 'OKV-ON-M-L', 'kom', null, String(wings)),
    line('KVA-STD-BIJ', 'kom', null, String(wings)),
    line('VIJ-OK-112', 'kom', null, '8'),
    line('SIL-BIJ', 'kom', null, '0.3'),
    {
      componentId: item['IZO-4-16-4-LOWE-AR'],
      unit: 'kom',
      formula: null,
      quantity: String(wings),
      scrapPct: '0',
      childWidth: `${sashW}-2*b+2*r`,
      childHeight: `${sashH}-2*b+2*r`,
    },
  ];
  if (wings === 2) lines.push(bar(profile('TP'), 1, '(H-2*a)', { cutAngleStart: 90, cutAngleEnd: 90 }));
  if (door) lines.push(line('SAR-BIJ', 'kom', null, '3'));
  return {
    variables: [
      { name: 'a', value: String(series) },
      { name: 'p', value: '8' },
      { name: 't', value: '82' },
      { name: 'b', value: '78' },
      { name: 'r', value: '10' },
    ],
    lines,
  };
}

/**
 * Cutting lists of a work order, one per material, each with the free stock of its material at
 * the location, optimised here (the domain optimiser, a short time limit) and confirmed: the sheets
 * and bars are reserved for the order. Returns how many lists were made.
 */
export async function confirmCuttingLists(
  tx: Tx,
  ctx: CompanyContext,
  workOrderId: string,
  locationId: string,
): Promise<number> {
  const materials = await cutting.workOrderMaterials(tx, workOrderId);
  let made = 0;
  for (const m of materials) {
    if (!m.material_id) continue;
    const job = await cutting.createFromWorkOrder(tx, ctx, workOrderId, m.material_id);
    const rows = (await cutting.stock(tx, m.kind, job.id)).filter(
      (s) => s.item_id === m.material_id && s.location_id === locationId && s.quantity > 0,
    );
    await cutting.setStock(
      tx,
      ctx,
      job.id,
      rows.map((s) => ({
        ref: `${s.sku}${s.lot_number ? `/${s.lot_number}` : ''}`.slice(0, 40),
        label: s.name,
        item_id: s.item_id,
        lot_id: s.lot_id,
        location_id: s.location_id,
        ...(m.kind === '1d' ? { length: s.length } : { width: s.length, height: s.width ?? 0 }),
        quantity: s.quantity,
        remnant: s.remnant,
      })),
    );
    const stored = await cutting.getJob(tx, job.id);
    const plan = optimizeCutting({ ...jobToCutInput(stored.input, 1), timeLimitMs: 150 });
    await cutting.savePlan(tx, ctx, job.id, plan);
    await cutting.confirm(tx, ctx, job.id);
    made++;
  }
  return made;
}

/** What the demo's quotes sell: windows, insulating units, glass cut to size. */
export const SOLD_PRODUCTS = [
  ...WINDOWS.map((w) => w.sku),
  'IZO-4-16-4',
  'IZO-4-16-4-LOWE-AR',
  ...GLASS_PRODUCTS.map((g) => g.sku),
] as const;

/** Window lines name their profile system, glass make-up, colour and hardware (docs/documents.md). */
const WINDOW_SPEC: Record<string, Record<string, string>> = {
  'PVC-P1-70': { profile_system: 'PVC 70, 5 komora', colour: 'bijela', hardware_set: 'okretno-nagibni' },
  'PVC-P2-76': {
    profile_system: 'PVC 76, 6 komora',
    colour: 'bijela',
    hardware_set: 'okretno-nagibni + okretni',
  },
  'PVC-P1-76-AN': {
    profile_system: 'PVC 76, 6 komora',
    colour: 'antracit RAL 7016',
    hardware_set: 'okretno-nagibni',
  },
  'PVC-BV-82': { profile_system: 'PVC 82, 7 komora', colour: 'bijela', hardware_set: 'balkonski, s kvakom' },
};

/**
 * The fields of a quote line beyond item, quantity and size: a window's specification, the edge
 * work and holes of tempered glass (a shower door: polished, two holes for the hinges), a ground
 * edge on laminated glass. Glass lines carry no price: the company's measure pricing sets it.
 */
export function lineExtras(sku: string, pick: <T>(list: readonly T[]) => T): Line {
  const spec = WINDOW_SPEC[sku];
  if (spec) return { ...spec, glass_makeup: '4-16Ar-4E' };
  if (sku.startsWith('KAL-')) {
    const holes = pick([0, 2, 4]);
    return {
      edge_type: pick(['kgn', 'kpo']),
      ...(holes > 0 ? { hole_count: holes, hole_diameter_mm: '12', hole_edge_mm: '40' } : {}),
    };
  }
  if (sku.startsWith('VSG-')) return { edge_type: 'kgs' };
  return {};
}

/**
 * The order planned this month with its cutting lists confirmed: windows (mitred PVC bars, Low-E
 * units), insulating units, a tempered shower door with holes and small float panes billed at the
 * minimum area.
 */
export const PLANNED_ORDER: { sku: string; quantity: string; w: number; h: number }[] = [
  { sku: 'PVC-P1-76-AN', quantity: '2', w: 1000, h: 1400 },
  { sku: 'IZO-4-16-4-LOWE-AR', quantity: '4', w: 1200, h: 1400 },
  { sku: 'KAL-8', quantity: '2', w: 800, h: 2000 },
  { sku: 'FLOAT-4', quantity: '3', w: 250, h: 400 },
];
