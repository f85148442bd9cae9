import type { BomDef } from './bom.ts';

/** Hand-computed fixtures: an insulating glass unit 4-16Ar-4 and a PVC window that contains one. */
export const IGU: BomDef = {
  productId: 'IGU-4-16AR-4',
  // s = seal depth (mm), g = gap (mm)
  variables: [
    { name: 's', value: '5' },
    { name: 'g', value: '16' },
  ],
  lines: [
    { componentId: 'FLOAT4', formula: 'W*H/1e6', quantity: null, unit: 'm2', scrapPct: '5' },
    { componentId: 'FLOAT4', formula: 'W*H/1e6', quantity: null, unit: 'm2', scrapPct: '5' },
    {
      componentId: 'SPACER16',
      formula: '2*((W-2*s)+(H-2*s))/1000',
      quantity: null,
      unit: 'm',
      scrapPct: '0',
    },
    { componentId: 'CORNER16', formula: null, quantity: '4', unit: 'kom', scrapPct: '0' },
    { componentId: 'BUTYL', formula: '2*2*((W-2*s)+(H-2*s))/1000', quantity: null, unit: 'm', scrapPct: '0' },
    { componentId: 'ARGON', formula: '(W-2*s)*(H-2*s)*g/1e6', quantity: null, unit: 'l', scrapPct: '10' },
  ],
};

export const WINDOW: BomDef = {
  productId: 'WIN-PVC',
  // a = weld allowance per welded end (mm), d = glazing deduction per side (mm)
  variables: [
    { name: 'a', value: '3' },
    { name: 'd', value: '48' },
  ],
  lines: [
    { componentId: 'FRAME70', formula: '(2*(W+H) + 8*a)/1000', quantity: null, unit: 'm', scrapPct: '2' },
    {
      componentId: 'IGU-4-16AR-4',
      formula: null,
      quantity: '1',
      unit: 'kom',
      scrapPct: '0',
      childWidth: 'W - 2*d',
      childHeight: 'H - 2*d',
    },
    { componentId: 'HINGESET', formula: 'H > 1200 ? 3 : 2', quantity: null, unit: 'kom', scrapPct: '0' },
    { componentId: 'GASKET', formula: '2*(W+H)/1000*2', quantity: null, unit: 'm', scrapPct: '0' },
  ],
};

export const fixtureBoms = (...boms: BomDef[]) => {
  const map = new Map(boms.map((b) => [b.productId, b]));
  return (id: string) => map.get(id);
};
