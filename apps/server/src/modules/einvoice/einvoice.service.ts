import type { einvoiceSettingsSchema, operatorInputSchema } from '@erp/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';
import { saveVatRegistered } from '../tenants/company-settings.service.ts';
import { type OperatorRow, operatorOf, saveOperator } from '../tenants/tenants.service.ts';
import * as repo from './einvoice.repo.ts';

// The operator of each user (HR-BT-4 mark and HR-BT-5 OIB, columns of the user's own tenants
// row) and whether the company is in the VAT system (company_settings.vat_registered), both
// from migration 0037.

/** The encryption context of the operator OIB (security/encrypted-columns.ts). */
const OIB_CONTEXT = 'tenants.operator_oib';

export type Operator = OperatorRow;

export async function getOperator(tx: Tx, userId: string): Promise<Operator> {
  const row = await operatorOf(tx, userId);
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
  await saveOperator(
    tx,
    ctx.userId,
    input.operator_mark || null,
    encryptField(input.operator_oib || null, OIB_CONTEXT),
  );
  return getOperator(tx, ctx.userId);
}

export async function isVatRegistered(tx: Tx): Promise<boolean> {
  return (await repo.vatRegistered(tx)) ?? true;
}

export async function putSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: z.output<typeof einvoiceSettingsSchema>,
) {
  await saveVatRegistered(tx, ctx.companyId, input.vat_registered);
  return { vat_registered: await isVatRegistered(tx) };
}
