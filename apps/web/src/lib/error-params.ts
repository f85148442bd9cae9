import { formatCurrency, formatQuantity } from './format.ts';

// A refusal's parameters as the screens show them: the server sends amounts and quantities as
// decimal strings ("5974.57", "23.3"), which put as they are into a Croatian sentence read as
// thousands ("23.3" is 233 there).

/** Refusal parameters that are amounts or quantities. */
const MONEY_PARAMS = new Set(['owed']);
const QUANTITY_PARAMS = new Set(['available', 'requested', 'remaining', 'consumed']);

/** A refusal's amounts and quantities as the screens show them ("5.974,57 €", "1,2345"). */
export function shownParams(params: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => {
      if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value)) return [name, value];
      if (MONEY_PARAMS.has(name)) return [name, formatCurrency(value)];
      if (QUANTITY_PARAMS.has(name)) return [name, formatQuantity(value)];
      return [name, value];
    }),
  );
}
