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
