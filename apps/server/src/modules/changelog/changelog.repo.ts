import { type ChangelogCreate, type ChangelogEntry, type ChangelogUpdate, normalizeItems } from '@erp/domain';
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { changelogEntries, changelogViews } from '../../db/schema.ts';

type Row = typeof changelogEntries.$inferSelect;

export function toEntry(row: Row): ChangelogEntry {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    description: row.description,
    type: row.type,
    items: normalizeItems(row.items),
    is_published: row.is_published,
    published_at: row.published_at ? row.published_at.toISOString() : null,
  };
}

export async function listPublished(db: Db): Promise<ChangelogEntry[]> {
  const rows = await db
    .select()
    .from(changelogEntries)
    .where(eq(changelogEntries.is_published, true))
    .orderBy(sql`${changelogEntries.published_at} desc nulls last`, desc(changelogEntries.created_at));
  return rows.map(toEntry);
}

export async function listUnseen(db: Db, userId: string): Promise<ChangelogEntry[]> {
  const rows = await db
    .select()
    .from(changelogEntries)
    .where(
      and(
        eq(changelogEntries.is_published, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(changelogViews)
            .where(and(eq(changelogViews.entryId, changelogEntries.id), eq(changelogViews.userId, userId))),
        ),
      ),
    )
    .orderBy(sql`${changelogEntries.published_at} desc nulls last`, desc(changelogEntries.created_at));
  return rows.map(toEntry);
}

/** Returns false when the entry does not exist or is not published. */
export async function markViewed(db: Db, userId: string, entryId: string): Promise<boolean> {
  const entry = await db
    .select({ id: changelogEntries.id })
    .from(changelogEntries)
    .where(and(eq(changelogEntries.id, entryId), eq(changelogEntries.is_published, true)));
  if (entry.length === 0) return false;
  await db.insert(changelogViews).values({ userId, entryId }).onConflictDoNothing();
  return true;
}

function publishedAt(input: ChangelogUpdate, current?: Row): Date | null | undefined {
  if (input.published_at !== undefined) return input.published_at ? new Date(input.published_at) : null;
  if (input.is_published && !current?.published_at) return new Date();
  return undefined;
}

export async function insertEntry(db: Db | Tx, input: ChangelogCreate): Promise<ChangelogEntry> {
  const rows = await db
    .insert(changelogEntries)
    .values({
      title: input.title,
      version: input.version,
      description: input.description ?? null,
      type: input.type,
      items: input.items,
      is_published: input.is_published,
      published_at: publishedAt(input) ?? null,
    })
    .returning();
  return toEntry(rows[0] as Row);
}

export async function updateEntry(
  db: Db,
  id: string,
  input: ChangelogUpdate,
): Promise<ChangelogEntry | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(changelogEntries)
      .where(eq(changelogEntries.id, id))
      .for('update');
    if (!current) return null;
    const rows = await tx
      .update(changelogEntries)
      .set({ ...input, published_at: publishedAt(input, current), updated_at: new Date() })
      .where(eq(changelogEntries.id, id))
      .returning();
    return toEntry(rows[0] as Row);
  });
}

export async function deleteEntry(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(changelogEntries)
    .where(eq(changelogEntries.id, id))
    .returning({ id: changelogEntries.id });
  return rows.length > 0;
}
