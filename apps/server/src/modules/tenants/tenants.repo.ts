import type { TenantProfile, TenantUpdate } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { memberships, tenants } from '../../db/schema.ts';
import { openTenantFields, sealTenantFields, withoutUnchangedSecrets } from '../../security/tenant-fields.ts';

const profileColumns = {
  id: tenants.id,
  full_name: tenants.full_name,
  phone: tenants.phone,
  address: tenants.address,
  date_of_birth: tenants.date_of_birth,
  position: tenants.position,
  department: tenants.department,
  company_name: tenants.company_name,
  company_address: tenants.company_address,
  company_phone: tenants.company_phone,
  company_email: tenants.company_email,
  company_website: tenants.company_website,
  tax_number: tenants.tax_number,
  company_logo: tenants.company_logo,
  bank_accounts: tenants.bank_accounts,
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

export async function insertOwnerMembership(tx: Tx, companyId: string): Promise<void> {
  await tx.insert(memberships).values({ companyId, userId: companyId, role: 'owner' }).onConflictDoNothing();
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
