import type { ChangelogEntry } from '@erp/domain/changelog/changelog.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const changelogKeys = {
  all: ['changelog'] as const,
  published: ['changelog', 'published'] as const,
  unseen: ['changelog', 'unseen'] as const,
};

/**
 * Seed: `items` is treated as empty when it is not a list. (Same rule as the domain's normalizeItems,
 * kept here so the first signed-in screen does not load the zod schemas that module carries.)
 */
function normalize(entries: ChangelogEntry[]): ChangelogEntry[] {
  return entries.map((e) => ({
    ...e,
    items: Array.isArray(e.items) ? e.items.filter((i): i is string => typeof i === 'string') : [],
  }));
}

/** Seed section 8: changelog reads fail quietly with an empty list (logged, no user message). */
async function readList(path: string, signal?: AbortSignal): Promise<ChangelogEntry[]> {
  try {
    const list = await api<ChangelogEntry[]>(path, { signal });
    return Array.isArray(list) ? normalize(list) : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('changelog read failed', error);
    return [];
  }
}

export function usePublishedChangelog() {
  return useQuery({
    queryKey: changelogKeys.published,
    queryFn: ({ signal }) => readList('/api/changelog', signal),
    // Seed: the published list is cached 5 minutes, which is the query default (lib/query-client.ts).
  });
}

export function useUnseenChangelog() {
  return useQuery({
    queryKey: changelogKeys.unseen,
    queryFn: ({ signal }) => readList('/api/changelog/unseen', signal),
    staleTime: 0,
  });
}

/** Marks every given entry viewed; failures are logged and swallowed (seed section 8). */
export async function markAllViewed(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(
    ids.map((id) => api(`/api/changelog/${encodeURIComponent(id)}/view`, { method: 'POST' })),
  );
  for (const r of results) if (r.status === 'rejected') console.warn('changelog mark failed', r.reason);
}

export function useMarkViewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllViewed,
    onSettled: () => client.invalidateQueries({ queryKey: changelogKeys.unseen }),
  });
}
