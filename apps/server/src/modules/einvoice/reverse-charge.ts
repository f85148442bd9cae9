import { AppError, domesticReverseChargeProblems, money } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as repo from '../documents/documents.repo.ts';
import { requireClient, totalsOf } from '../documents/documents.service.ts';
import { query } from '../inventory/sql-helpers.ts';
import { isVatRegistered } from './einvoice.service.ts';

// Domestic reverse charge (čl. 75. st. 3. t. a) Zakona o PDV-u): a window or glass shop installing
// for a VAT-registered building contractor invoices the construction work without VAT; the buyer
// accounts for it. A switch on the invoice draft: turning it on checks that both parties are
// Croatian VAT payers and puts every line at 0 %; turning it off gives item lines their item's
// rate back. Issuing checks it again (einvoice-issue.ts) and copies it into the buyer snapshot,
// from which the eRačun (AE, HR:AE, VATEX-EU-AE), the PDF wording and the IRA read it.

export type ReverseChargeState = { enabled: boolean };

export async function reverseChargeState(tx: Tx, id: string): Promise<ReverseChargeState> {
  await repo.requireDocument(tx, id, ['invoice']);
  const [row] = await query<{ enabled: boolean }>(
    tx,
    sql`select domestic_reverse_charge as enabled from documents where id = ${id}`,
  );
  return { enabled: row?.enabled ?? false };
}

export async function setReverseCharge(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  enabled: boolean,
): Promise<ReverseChargeState> {
  const doc = await repo.requireDocument(tx, id, ['invoice'], true);
  if (doc.status !== 'draft' || doc.advance_for_id)
    throw new AppError('CONFLICT', 'Dokument više nije nacrt i ne može se mijenjati', [
      { field: 'status', key: 'validation.notDraft' },
    ]);
  if (enabled) {
    const client = await requireClient(tx, doc.client_id);
    const problems = domesticReverseChargeProblems({
      sellerVatRegistered: await isVatRegistered(tx),
      buyer: client
        ? {
            kind: client.kind,
            oib: client.oib,
            country: client.billing_address?.country ?? 'HR',
            vatId: client.vat_id,
          }
        : null,
    });
    if (problems.length > 0)
      throw new AppError('VALIDATION', 'Prijenos porezne obveze ne primjenjuje se na ovog kupca', problems);
    await tx.execute(sql`update document_lines set vat_rate = 0 where document_id = ${id}`);
  } else {
    await tx.execute(
      sql`update document_lines l set vat_rate = i.vat_rate from items i
          where l.document_id = ${id} and i.id = l.item_id`,
    );
  }
  const t = totalsOf(await repo.getLines(tx, id));
  await repo.updateHeader(tx, id, {
    domestic_reverse_charge: enabled,
    net_total: money(t.net),
    vat_total: money(t.vat),
    total: money(t.total),
  });
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return { enabled };
}
