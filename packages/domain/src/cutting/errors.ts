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
