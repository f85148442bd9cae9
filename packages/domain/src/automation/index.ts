export * from './conditions.ts';
export * from './contracts.ts';
export * from './rules.ts';
