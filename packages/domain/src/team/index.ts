export * from './contracts.ts';
export * from './team.rules.ts';
export * from './team.schemas.ts';
