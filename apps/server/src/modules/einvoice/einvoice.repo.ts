import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

// The e-invoice area's read of its setting, the company's VAT registration (its column of
// company_settings, migration 0037). The row is the tenants module's: the setting is written, and
// each user's operator (HR-BT-4 mark, HR-BT-5 OIB on the user's tenants row) read and written,
// through the tenants services; the buyer's electronic address through the partners service.

export async function vatRegistered(tx: Tx): Promise<boolean | undefined> {
  return (await one<{ vat_registered: boolean }>(tx, sql`select vat_registered from company_settings`))
    ?.vat_registered;
}
