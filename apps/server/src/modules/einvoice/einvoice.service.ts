import type { einvoiceSettingsSchema, operatorInputSchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';
import { query } from '../inventory/sql-helpers.ts';

// The operator of each user (HR-BT-4 mark and HR-BT-5 OIB, columns of the user's own tenants
// row) and whether the company is in the VAT system (company_settings.vat_registered), both
// from migration 0037.

/** The encryption context of the operator OIB (security/encrypted-columns.ts). */
const OIB_CONTEXT = 'tenants.operator_oib';

export type Operator = { operator_mark: string | null; operator_oib: string | null };

export async function getOperator(tx: Tx, userId: string): Promise<Operator> {
  const [row] = await query<Operator>(
    tx,
    sql`select operator_mark, operator_oib from tenants where id = ${userId}`,
  );
  return {
    operator_mark: row?.operator_mark ?? null,
    operator_oib: decryptField(row?.operator_oib ?? null, OIB_CONTEXT),
  };
}

export async function putOperator(
  tx: Tx,
  ctx: CompanyContext,
  input: z.output<typeof operatorInputSchema>,
): Promise<Operator> {
  await tx.execute(
    sql`update tenants set operator_mark = ${input.operator_mark || null},
          operator_oib = ${encryptField(input.operator_oib || null, OIB_CONTEXT)} where id = ${ctx.userId}`,
  );
  return getOperator(tx, ctx.userId);
}

export async function isVatRegistered(tx: Tx): Promise<boolean> {
  const [row] = await query<{ vat_registered: boolean }>(
    tx,
    sql`select vat_registered from company_settings`,
  );
  return row?.vat_registered ?? true;
}

export async function putSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: z.output<typeof einvoiceSettingsSchema>,
) {
  await tx.execute(
    sql`insert into company_settings (company_id, vat_registered) values (${ctx.companyId}, ${input.vat_registered})
        on conflict (company_id) do update set vat_registered = excluded.vat_registered, updated_at = now()`,
  );
  return { vat_registered: await isVatRegistered(tx) };
}
