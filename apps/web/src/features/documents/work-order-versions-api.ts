import type { WorkOrderVersions } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { callDocument, documentKeys, useDocumentMutation } from './documents-api.ts';

// The stored versions of a work order sheet (GET/POST /api/documents/work-orders/:id/versions).
// Under the documents key, so live document events and every document mutation re-read them.

export const versionKeys = {
  list: (id: string) => [...documentKeys.all, 'work-order-versions', id] as const,
};

export const versionPdfUrl = (id: string, version: number) =>
  `/api/documents/work-orders/${id}/versions/${version}/pdf`;

export function useWorkOrderVersions(id: string) {
  return useQuery({
    queryKey: versionKeys.list(id),
    queryFn: ({ signal }) => api<WorkOrderVersions>(`/api/documents/work-orders/${id}/versions`, { signal }),
  });
}

/** "Izdaj novu verziju": stores the next version of the sheet. */
export function useIssueVersion(id: string) {
  return useDocumentMutation(() =>
    callDocument<WorkOrderVersions>(`/api/documents/work-orders/${id}/versions`),
  );
}
