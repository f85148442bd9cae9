export * from './ledger.ts';
export * from './lots.ts';
export * from './engine.ts';
export * from './schemas.ts';
export * from './item-import.ts';
