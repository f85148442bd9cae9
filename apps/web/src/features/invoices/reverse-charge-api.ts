import type { ReverseCharge } from '@erp/domain/einvoice/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { callDocument, type Detail, documentKeys, useDocumentMutation } from '../documents/documents-api.ts';

// An invoice's domestic reverse charge switch (čl. 75. st. 3. t. a) Zakona o PDV-u):
// GET/PUT /api/invoices/:id/domestic-reverse-charge. Under the documents key, so live document
// events and document mutations re-read it.

export type { ReverseCharge };

const key = (id: string) => [...documentKeys.all, 'domestic-reverse-charge', id] as const;

export function useReverseCharge(id: string) {
  return useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => api<ReverseCharge>(`/api/invoices/${id}/domestic-reverse-charge`, { signal }),
  });
}

/** Switches it and reads the draft again (its lines' VAT rates changed on the server). */
export function useSetReverseCharge(id: string) {
  return useDocumentMutation(async (enabled: boolean) => {
    await callDocument<ReverseCharge>(`/api/invoices/${id}/domestic-reverse-charge`, { enabled }, 'PUT');
    return api<Detail>(`/api/documents/${id}`);
  });
}
