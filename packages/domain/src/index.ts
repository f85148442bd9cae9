export * from './errors.ts';
export * from './validation.ts';
export * from './auth/auth.schemas.ts';
export * from './identity/oib.ts';
export * from './identity/iban.ts';
export * from './tenants/tenant.schemas.ts';
export * from './changelog/changelog.schemas.ts';
export * from './redact.ts';
