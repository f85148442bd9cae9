import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPkcs12, type SigningCertificate } from '../../security/certificate.ts';
import { makeTestCertificate } from '../../security/test-certificates.ts';
import { HR_EINVOICE_DIR } from '../einvoice/validators.ts';
import {
  eracunRequest,
  noEracunRequest,
  paymentRequest,
  readAnswer,
  rejectionRequest,
  sendingTime,
} from './messages.ts';
import { checkRequestSignature, signRequest } from './signing.ts';
import { xsdErrors } from './testing/fiscal-xsd.ts';
import { readUblFacts } from './ubl-facts.ts';

// Every Fiskalizacija 2.0 request built from Porezna's own example eRačuni (dates moved into 2026,
// where the schemas start, and a valid OIB in place of the placeholder), signed with a self-made
// certificate: each validates against Porezna's XSD and its signature verifies.

const EXAMPLES = join(HR_EINVOICE_DIR, 'Primjeri_eRacuna');
const corrected = (xml: string) => xml.replace(/>2025-/g, '>2026-').replaceAll('12345678901', '12345678903');

let cert: SigningCertificate;
beforeAll(() => {
  const made = makeTestCertificate({ oib: '12345678903' });
  cert = loadPkcs12(made.p12, made.password);
});

function signed(build: (id: string) => string) {
  const id = randomUUID();
  const xml = signRequest(build(id), id, cert);
  return { id, xml };
}

describe('messages from the example eRačuni', () => {
  const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'));

  it.each(files)(
    '%s: EvidentirajERacun (issued and received) and the no-eRačun report validate and verify',
    (file) => {
      const facts = readUblFacts(corrected(readFileSync(join(EXAMPLES, file), 'utf8')));
      for (const direction of ['I', 'U'] as const) {
        const { id, xml } = signed((i) => eracunRequest({ id: i, sentAt: sendingTime(), direction, facts }));
        expect(xsdErrors(xml, 'fis'), `${file} ${direction}`).toEqual([]);
        const check = checkRequestSignature(xml, cert.certificatePem);
        expect(check.errors).toEqual([]);
        expect(check.valid).toBe(true);
        expect(check.signedIds[0]).toBe(id);
      }
      const report = signed((i) => noEracunRequest({ id: i, sentAt: sendingTime(), facts }));
      expect(xsdErrors(report.xml, 'eiz'), file).toEqual([]);
      expect(checkRequestSignature(report.xml, cert.certificatePem).valid).toBe(true);
    },
  );

  it('carries the eRačun as the XML says (PDV25 example)', () => {
    const xml = corrected(readFileSync(join(EXAMPLES, 'eRacun_PDV25.xml'), 'utf8'));
    const { xml: req } = signed((i) =>
      eracunRequest({ id: i, sentAt: sendingTime(), direction: 'I', facts: readUblFacts(xml) }),
    );
    // Values read off the example file by hand.
    expect(req).toContain('<fis:brojDokumenta>1-P1-1</fis:brojDokumenta>');
    expect(req).toContain('<fis:datumIzdavanja>2026-12-01</fis:datumIzdavanja>');
    expect(req).toContain('<fis:oibPorezniBroj>12345678903</fis:oibPorezniBroj>');
    expect(req).toContain('<fis:oibPorezniBroj>11111111119</fis:oibPorezniBroj>');
    expect(req).toContain('<fis:iznosSPdv>125.00</fis:iznosSPdv>');
    expect(req).toContain('<fis:identifikatorKlasifikacije>62.20.20</fis:identifikatorKlasifikacije>');
    expect(req).toContain('<fis:artiklHrOznakaKategorijaPdv>HR:PDV25</fis:artiklHrOznakaKategorijaPdv>');
  });
});

describe('e-reporting messages', () => {
  it('EvidentirajNaplatu and EvidentirajOdbijanje validate and verify', () => {
    const payment = signed((id) =>
      paymentRequest({
        id,
        sentAt: sendingTime(),
        payments: [
          {
            number: '7-P1-1',
            issueDate: '2026-03-02',
            sellerOib: '94577403194',
            buyerOib: '69435151530',
            paidOn: '2026-03-15',
            amount: '1250.00',
            method: 'T',
          },
        ],
      }),
    );
    expect(xsdErrors(payment.xml, 'eiz')).toEqual([]);
    expect(checkRequestSignature(payment.xml, cert.certificatePem).valid).toBe(true);

    const rejection = signed((id) =>
      rejectionRequest({
        id,
        sentAt: sendingTime(),
        rejections: [
          {
            number: 'R-55/2026',
            issueDate: '2026-03-02',
            sellerOib: '69435151530',
            buyerOib: '94577403194',
            rejectedOn: '2026-03-04',
            reasonKind: 'N',
            reason: 'Cijena ne odgovara narudžbenici & ugovoru <2026>',
          },
        ],
      }),
    );
    expect(xsdErrors(rejection.xml, 'eiz')).toEqual([]);
    expect(checkRequestSignature(rejection.xml, cert.certificatePem).valid).toBe(true);
  });

  it('a changed byte breaks the signature; a bad value fails the XSD', () => {
    const payment = signed((id) =>
      paymentRequest({
        id,
        sentAt: sendingTime(),
        payments: [
          {
            number: '7-P1-1',
            issueDate: '2026-03-02',
            sellerOib: '94577403194',
            buyerOib: '69435151530',
            paidOn: '2026-03-15',
            amount: '1250.00',
            method: 'T',
          },
        ],
      }),
    );
    const tampered = payment.xml.replace('1250.00', '1.00');
    expect(checkRequestSignature(tampered, cert.certificatePem).valid).toBe(false);
    const badOib = payment.xml.replace('69435151530', '6943515153');
    expect(xsdErrors(badOib, 'eiz').join('\n')).toContain('oibPorezniBrojPrimatelja');
  });

  it('reads the example answers (success and failure)', () => {
    const dir = join(HR_EINVOICE_DIR, 'Primjeri_poruka_eIzvjestavanja');
    expect(readAnswer(readFileSync(join(dir, 'Odgovor_EvidentirajNaplatu.xml'), 'utf8'))).toEqual({
      accepted: true,
      requestId: '3ac87da8-8056-40ec-9e68-2a0cfcc086b3',
      errorCode: null,
      errorText: null,
    });
    expect(
      readAnswer(readFileSync(join(dir, 'Neuspjesan_Odgovor_EvidentirajNaplatu.xml'), 'utf8')),
    ).toMatchObject({
      accepted: false,
      errorCode: 'S009',
    });
    expect(sendingTime(new Date('2026-07-01T10:00:00.123Z'))).toBe('2026-07-01T12:00:00.1230');
  });
});
