import type { BankAccount, CompanyUpdate, TenantProfile, TenantUpdate } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';
import { tenants } from '../../db/schema.ts';
import { openTenantFields, sealTenantFields, withoutUnchangedSecrets } from '../../security/tenant-fields.ts';

// The company card's fields (team settings) and the whole profile of a tenants row.
const companyColumns = {
  id: tenants.id,
  company_name: tenants.company_name,
  company_address: tenants.company_address,
  company_phone: tenants.company_phone,
  company_email: tenants.company_email,
  company_website: tenants.company_website,
  tax_number: tenants.tax_number,
  company_logo: tenants.company_logo,
  bank_accounts: tenants.bank_accounts,
};

const profileColumns = {
  ...companyColumns,
  full_name: tenants.full_name,
  phone: tenants.phone,
  address: tenants.address,
  date_of_birth: tenants.date_of_birth,
  position: tenants.position,
  department: tenants.department,
  account_status: tenants.account_status,
};

export async function findTenant(tx: Tx, id: string): Promise<TenantProfile | null> {
  const rows = await tx.select(profileColumns).from(tenants).where(eq(tenants.id, id));
  return rows[0] ? (openTenantFields(rows[0]) as TenantProfile) : null;
}

/** Inserts the seed's default profile (every field empty, active) unless one exists. */
export async function insertDefaultTenant(tx: Tx, id: string, fullName: string | null): Promise<boolean> {
  const rows = await tx
    .insert(tenants)
    .values({ id, full_name: fullName, ...sealTenantFields({ bank_accounts: [] }) })
    .onConflictDoNothing()
    .returning({ id: tenants.id });
  return rows.length > 0;
}

export async function updateTenant(
  tx: Tx,
  id: string,
  changes: TenantUpdate & { company_logo?: string | null },
): Promise<TenantProfile | null> {
  // Sensitive fields are encrypted (security/tenant-fields.ts); re-saving an unchanged one is skipped.
  const current = await tx.select(profileColumns).from(tenants).where(eq(tenants.id, id)).for('update');
  if (!current[0]) return null;
  const sealed = sealTenantFields(withoutUnchangedSecrets(openTenantFields(current[0]), changes));
  const rows = await tx
    .update(tenants)
    .set({ ...sealed, updated_at: new Date() })
    .where(eq(tenants.id, id))
    .returning(profileColumns);
  return rows[0] ? (openTenantFields(rows[0]) as TenantProfile) : null;
}

export async function setAccountStatus(tx: Tx, id: string, status: 'active' | 'blocked'): Promise<boolean> {
  const rows = await tx
    .update(tenants)
    .set({ account_status: status })
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id });
  return rows.length > 0;
}

// The company card (team settings): the company fields of a company's tenants row.
export type CompanyRow = {
  id: string;
  company_name: string | null;
  company_address: string | null;
  company_phone: string | null;
  company_email: string | null;
  company_website: string | null;
  tax_number: string | null;
  company_logo: string | null;
  bank_accounts: BankAccount[];
};

// OIB and bank accounts are encrypted at rest: read and written through the tenant-fields helpers.
export async function findCompany(tx: Tx, companyId: string): Promise<CompanyRow | null> {
  const [row] = await tx.select(companyColumns).from(tenants).where(eq(tenants.id, companyId));
  return row ? (openTenantFields(row) as CompanyRow) : null;
}

export async function updateCompany(
  tx: Tx,
  companyId: string,
  changes: CompanyUpdate & { company_logo?: string },
): Promise<CompanyRow | null> {
  const [current] = await tx
    .select(companyColumns)
    .from(tenants)
    .where(eq(tenants.id, companyId))
    .for('update');
  if (!current) return null;
  const sealed = sealTenantFields(withoutUnchangedSecrets(openTenantFields(current), changes));
  const [row] = await tx
    .update(tenants)
    .set({ ...sealed, updated_at: new Date() })
    .where(eq(tenants.id, companyId))
    .returning(companyColumns);
  return row ? (openTenantFields(row) as CompanyRow) : null;
}

/** The name of the company in whose context the transaction runs. */
export async function ownCompanyName(tx: Tx): Promise<{ company_name: string | null } | undefined> {
  const [row] = rowsOf<{ company_name: string | null }>(
    await tx.execute(sql`select company_name from tenants where id = app_company_id()`),
  );
  return row;
}

export type OperatorRow = { operator_mark: string | null; operator_oib: string | null };

/** A user's operator for e-invoices as stored (the OIB sealed), undefined without the row. */
export async function getOperator(tx: Tx, userId: string): Promise<OperatorRow | undefined> {
  const [row] = rowsOf<OperatorRow>(
    await tx.execute(sql`select operator_mark, operator_oib from tenants where id = ${userId}`),
  );
  return row;
}

/** A user's operator for e-invoices (migration 0037); `sealedOib` is the encrypted OIB (or null). */
export async function setOperator(
  tx: Tx,
  userId: string,
  mark: string | null,
  sealedOib: string | null,
): Promise<void> {
  await tx.execute(
    sql`update tenants set operator_mark = ${mark}, operator_oib = ${sealedOib} where id = ${userId}`,
  );
}

/**
 * In a transaction on another database: gives the copy of the user's profile row the account
 * status, unless it has it already. Forced row-level security lets the owner see the row as its
 * user; the audit trigger is off for this one statement (the change is in the trail of the user's
 * own company).
 */
export async function copyAccountStatus(tx: Tx, userId: string, status: 'active' | 'blocked'): Promise<void> {
  await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
  const found = rowsOf(
    await tx.execute(sql`select 1 as one from tenants where id = ${userId} and account_status <> ${status}`),
  );
  if (found.length === 0) return;
  await tx.execute(sql`alter table tenants disable trigger tenants_audit`);
  await tx.execute(sql`update tenants set account_status = ${status} where id = ${userId}`);
  await tx.execute(sql`alter table tenants enable trigger tenants_audit`);
}
