export * from './contracts.ts';
export * from './matching.ts';
export * from './registers.ts';
export * from './status.ts';
export * from './types.ts';
