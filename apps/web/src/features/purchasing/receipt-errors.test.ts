import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { apiErrorMessages } from '../clients/partner-ui.tsx';

// The goods receipt form lists the server's refusals with apiErrorMessages. An over-receipt of
// spacer (33.3 m ordered, 10 in, 30 received now) read "preostalo 23.3, zaprimljeno 30": in a
// Croatian sentence 23.3 is two hundred and thirty-three. Quantities are shown as on the screen.
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

describe('receipt refusals in the language of the screen', () => {
  it('shows the over-receipt quantities with a decimal comma', async () => {
    const error = new ApiError('OVER_RECEIPT', 'x', 409, [
      {
        field: 'lines.1.quantity',
        key: 'errors.OVER_RECEIPT',
        params: { item: 'DIST-16', remaining: '23.3', requested: '30', line_id: 'l2' },
      },
    ]);
    expect(apiErrorMessages(error, await hrT(), () => 'DIST-16 – Količina')).toEqual([
      'DIST-16 – Količina: Primka premašuje naručenu količinu (DIST-16: preostalo 23,3, zaprimljeno 30). Potvrdite višak ako je namjeran.',
    ]);
  });

  it('shows a shortage at the receipt’s cancellation the same way', async () => {
    const error = new ApiError('INSUFFICIENT_STOCK', 'x', 409, [
      {
        field: 'lines',
        key: 'errors.INSUFFICIENT_STOCK',
        params: { item: 'FLOAT-4', location: 'SK2', available: '11.6675', requested: '21.6675' },
      },
    ]);
    const [text] = apiErrorMessages(error, await hrT());
    expect(text).toContain('11,6675');
    expect(text).toContain('21,6675');
  });
});
