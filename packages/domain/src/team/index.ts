export * from './team.schemas.ts';
export * from './team.rules.ts';
