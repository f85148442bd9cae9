import type { HistoryEntry, HistoryType, PartnerRole } from '@erp/domain';
import type { Tx } from '../../db/database.ts';

/**
 * Transaction history of a partner: one entry per document that names it. Each document area adds
 * its own source to HISTORY_SOURCES (one line, a function from its repository); the partner pages
 * merge them newest first. A table that does not exist yet simply has no source, which is why this
 * is a list of functions and not one SQL UNION.
 */
export type { HistoryEntry, HistoryType };

export type HistorySource = {
  type: HistoryType;
  roles: readonly PartnerRole[];
  list: (tx: Tx, partnerId: string, limit: number) => Promise<HistoryEntry[]>;
};

const sources: HistorySource[] = [];

/** Called once per source at start-up by the area that owns the documents. */
export function registerHistorySource(source: HistorySource): void {
  if (!sources.some((s) => s.type === source.type)) sources.push(source);
}

export function historyTypes(role: PartnerRole): HistoryType[] {
  return sources.filter((s) => s.roles.includes(role)).map((s) => s.type);
}

export async function partnerHistory(
  tx: Tx,
  role: PartnerRole,
  partnerId: string,
  limit: number,
): Promise<{ entries: HistoryEntry[]; types: HistoryType[] }> {
  const mine = sources.filter((s) => s.roles.includes(role));
  const lists: HistoryEntry[][] = [];
  // One transaction, one connection: the sources run one after another.
  for (const s of mine) lists.push(await s.list(tx, partnerId, limit));
  const entries = lists
    .flat()
    .sort((a, b) =>
      a.date === b.date ? (b.number ?? '').localeCompare(a.number ?? '') : a.date < b.date ? 1 : -1,
    )
    .slice(0, limit);
  return { entries, types: mine.map((s) => s.type) };
}
