export * from './team.rules.ts';
export * from './team.schemas.ts';
