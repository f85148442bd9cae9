import type { ProcessCategory } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Production tables (migration 0003_production.sql is the source of truth; these only type queries).
// Quantities, times and money are numeric columns read as decimal strings.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);

export const processes = pgTable('processes', {
  id: id(),
  companyId: uuid('company_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  workCentre: text('work_centre').notNull().default(''),
  costPerHour: numeric('cost_per_hour', { precision: 18, scale: 4 }).notNull(),
  setupMinutes: numeric('setup_minutes', { precision: 18, scale: 4 }).notNull(),
  minutesPerUnit: numeric('minutes_per_unit', { precision: 18, scale: 6 }).notNull(),
  dailyCapacityHours: numeric('daily_capacity_hours', { precision: 6, scale: 2 }).notNull(),
  qualityCheckRequired: boolean('quality_check_required').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Processing-order category (migration 0027; packages/domain processing-order.ts). */
  category: text('category').$type<ProcessCategory>().notNull().default('other'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const boms = pgTable('boms', {
  id: id(),
  companyId: uuid('company_id').notNull(),
  productId: uuid('product_id').notNull(),
  version: integer('version').notNull(),
  status: text('status').$type<'draft' | 'active' | 'archived'>().notNull(),
  note: text('note').notNull().default(''),
  variables: jsonb('variables').$type<{ name: string; value: string }[]>().notNull(),
  activatedAt: ts('activated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const bomLines = pgTable('bom_lines', {
  id: id(),
  companyId: uuid('company_id').notNull(),
  bomId: uuid('bom_id').notNull(),
  position: integer('position').notNull(),
  componentId: uuid('component_id').notNull(),
  quantity: numeric('quantity', { precision: 18, scale: 6 }),
  formula: text('formula'),
  unit: text('unit').notNull(),
  scrapPct: numeric('scrap_pct', { precision: 7, scale: 3 }).notNull(),
  childWidth: text('child_width'),
  childHeight: text('child_height'),
  cutCount: text('cut_count'),
  cutLength: text('cut_length'),
  cutWidth: text('cut_width'),
  cutHeight: text('cut_height'),
  /** 0029: saw angle at each end of a bar piece, 90 or 45 (mitre) */
  cutAngleStart: integer('cut_angle_start').notNull().default(90),
  cutAngleEnd: integer('cut_angle_end').notNull().default(90),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const routings = pgTable('routings', {
  id: id(),
  companyId: uuid('company_id').notNull(),
  productId: uuid('product_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const routingSteps = pgTable('routing_steps', {
  id: id(),
  companyId: uuid('company_id').notNull(),
  routingId: uuid('routing_id').notNull(),
  position: integer('position').notNull(),
  processId: uuid('process_id').notNull(),
  setupMinutes: numeric('setup_minutes', { precision: 18, scale: 4 }),
  minutesPerUnit: numeric('minutes_per_unit', { precision: 18, scale: 6 }),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
