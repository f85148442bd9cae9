import { DEFAULT_PRICING_SETTINGS, PRICING_SETTING_KEYS, type PricingSettings } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as repo from './documents.repo.ts';

// Company settings of measure pricing (columns of company_settings, migration 0024): the step
// billing dimensions are rounded up to, the minimum area per glass kind, the minimum edge length
// and the shape surcharge. A company without a settings row gets PRODUCT.md's defaults.

const COLUMNS = PRICING_SETTING_KEYS;

export async function getPricingSettings(tx: Tx): Promise<PricingSettings> {
  const row = await repo.one<PricingSettings>(
    tx,
    sql`select ${sql.raw(COLUMNS.map((c) => `trim_scale(${c})::text as ${c}`).join(', '))} from company_settings`,
  );
  return row ?? { ...DEFAULT_PRICING_SETTINGS };
}

export async function putPricingSettings(
  tx: Tx,
  ctx: CompanyContext,
  input: PricingSettings,
): Promise<PricingSettings> {
  const values = COLUMNS.map((c) => sql`${input[c]}::numeric`);
  await tx.execute(
    sql`insert into company_settings (company_id, ${sql.raw(COLUMNS.join(', '))})
        values (${ctx.companyId}, ${sql.join(values, sql`, `)})
        on conflict (company_id) do update set
          ${sql.raw(COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()`,
  );
  return getPricingSettings(tx);
}
