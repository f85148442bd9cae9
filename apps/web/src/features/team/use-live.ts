import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type RealtimeClient, realtime } from '../../lib/realtime.ts';
import { useCurrentCompany } from './current-company.tsx';

/** The channel of one topic of a company: `company:<company id>:<topic>`. */
export const companyChannel = (companyId: string, topic: string) => `company:${companyId}:${topic}`;

/**
 * Follows the topics of one company: `refresh` runs on each event of those channels and after
 * every reconnect (events may have been missed). Returns the function that stops following.
 */
export function followCompany(
  client: Pick<RealtimeClient, 'subscribe' | 'onOpen'>,
  companyId: string,
  topics: readonly string[],
  refresh: () => void,
): () => void {
  const offs = topics.map((topic) => client.subscribe(companyChannel(companyId, topic), refresh));
  const offOpen = client.onOpen(refresh);
  return () => {
    for (const off of offs) off();
    offOpen();
  };
}

/**
 * The one way a screen follows live changes: it subscribes to `company:<id>:<topic>` of the
 * company chosen in the switcher (not the user's own id) and, on an event or a reconnect,
 * re-reads the given queries through the API. Events carry ids only; data always comes over HTTP.
 */
export function useCompanyLive(
  topics: readonly string[],
  queryKeys: (companyId: string) => QueryKey[],
): void {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  const keysOf = useRef(queryKeys);
  keysOf.current = queryKeys;
  const topicList = topics.join(',');
  useEffect(() => {
    if (!companyId) return;
    return followCompany(realtime, companyId, topicList.split(','), () => {
      for (const queryKey of keysOf.current(companyId)) qc.invalidateQueries({ queryKey });
    });
  }, [companyId, qc, topicList]);
}
