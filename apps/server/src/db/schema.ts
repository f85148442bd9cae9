import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Tables are created by the SQL migrations in ./migrations (the source of truth, including RLS,
// grants and triggers). Queries are typed SQL templates (db/sql.ts); these definitions exist only
// for the code that still uses drizzle's query builder: better-auth's adapter (users, sessions,
// accounts, verifications, rate_limits) and the tenants, team invitations, changelog and admin
// repositories. A table no query builder uses has no definition here (issue 20).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  token: text('token').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: ts('access_token_expires_at'),
  refreshTokenExpiresAt: ts('refresh_token_expires_at'),
  scope: text('scope'),
  password: text('password'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const verifications = pgTable('verifications', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rateLimits = pgTable('rate_limits', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  full_name: text('full_name'),
  phone: text('phone'),
  address: text('address'),
  // Encrypted envelopes (0006_security.sql): read through openTenantFields and write through
  // sealTenantFields (apps/server/src/security/tenant-fields.ts), never directly.
  date_of_birth: text('date_of_birth'),
  position: text('position'),
  department: text('department'),
  company_name: text('company_name'),
  company_address: text('company_address'),
  company_phone: text('company_phone'),
  company_email: text('company_email'),
  company_website: text('company_website'),
  tax_number: text('tax_number'),
  tax_number_bidx: text('tax_number_bidx'),
  company_logo: text('company_logo'),
  bank_accounts: text('bank_accounts').notNull().default('[]'),
  account_status: text('account_status').$type<'active' | 'blocked'>().notNull().default('active'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').$type<'owner' | 'admin' | 'planner' | 'warehouse' | 'viewer'>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const changelogEntries = pgTable('changelog_entries', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  title: text('title').notNull(),
  version: text('version').notNull(),
  description: text('description'),
  type: text('type').notNull(),
  items: jsonb('items').notNull().default([]),
  is_published: boolean('is_published').notNull().default(false),
  published_at: ts('published_at'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const changelogViews = pgTable(
  'changelog_views',
  {
    userId: uuid('user_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId] })],
);

export * from './schema/team.ts';
