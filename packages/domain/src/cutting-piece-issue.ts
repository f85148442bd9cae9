import type { CuttingJobInput } from './cutting/job.ts';
import type { FieldIssue } from './errors.ts';

/**
 * A cutting list's refusal that names a piece (`params.piece`, the piece's ref: "no sheet or bar
 * holds it") gets the piece's size as the list states it, `params.size` in mm: "1000 × 800" for a
 * pane, "6500" for a bar piece, so the message says which piece and how big (the texts of
 * `validation.cuttingPieceTooLarge` / `cuttingPieceTooLong`). Other issues come back unchanged.
 * The browser's run and the server's (answered or stored with a background job) use it alike.
 * (It sits beside the cutting folder, not in it, because that folder's files were reserved for
 * other work when it was written; `cuttingInputIssue` in cutting/errors.ts is its natural home.)
 */
export function withPieceSize<T extends FieldIssue>(
  issue: T,
  input: Pick<CuttingJobInput, 'kind' | 'pieces'>,
): T {
  const ref = issue.params?.piece;
  const piece = ref === undefined ? undefined : input.pieces.find((p) => p.ref === String(ref));
  if (!piece) return issue;
  const size = input.kind === '1d' ? `${piece.length ?? ''}` : `${piece.width ?? ''} × ${piece.height ?? ''}`;
  return { ...issue, params: { ...issue.params, size } };
}
