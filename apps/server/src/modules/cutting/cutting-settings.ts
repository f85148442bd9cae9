import { CUTTING_DEFAULT_KEYS, type CuttingDefaults, DEFAULT_CUTTING_DEFAULTS } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';

// Company cutting defaults (columns `cutting_<key>` of company_settings, migration 0029): what a
// new cutting list starts with. A company without a settings row gets DEFAULT_CUTTING_DEFAULTS.

const column = (key: keyof CuttingDefaults) => `cutting_${key}`;

export async function getCuttingDefaults(tx: Tx): Promise<CuttingDefaults> {
  const [row] = await query<Record<keyof CuttingDefaults, number | string>>(
    tx,
    sql`select ${sql.raw(CUTTING_DEFAULT_KEYS.map((k) => `${column(k)} as ${k}`).join(', '))} from company_settings`,
  );
  if (!row) return { ...DEFAULT_CUTTING_DEFAULTS };
  return Object.fromEntries(CUTTING_DEFAULT_KEYS.map((k) => [k, Number(row[k])])) as CuttingDefaults;
}

export async function putCuttingDefaults(
  tx: Tx,
  ctx: CompanyContext,
  input: CuttingDefaults,
): Promise<CuttingDefaults> {
  const columns = CUTTING_DEFAULT_KEYS.map(column);
  const values = CUTTING_DEFAULT_KEYS.map((k) => sql`${input[k]}::integer`);
  await tx.execute(
    sql`insert into company_settings (company_id, ${sql.raw(columns.join(', '))})
        values (${ctx.companyId}, ${sql.join(values, sql`, `)})
        on conflict (company_id) do update set
          ${sql.raw(columns.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()`,
  );
  return getCuttingDefaults(tx);
}
