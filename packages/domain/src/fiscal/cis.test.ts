import { describe, expect, it } from 'vitest';
import {
  buildRacunZahtjev,
  cisDateTime,
  fiscalQrUrl,
  isConsumerBuyer,
  isRetryableCisError,
  lateDeliveryDeadline,
  type RacunData,
  zkiInput,
} from './cis.ts';

describe('CIS fiscalisation rules', () => {
  // 2026-03-05 09:07:03 in Zagreb (CET, UTC+1).
  const at = new Date('2026-03-05T08:07:03Z');

  it('writes the ZKI input as the spec concatenates it (Zagreb time, dot decimals)', () => {
    expect(
      zkiInput({ oib: '12345678903', issuedAt: at, seq: 17, premises: 'POS1', device: '1', total: '1245.5' }),
    ).toBe('1234567890305.03.2026 09:07:0317POS111245.50');
    // Summer time: UTC+2.
    expect(cisDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('02.07.2026T00:30:00');
  });

  it('builds the QR link of the spec examples', () => {
    // Spec 2.7, JIR example 1 and ZKI example 2 (amounts in cents, no leading zeros).
    const jir = '12345678-1234-1234-1234-123456789012';
    expect(fiscalQrUrl({ jir, zki: 'x', issuedAt: new Date('2020-09-21T04:30:00Z'), total: '1525.99' })).toBe(
      `https://porezna.gov.hr/rn?jir=${jir}&datv=20200921_0630&izn=152599`,
    );
    expect(
      fiscalQrUrl({
        zki: '12345678123412341234123456789010',
        issuedAt: new Date('2021-01-01T18:00:00Z'),
        total: '47.00',
      }),
    ).toBe('https://porezna.gov.hr/rn?zki=12345678123412341234123456789010&datv=20210101_1900&izn=4700');
    expect(
      fiscalQrUrl({ jir, zki: 'x', issuedAt: new Date('2021-01-10T13:00:00Z'), total: '-105.50' }),
    ).toContain('izn=-10550');
  });

  it('gives two working days for a late delivery', () => {
    expect(lateDeliveryDeadline('2026-03-05')).toBe('2026-03-09'); // Thursday → Monday
    expect(lateDeliveryDeadline('2026-03-02')).toBe('2026-03-04'); // Monday → Wednesday
    expect(lateDeliveryDeadline('2026-03-07')).toBe('2026-03-10'); // Saturday → Tuesday
  });

  it('fiscalises consumers only and retries only a system error', () => {
    expect(isConsumerBuyer({ kind: 'person' })).toBe(true);
    expect(isConsumerBuyer({ kind: 'company' })).toBe(false);
    expect(isRetryableCisError('s006')).toBe(true);
    expect(isRetryableCisError('s004')).toBe(false);
  });

  it('writes the RacunType elements in schema order', () => {
    const racun: RacunData = {
      oib: '12345678903',
      vatRegistered: true,
      issuedAt: at.toISOString(),
      sequenceMark: 'N',
      seq: 3,
      premises: 'POS1',
      device: '1',
      vat: [{ rate: '25', base: '100.00', amount: '25.00' }],
      exempt: '10.00',
      notSubject: null,
      total: '135.00',
      paymentMethod: 'T',
      operatorOib: '69435151530',
      zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
    };
    const xml = buildRacunZahtjev({
      messageId: 'f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
      sentAt: at,
      racun,
      late: true,
    });
    const order = [...xml.matchAll(/<tns:(\w+)>/g)].map((m) => m[1]);
    expect(order).toEqual([
      'Zaglavlje',
      'IdPoruke',
      'DatumVrijeme',
      'Racun',
      'Oib',
      'USustPdv',
      'DatVrijeme',
      'OznSlijed',
      'BrRac',
      'BrOznRac',
      'OznPosPr',
      'OznNapUr',
      'Pdv',
      'Porez',
      'Stopa',
      'Osnovica',
      'Iznos',
      'IznosOslobPdv',
      'IznosUkupno',
      'NacinPlac',
      'OibOper',
      'ZastKod',
      'NakDost',
    ]);
    expect(xml).toContain('<tns:Stopa>25.00</tns:Stopa>');
    expect(xml).toContain('<tns:NakDost>true</tns:NakDost>');
    expect(xml).toContain('<tns:DatVrijeme>05.03.2026T09:07:03</tns:DatVrijeme>');
  });
});
