import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Partners (migration 0005_partners.sql is the source of truth; these only type queries).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

type AddressJson = {
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
};

export const partners = pgTable('partners', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  role: text('role').$type<'client' | 'supplier'>().notNull(),
  kind: text('kind').$type<'company' | 'person'>().notNull().default('company'),
  name: text('name').notNull(),
  nameKey: text('name_key').notNull(),
  /** AES-256-GCM envelope (security/field-crypto.ts); never read or write it directly. */
  oib: text('oib'),
  /** Blind index (HMAC) of the plain OIB: uniqueness and exact search. */
  oibBidx: text('oib_bidx'),
  vatId: text('vat_id'),
  billingAddress: jsonb('billing_address').$type<AddressJson | null>(),
  deliveryAddress: jsonb('delivery_address').$type<AddressJson | null>(),
  email: text('email'),
  phone: text('phone'),
  paymentTermsDays: integer('payment_terms_days').notNull().default(15),
  defaultDiscount: numeric('default_discount', { precision: 5, scale: 2 }).notNull().default('0'),
  notes: text('notes'),
  active: boolean('active').notNull().default(true),
  leadTimeDays: integer('lead_time_days'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const partnerContacts = pgTable('partner_contacts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  partnerId: uuid('partner_id').notNull(),
  positionNo: integer('position_no').notNull(),
  name: text('name').notNull(),
  position: text('position'),
  email: text('email'),
  phone: text('phone'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const supplierItems = pgTable('supplier_items', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  companyId: uuid('company_id').notNull(),
  supplierId: uuid('supplier_id').notNull(),
  itemId: uuid('item_id').notNull(),
  supplierSku: text('supplier_sku'),
  price: numeric('price', { precision: 18, scale: 4 }),
  minOrderQty: numeric('min_order_qty', { precision: 18, scale: 4 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
