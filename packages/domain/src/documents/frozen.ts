import { z } from 'zod';
import { AppError } from '../errors.ts';

// Issued means frozen: once a document leaves its draft (an invoice or credit note issued, a
// delivery note issued, a quote sent) its files are made once, stored and served as stored.

export type FrozenFormat = 'ubl' | 'pdf';

/**
 * The stored files of a document in this state: none for a draft, none here for a work order (its
 * sheet is stored as numbered versions, see `nextWorkOrderVersion`); the PDF of a sent quote or an issued delivery note; the UBL
 * e-invoice and the PDF of an issued invoice or credit note.
 */
export function frozenFormats(kind: string, status: string): FrozenFormat[] {
  if (status === 'draft') return [];
  if (kind === 'invoice' || kind === 'credit_note') return ['ubl', 'pdf'];
  if (kind === 'delivery_note' || kind === 'quote') return ['pdf'];
  return [];
}

// Work orders are living production documents: releasing one (draft → planned) stores its sheet
// as version 1; after a change of what the sheet prints, the user issues the next version. Each
// version records the SHA-256 of the printed content it was made from; the sheet is out of date
// when the content printed now hashes differently.

export type WorkOrderSheetState = 'draft' | 'current' | 'out_of_date';

/** Where a work order's printed sheet stands against its latest stored version. */
export function workOrderSheetState(
  status: string,
  latestContentHash: string | null,
  currentContentHash: string,
): WorkOrderSheetState {
  if (status === 'draft') return 'draft';
  return latestContentHash === currentContentHash ? 'current' : 'out_of_date';
}

/**
 * The number of the version to issue now, or a refusal: a draft has no printed order yet, a
 * cancelled order is not produced, and a sheet that prints what its latest version printed needs
 * no new version.
 */
export function nextWorkOrderVersion(
  status: string,
  latest: { version: number; content_sha256: string } | null,
  currentContentHash: string,
): number {
  if (status === 'draft')
    throw new AppError('CONFLICT', 'Radni nalog još nije pušten u proizvodnju', [
      { field: 'status', key: 'validation.workOrderNotReleased' },
    ]);
  if (status === 'cancelled')
    throw new AppError('CONFLICT', 'Otkazani radni nalog ne dobiva novu verziju', [
      { field: 'status', key: 'validation.workOrderCancelled' },
    ]);
  if (latest && latest.content_sha256 === currentContentHash)
    throw new AppError('CONFLICT', 'Ispisani radni nalog je ažuran', [
      { field: 'version', key: 'validation.workOrderVersionCurrent', params: { version: latest.version } },
    ]);
  return (latest?.version ?? 0) + 1;
}

/** GET /api/documents/work-orders/:id/versions: the stored versions (newest first) and the sheet's state. */
export const workOrderVersionsSchema = z.object({
  state: z.enum(['draft', 'current', 'out_of_date']),
  versions: z.array(
    z.object({
      version: z.number().int(),
      pdf_sha256: z.string(),
      content_sha256: z.string(),
      created_at: z.string(),
      created_by: z.string().nullable(),
      created_by_name: z.string().nullable(),
    }),
  ),
});
export type WorkOrderVersions = z.infer<typeof workOrderVersionsSchema>;
