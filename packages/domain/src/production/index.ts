// Production master data: quantity formulas, BOM explosion, cost roll-up and their schemas.

export * from './bom.ts';
export * from './completion.ts';
export * from './consumption-correction.ts';
export * from './contracts.ts';
export * from './costing.ts';
export * from './cut-pieces.ts';
export { moneyString as productionMoneyString, qtyString as productionQtyString } from './decimal.ts';
export * from './default-locations.ts';
export * from './formula.ts';
export * from './glass-makeup.ts';
export * from './processing-order.ts';
export * from './production.schemas.ts';
