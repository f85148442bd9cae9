import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/realtime.ts';
import { useCurrentCompany } from './current-company.tsx';

/**
 * The one way a screen follows live changes: it subscribes to `company:<id>:<topic>` of the
 * company chosen in the switcher (not the user's own id) and, on an event or a reconnect,
 * re-reads the given queries through the API. Events carry ids only; data always comes over HTTP.
 */
export function useLiveTopics(topics: readonly string[], queryKeys: (companyId: string) => QueryKey[]): void {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  const keysOf = useRef(queryKeys);
  keysOf.current = queryKeys;
  const topicList = topics.join(',');
  useEffect(() => {
    if (!companyId) return;
    const refresh = () => {
      for (const queryKey of keysOf.current(companyId)) qc.invalidateQueries({ queryKey });
    };
    const offs = topicList
      .split(',')
      .map((topic) => realtime.subscribe(`company:${companyId}:${topic}`, refresh));
    const offOpen = realtime.onOpen(refresh);
    return () => {
      for (const off of offs) off();
      offOpen();
    };
  }, [companyId, qc, topicList]);
}
