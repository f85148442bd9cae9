import type { FieldIssue } from '../errors.ts';
import type { CuttingJobInput } from './job.ts';

/** Input the optimiser cannot plan (a piece fits no stock, stock runs out); names the field. */
export class CuttingInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'CuttingInputError';
  }
}

/** What a user reads for an input error: its field on the list and the translated key with params. */
export type CuttingInputIssue = { field: 'pieces' | 'stock'; key: string; params?: { piece: string } };

/**
 * The translated form of a `CuttingInputError`'s field, one rule for the server's runs and the
 * browser's worker: `pieces.<ref>` is a piece no stock holds (a sheet piece larger than every
 * sheet, a bar piece longer than every bar), anything else is stock too short.
 */
export function cuttingInputIssue(field: string, kind: '1d' | '2d'): CuttingInputIssue {
  return field.startsWith('pieces.')
    ? {
        field: 'pieces',
        key: kind === '1d' ? 'validation.cuttingPieceTooLong' : 'validation.cuttingPieceTooLarge',
        params: { piece: field.slice('pieces.'.length) },
      }
    : { field: 'stock', key: 'validation.cuttingStockShort' };
}

/**
 * A cutting list's refusal that names a piece (`params.piece`, the piece's ref: "no sheet or bar
 * holds it") gets the piece's size as the list states it, `params.size` in mm: "1000 × 800" for a
 * pane, "6500" for a bar piece, so the message says which piece and how big (the texts of
 * `validation.cuttingPieceTooLarge` / `cuttingPieceTooLong`). Other issues come back unchanged.
 * The browser's run and the server's (answered or stored with a background job) use it alike.
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
