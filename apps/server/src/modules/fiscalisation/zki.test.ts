import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zkiInput } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { loadPkcs12 } from '../../security/certificate.ts';
import { makeTestCertificate } from '../../security/test-certificates.ts';
import { computeZki } from './fiscal.service.ts';

// ZKI test vectors computed without the code under test: the spec's input string (ch. 12,
// written out by hand here), signed with `openssl dgst -sha1 -sign` and hashed with `md5sum`.

function opensslZki(keyPath: string, dir: string, input: string): string {
  const file = join(dir, `zki-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, input, 'utf8');
  const signature = execFileSync('openssl', ['dgst', '-sha1', '-sign', keyPath, file]);
  return execFileSync('md5sum', { input: signature, encoding: 'utf8' }).split(' ')[0] as string;
}

describe('ZKI (zaštitni kod izdavatelja)', () => {
  const made = makeTestCertificate({ oib: '94577403194', password: 'Fiskal-2026!' });
  const cert = loadPkcs12(made.p12, made.password);

  const vectors = [
    // OIB, date and time of issue (dd.MM.gggg HH:mm:ss), number, premises, device, total.
    {
      text: '9457740319405.03.2026 09:07:0317POS111245.56',
      fields: ['2026-03-05T08:07:03Z', 17, 'POS1', '1', '1245.56'],
    },
    {
      text: '9457740319401.07.2026 00:30:001PP22-105.50',
      fields: ['2026-06-30T22:30:00Z', 1, 'PP2', '2', '-105.5'],
    },
    {
      text: '9457740319431.12.2026 23:59:59123456789POSL11230.00',
      fields: ['2026-12-31T22:59:59Z', 123456789, 'POSL1', '12', '30'],
    },
  ] as const;

  it('matches openssl dgst -sha1 -sign | md5sum over the spec input string', () => {
    for (const v of vectors) {
      const [at, seq, premises, device, total] = v.fields;
      const input = zkiInput({ oib: '94577403194', issuedAt: new Date(at), seq, premises, device, total });
      expect(input).toBe(v.text);
      const expected = opensslZki(made.keyPath, made.dir, v.text);
      expect(expected).toMatch(/^[0-9a-f]{32}$/);
      expect(computeZki(cert, input)).toBe(expected);
    }
  });

  it('changes with any part of the input and with another key', () => {
    const base = computeZki(cert, vectors[0].text);
    expect(computeZki(cert, vectors[0].text.replace('1245.56', '1245.57'))).not.toBe(base);
    const other = loadPkcs12(makeTestCertificate({ oib: '94577403194' }).p12, 'test-lozinka');
    expect(computeZki(other, vectors[0].text)).not.toBe(base);
  });
});
