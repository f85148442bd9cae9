import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

// Data access of the e-invoice settings (migration 0037): each user's operator (HR-BT-4 mark and
// HR-BT-5 OIB, columns of the user's own tenants row; the OIB stored encrypted by the service),
// the company's VAT registration (company_settings.vat_registered), and the buyer's electronic
// address a UBL names.

export type OperatorRow = { operator_mark: string | null; operator_oib: string | null };

export async function getOperatorRow(tx: Tx, userId: string): Promise<OperatorRow | undefined> {
  return one<OperatorRow>(tx, sql`select operator_mark, operator_oib from tenants where id = ${userId}`);
}

export async function vatRegistered(tx: Tx): Promise<boolean | undefined> {
  return (await one<{ vat_registered: boolean }>(tx, sql`select vat_registered from company_settings`))
    ?.vat_registered;
}

/** The buyer's electronic address (the UBL's EndpointID), as stored on the partner. */
export async function einvoiceAddress(tx: Tx, partnerId: string): Promise<string | null> {
  return (
    (
      await one<{ einvoice_address: string | null }>(
        tx,
        sql`select einvoice_address from partners where id = ${partnerId}`,
      )
    )?.einvoice_address ?? null
  );
}
