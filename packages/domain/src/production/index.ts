// Production master data: quantity formulas, BOM explosion, cost roll-up and their schemas.
export { qtyString as productionQtyString, moneyString as productionMoneyString } from './decimal.ts';
export * from './formula.ts';
export * from './bom.ts';
export * from './costing.ts';
export * from './production.schemas.ts';
