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
 * browser's worker: `pieces.<ref>` is a piece no stock holds, anything else is stock too short.
 */
export function cuttingInputIssue(field: string): CuttingInputIssue {
  return field.startsWith('pieces.')
    ? {
        field: 'pieces',
        key: 'validation.cuttingPieceTooLarge',
        params: { piece: field.slice('pieces.'.length) },
      }
    : { field: 'stock', key: 'validation.cuttingStockShort' };
}
