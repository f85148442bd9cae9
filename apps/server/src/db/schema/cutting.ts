import { integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Cutting tables (migration 0010_cutting.sql is the source of truth; these only type queries).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cuttingJobs = pgTable('cutting_jobs', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  number: integer('number').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  sourceType: text('source_type').notNull(),
  sourceId: uuid('source_id'),
  input: jsonb('input').notNull(),
  plan: jsonb('plan'),
  stockCount: integer('stock_count'),
  lowerBound: integer('lower_bound'),
  wastePercent: numeric('waste_percent', { precision: 7, scale: 2 }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const cuttingRemnants = pgTable('cutting_remnants', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull(),
  jobId: uuid('job_id').notNull(),
  itemId: uuid('item_id').notNull(),
  lotId: uuid('lot_id'),
  parentItemId: uuid('parent_item_id'),
  parentLotId: uuid('parent_lot_id'),
  lengthMm: integer('length_mm').notNull(),
  widthMm: integer('width_mm').notNull(),
});
