import type { SearchResult } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import * as repo from './search.repo.ts';

/** The command palette's one search across items, partners and documents (a few hits per kind). */
export async function search(tx: Tx, q: string, limit: number): Promise<SearchResult> {
  return { hits: await repo.searchAll(tx, q, limit) };
}
