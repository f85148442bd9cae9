export * from './contracts.ts';
export * from './po-status.ts';
export * from './po-totals.ts';
export * from './purchasing.schemas.ts';
export * from './purchase-units.ts';
