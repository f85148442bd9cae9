import type Decimal from 'decimal.js';
import type { Explosion } from './bom.ts';
import { Dec, HUNDRED, MONEY_DECIMALS, ONE, ZERO } from './decimal.ts';

/** One routing step with the times and rate it is costed at. */
export type RoutingStepCost = {
  processId: string;
  setupMinutes: Decimal.Value;
  minutesPerUnit: Decimal.Value;
  costPerHour: Decimal.Value;
};

export type CostInput = {
  explosion: Explosion;
  /** Moving average cost per base unit of an item; undefined when the item has none yet. */
  averageCost: (itemId: string) => Decimal.Value | undefined;
  /** Routing of a product or sub-assembly (empty when it has none). */
  routingOf: (itemId: string) => readonly RoutingStepCost[];
  /** Gross margin on the selling price in percent, 0 ≤ margin < 100. */
  marginPct: Decimal.Value;
};

export type MaterialCost = {
  itemId: string;
  unit: string;
  quantity: Decimal;
  unitCost: Decimal;
  amount: Decimal;
  missingCost: boolean;
};

export type LabourCost = {
  itemId: string;
  processId: string;
  quantity: Decimal;
  minutes: Decimal;
  amount: Decimal;
};

export type CostRollup = {
  materials: MaterialCost[];
  labour: LabourCost[];
  materialCost: Decimal;
  labourCost: Decimal;
  totalCost: Decimal;
  unitCost: Decimal;
  marginPct: Decimal;
  suggestedUnitPrice: Decimal;
  suggestedTotalPrice: Decimal;
};

const money = (d: Decimal) => d.toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP);

export class MarginError extends Error {
  constructor() {
    super('Margin must be at least 0 and below 100 %');
    this.name = 'MarginError';
  }
}

/**
 * Rolls up the cost of an explosion: materials at average cost plus labour from the routings of
 * the product and of every sub-assembly made for it (setup once per item, then minutes per unit).
 * Every line amount is rounded to cents and the totals are sums of the rounded lines, so the
 * printed table always adds up. The suggested price applies a gross margin on the price:
 * price = cost / (1 − margin/100).
 */
export function rollUpCost(input: CostInput): CostRollup {
  const marginPct = new Dec(input.marginPct);
  if (marginPct.isNeg() || marginPct.gte(HUNDRED)) throw new MarginError();

  const materials = input.explosion.requirements.map((req): MaterialCost => {
    const known = input.averageCost(req.itemId);
    const unitCost = known === undefined ? ZERO : new Dec(known);
    return {
      itemId: req.itemId,
      unit: req.unit,
      quantity: req.quantity,
      unitCost,
      amount: money(req.quantity.mul(unitCost)),
      missingCost: known === undefined,
    };
  });

  const labour: LabourCost[] = [];
  for (const made of input.explosion.made) {
    for (const step of input.routingOf(made.itemId)) {
      const minutes = new Dec(step.setupMinutes).add(new Dec(step.minutesPerUnit).mul(made.quantity));
      labour.push({
        itemId: made.itemId,
        processId: step.processId,
        quantity: made.quantity,
        minutes,
        amount: money(minutes.mul(new Dec(step.costPerHour)).div(60)),
      });
    }
  }

  const materialCost = materials.reduce((sum, m) => sum.add(m.amount), ZERO);
  const labourCost = labour.reduce((sum, l) => sum.add(l.amount), ZERO);
  const totalCost = materialCost.add(labourCost);
  const quantity = input.explosion.quantity;
  const unitCostExact = quantity.isZero() ? ZERO : totalCost.div(quantity);
  const priceFactor = ONE.sub(marginPct.div(HUNDRED));
  const suggestedUnitPrice = money(unitCostExact.div(priceFactor));
  return {
    materials,
    labour,
    materialCost,
    labourCost,
    totalCost,
    unitCost: money(unitCostExact),
    marginPct,
    suggestedUnitPrice,
    suggestedTotalPrice: money(suggestedUnitPrice.mul(quantity)),
  };
}
