import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/** What a scanner label prints: the scanned code, a title and an optional line below it. */
export type Label = { code: string; title: string; subtitle: string | null };
export type LabelKind = 'item' | 'lot' | 'location';

/** The labels of the named items, lots or locations, in the order of `ids` (unknown ids are left out). */
export async function labelRows(tx: Tx, kind: LabelKind, ids: readonly string[]): Promise<Label[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const q =
    kind === 'item'
      ? sql`select sku as code, name as title, base_unit as subtitle, array_position(array[${list}], id) as ord
            from items where id in (${list})`
      : kind === 'lot'
        ? // A remnant's label carries its size: the offcut on the rack is found by it.
          sql`select lt.lot_number as code, i.sku || ' · ' || i.name as title,
                nullif(concat_ws(' · ', case when lt.remnant then 'ostatak ' || trim_scale(lt.length_mm)
                  || coalesce(' × ' || trim_scale(lt.width_mm), '') || ' mm' end, lt.expires_on::text), '') as subtitle,
                array_position(array[${list}], lt.id) as ord
              from lots lt join items i on i.id = lt.item_id where lt.id in (${list})`
        : sql`select code, name as title, null as subtitle, array_position(array[${list}], id) as ord
              from locations where id in (${list})`;
  const rows = rowsOf<Label & { ord: number }>(await tx.execute(q)).sort((a, b) => a.ord - b.ord);
  return rows.map(({ code, title, subtitle }) => ({ code, title, subtitle }));
}
