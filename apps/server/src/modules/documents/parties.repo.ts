import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

// The few reads of a document's parties that its files and messages print as they are stored: the
// client's name, tax numbers, address and e-mail, and the company's own name.

export type ClientPrintRow = {
  name: string;
  oib: string | null;
  vat_id: string | null;
  billing_address: Record<string, string | null> | null;
};

/** The client as a document without a frozen buyer prints it (the OIB still sealed). */
export async function clientForPrint(tx: Tx, partnerId: string): Promise<ClientPrintRow | undefined> {
  return one<ClientPrintRow>(
    tx,
    sql`select name, oib, vat_id, billing_address from partners where id = ${partnerId}`,
  );
}

/** The e-mail address of a document's client, as stored. */
export async function clientEmail(tx: Tx, partnerId: string): Promise<{ email: string | null } | undefined> {
  return one<{ email: string | null }>(tx, sql`select email from partners where id = ${partnerId}`);
}

/** The name of the company in whose context the transaction runs. */
export async function ownCompanyName(tx: Tx): Promise<{ company_name: string | null } | undefined> {
  return one<{ company_name: string | null }>(
    tx,
    sql`select company_name from tenants where id = app_company_id()`,
  );
}
