// Documents: quotes, work orders, delivery notes, invoices — numbering, totals, lifecycles and
// the Croatian specifics (payment reference, HUB-3 barcode, UBL e-invoice).

export * from './advances.ts';
export * from './contracts.ts';
export * from './frozen.ts';
export * from './fulfilment.ts';
export * from './guards.ts';
export * from './hub3.ts';
export * from './line-pricing.ts';
export * from './mail.ts';
export * from './numbering.ts';
export * from './payment-reference.ts';
export * from './payments.ts';
export * from './schemas.ts';
export * from './status.ts';
export * from './totals.ts';
export * from './ubl.ts';
export * from './vat-treatment.ts';
export * from './window-line.ts';
