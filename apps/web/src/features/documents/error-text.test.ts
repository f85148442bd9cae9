import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { errorText } from './documents-api.ts';

// Documents flow review (2026-11-27): a refused payment said "Iznos uplate premašuje dug (5974.57)"
// and a shortage "traženo 1.2345" — the server's decimal strings put into the Croatian sentence.
// Amounts and quantities of a refusal are now shown as everywhere else on the screen.
const common = JSON.parse(
  readFileSync(new URL('../../../public/locales/hr/common.json', import.meta.url), 'utf8'),
);

async function hrT() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'hr',
    fallbackLng: false,
    ns: ['common'],
    resources: { hr: { common } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as (key: string, opts?: Record<string, unknown>) => string;
}

describe('errorText shows a refusal in the language of the screen', () => {
  it('formats the amount still owed as money', async () => {
    const error = new ApiError('VALIDATION', 'Iznos uplate premašuje dug (5974.57)', 400, [
      { field: 'amount', key: 'validation.paymentTooLarge', params: { owed: '5974.57' } },
    ]);
    expect((await hrT())('common:validation.paymentTooLarge', { owed: 'x' })).toBe(
      'Iznos uplate premašuje dug (x)',
    );
    expect(errorText(await hrT(), error)).toBe('Iznos uplate premašuje dug (5.974,57\u00a0€)');
  });

  it('formats quantities with a decimal comma and leaves line numbers and document numbers alone', async () => {
    const error = new ApiError('VALIDATION', 'x', 400, [
      {
        field: 'lines.0.quantity',
        key: 'validation.overDelivery',
        params: { line: 1, item: 'FLOAT4', remaining: '1.2345', requested: '1234.5' },
      },
    ]);
    expect(errorText(await hrT(), error)).toBe(
      (await hrT())('common:validation.overDelivery', {
        line: 1,
        item: 'FLOAT4',
        remaining: '1,2345',
        requested: '1.234,5',
      }),
    );
    expect(errorText(await hrT(), error)).toContain('1,2345');
  });

  it("a posting's shortage and a delivery note's reservation each read their own sentence", async () => {
    const params = { item: 'DIST16', location: 'MAT', available: '1.5', requested: '4' };
    const posting = new ApiError('INSUFFICIENT_STOCK', 'x', 409, [
      { field: 'lines.0.quantity', key: 'errors.INSUFFICIENT_STOCK', params },
    ]);
    expect(errorText(await hrT(), posting)).toBe(
      'Nedovoljno zalihe: artikl DIST16 na lokaciji MAT ima raspoloživo 1,5, traženo 4.',
    );
    const reservation = new ApiError('INSUFFICIENT_STOCK', 'x', 409, [
      { field: 'lines.1.quantity', key: 'validation.deliveryOverFree', params: { ...params, line: 2 } },
    ]);
    expect(errorText(await hrT(), reservation)).toBe(
      'Stavka 2: artikl DIST16 na lokaciji MAT ima slobodno samo 1,5, traženo 4.',
    );
  });
});
