export * from './contracts.ts';
export * from './partner.schemas.ts';
export * from './partner-import.ts';
export * from './partner-names.ts';
export * from './supplier-performance.ts';
export * from './vat-id.ts';
