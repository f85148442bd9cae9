import { CUTTING_DEFAULT_KEYS, type CuttingDefaults, DEFAULT_CUTTING_DEFAULTS } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { saveCuttingDefaults } from '../tenants/company-settings.service.ts';
import * as repo from './cutting.repo.ts';

// Company cutting defaults (columns `cutting_<key>` of company_settings, migration 0029): what a
// new cutting list starts with. A company without a settings row gets DEFAULT_CUTTING_DEFAULTS.

export async function getCuttingDefaults(tx: Tx): Promise<CuttingDefaults> {
  const row = await repo.cuttingDefaultsRow(tx);
  if (!row) return { ...DEFAULT_CUTTING_DEFAULTS };
  return Object.fromEntries(CUTTING_DEFAULT_KEYS.map((k) => [k, Number(row[k])])) as CuttingDefaults;
}

export async function putCuttingDefaults(
  tx: Tx,
  ctx: CompanyContext,
  input: CuttingDefaults,
): Promise<CuttingDefaults> {
  await saveCuttingDefaults(tx, ctx.companyId, input);
  return getCuttingDefaults(tx);
}
