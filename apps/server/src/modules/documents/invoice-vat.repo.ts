import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one } from '../../db/sql.ts';

// Data access of an invoice's domestic reverse charge (the e-invoice area decides when it
// applies; it reaches these through invoice-vat.ts).

export async function reverseChargeEnabled(tx: Tx, id: string): Promise<boolean | undefined> {
  const row = await one<{ enabled: boolean }>(
    tx,
    sql`select domestic_reverse_charge as enabled from documents where id = ${id}`,
  );
  return row?.enabled;
}

/** A document's own switch and the reverse charge its original invoice's buyer snapshot carries. */
export async function reverseChargeFlags(
  tx: Tx,
  id: string,
  originalInvoiceId: string | null,
): Promise<{ on: boolean; original: string | null } | undefined> {
  return one<{ on: boolean; original: string | null }>(
    tx,
    sql`select d.domestic_reverse_charge as on, o.buyer ->> 'reverse_charge' as original
        from documents d left join documents o on o.id = ${originalInvoiceId}
        where d.id = ${id}`,
  );
}

/** Every line at 0 % VAT. */
export async function zeroLineVat(tx: Tx, documentId: string): Promise<void> {
  await tx.execute(sql`update document_lines set vat_rate = 0 where document_id = ${documentId}`);
}

/** Item lines back at their item's VAT rate (free-text lines keep theirs). */
export async function restoreItemVat(tx: Tx, documentId: string): Promise<void> {
  await tx.execute(
    sql`update document_lines l set vat_rate = i.vat_rate from items i
        where l.document_id = ${documentId} and i.id = l.item_id`,
  );
}
