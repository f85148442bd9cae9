export * from './partner.schemas.ts';
export * from './vat-id.ts';
export * from './partner-names.ts';
export * from './partner-import.ts';
export * from './supplier-performance.ts';
