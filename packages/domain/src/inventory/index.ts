export * from './contracts.ts';
export * from './engine.ts';
export * from './free-stock.ts';
export * from './item-import.ts';
export * from './ledger.ts';
export * from './lots.ts';
export * from './pieces.ts';
export * from './schemas.ts';
