export * from './conditions.ts';
export * from './rules.ts';
