export * from './csv.ts';
export * from './table.ts';
