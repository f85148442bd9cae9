import {
  AppError,
  CHANGELOG_CACHE_MS,
  type ChangelogCreate,
  type ChangelogEntry,
  type ChangelogUpdate,
} from '@erp/domain';
import type { Database } from '../../db/database.ts';
import * as repo from './changelog.repo.ts';

/**
 * Published entries, cached for 5 minutes (seed section 7). Every write clears the cache of every
 * instance: the table's trigger notifies `changelog_changed`, which each instance listens to.
 */
export function createChangelogService(database: Database, log: (error: unknown) => void) {
  const { db } = database;
  let cache: { at: number; entries: ChangelogEntry[] } | null = null;
  const clear = () => {
    cache = null;
  };
  void database.listen('changelog_changed', clear).catch(log);

  return {
    clearCache: clear,
    /** Seed section 8: a failed read returns an empty list. */
    async listPublished(now = Date.now()): Promise<ChangelogEntry[]> {
      if (cache && now - cache.at < CHANGELOG_CACHE_MS) return cache.entries;
      try {
        const entries = await repo.listPublished(db);
        cache = { at: now, entries };
        return entries;
      } catch (error) {
        log(error);
        return [];
      }
    },
    async listUnseen(userId: string): Promise<ChangelogEntry[]> {
      try {
        return await repo.listUnseen(db, userId);
      } catch (error) {
        log(error);
        return [];
      }
    },
    async markViewed(userId: string, entryId: string): Promise<void> {
      if (!(await repo.markViewed(db, userId, entryId))) throw new AppError('NOT_FOUND', 'Zapis ne postoji');
    },
    async create(input: ChangelogCreate): Promise<ChangelogEntry> {
      const entry = await repo.insertEntry(db, input);
      clear();
      return entry;
    },
    async update(id: string, input: ChangelogUpdate): Promise<ChangelogEntry> {
      const entry = await repo.updateEntry(db, id, input);
      clear();
      if (!entry) throw new AppError('NOT_FOUND', 'Zapis ne postoji');
      return entry;
    },
    async remove(id: string): Promise<void> {
      const removed = await repo.deleteEntry(db, id);
      clear();
      if (!removed) throw new AppError('NOT_FOUND', 'Zapis ne postoji');
    },
  };
}

export type ChangelogService = ReturnType<typeof createChangelogService>;
