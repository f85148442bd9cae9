import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPkcs12, type SigningCertificate } from '../../security/certificate.ts';
import { makeTestCertificate, type TestCertificate } from '../../security/test-certificates.ts';
import { signXml } from '../../security/xml-signature.ts';
import { HR_EINVOICE_DIR } from '../einvoice/validators.ts';
import { eracunRequest, paymentRequest, rejectionRequest, sendingTime } from './messages.ts';
import { postRequest } from './porezna-client.ts';
import { checkRequestSignature, signRequest } from './signing.ts';
import { xsdErrors } from './testing/fiscal-xsd.ts';
import { type PoreznaStandIn, startPoreznaStandIn } from './testing/porezna-stand-in.ts';
import { readUblFacts } from './ubl-facts.ts';

// The XAdES-B signature of Fiskalizacija 2.0 requests (technical specification ch. 11): checked by
// our verifier, by xmlsec1 (libxmlsec, an independent implementation) and by openssl for the
// certificate's identity, against tampering of the message and of the SignedProperties.

const FIS_NS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eFiskalizacija';
const EIZ_NS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje';
const XADES_NS = 'http://uri.etsi.org/01903/v1.3.2#';
const hasXmlsec = spawnSync('xmlsec1', ['--version']).status === 0;

let made: TestCertificate;
let cert: SigningCertificate;
let porezna: PoreznaStandIn;
beforeAll(async () => {
  made = makeTestCertificate({ oib: '12345678903' });
  cert = loadPkcs12(made.p12, made.password);
  porezna = await startPoreznaStandIn({ trustedCertificatePem: cert.certificatePem });
});
afterAll(() => porezna.close());

function payment(id: string) {
  return paymentRequest({
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
  });
}

function xmlsecVerify(xml: string, root: string): number | null {
  const file = join(made.dir, `xades-${randomUUID()}.xml`);
  writeFileSync(file, xml);
  return spawnSync('xmlsec1', [
    '--verify',
    '--pubkey-cert-pem',
    made.certPath,
    '--id-attr:id',
    root,
    '--id-attr:Id',
    `${XADES_NS}:SignedProperties`,
    file,
  ]).status;
}

describe('XAdES-B signature of Fiskalizacija 2.0 requests', () => {
  it('has the structure of Porezna’s signed examples and verifies', () => {
    const id = randomUUID();
    const signingTime = new Date('2026-03-16T08:13:58.000Z');
    const xml = signRequest(payment(id), id, cert, signingTime);
    expect(xsdErrors(xml, 'eiz')).toEqual([]);
    const check = checkRequestSignature(xml, cert.certificatePem);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(check.signingTime).toBe('2026-03-16T08:13:58Z');
    // Read with regular expressions, not with the code under test.
    const sigId = /<ds:Signature Id="([^"]+)"/.exec(xml)?.[1];
    expect(sigId).toMatch(/^id-[0-9a-f]{32}$/);
    const refs = xml.match(/<ds:Reference [^>]*>/g) ?? [];
    expect(refs).toHaveLength(2);
    expect(refs[0]).toContain(`URI="#${id}"`);
    expect(refs[0]).toContain(`Id="r-${sigId}-1"`);
    expect(refs[1]).toContain(`URI="#xades-${sigId}"`);
    expect(refs[1]).toContain('Type="http://uri.etsi.org/01903#SignedProperties"');
    expect(xml).toContain(
      '<ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><ds:Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/></ds:Transforms>',
    );
    expect(xml).toContain(
      '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>',
    );
    expect(xml).toContain(`<xades:QualifyingProperties xmlns:xades="${XADES_NS}" Target="#${sigId}">`);
    expect(xml).toContain('<xades:SigningTime>2026-03-16T08:13:58Z</xades:SigningTime>');
    expect(xml).toContain(`<xades:DataObjectFormat ObjectReference="#r-${sigId}-1">`);
    // SigningCertificateV2: SHA-512 of the certificate's DER (openssl's DER, not ours) …
    const der = execFileSync('openssl', ['x509', '-in', made.certPath, '-outform', 'DER']);
    expect(xml).toContain(
      `<ds:DigestValue>${createHash('sha512').update(der).digest('base64')}</ds:DigestValue></xades:CertDigest>`,
    );
    // … and IssuerSerialV2 decoded by openssl: the certificate's issuer (directoryName [4]) and serial.
    const issuerSerial = /<xades:IssuerSerialV2>([^<]+)</.exec(xml)?.[1] ?? '';
    const asn1File = join(made.dir, 'issuer-serial.der');
    writeFileSync(asn1File, Buffer.from(issuerSerial, 'base64'));
    const parsed = execFileSync('openssl', ['asn1parse', '-inform', 'DER', '-in', asn1File]).toString();
    const serialHex = execFileSync('openssl', ['x509', '-in', made.certPath, '-noout', '-serial'])
      .toString()
      .trim()
      .replace(/^serial=/, '');
    expect(parsed).toContain('cont [ 4 ]');
    expect(parsed).toMatch(new RegExp(`INTEGER\\s+:${serialHex}`, 'i'));
    expect(parsed).toContain('VATHR-12345678903');
    if (hasXmlsec) expect(xmlsecVerify(xml, `${EIZ_NS}:EvidentirajNaplatuZahtjev`)).toBe(0);
  });

  it('every message kind verifies with xmlsec1 and validates against its XSD', () => {
    const example = readFileSync(join(HR_EINVOICE_DIR, 'Primjeri_eRacuna', 'eRacun_PDV25.xml'), 'utf8')
      .replace(/>2025-/g, '>2026-')
      .replaceAll('12345678901', '12345678903');
    const facts = readUblFacts(example);
    const eracunId = randomUUID();
    const eracun = signRequest(
      eracunRequest({ id: eracunId, sentAt: sendingTime(), direction: 'U', facts }),
      eracunId,
      cert,
    );
    expect(xsdErrors(eracun, 'fis')).toEqual([]);
    const rejectionId = randomUUID();
    const rejection = signRequest(
      rejectionRequest({
        id: rejectionId,
        sentAt: sendingTime(),
        rejections: [
          {
            number: 'R-55/2026',
            issueDate: '2026-03-02',
            sellerOib: '69435151530',
            buyerOib: '94577403194',
            rejectedOn: '2026-03-04',
            reasonKind: 'U',
            reason: 'Pogrešna stopa PDV-a',
          },
        ],
      }),
      rejectionId,
      cert,
    );
    expect(xsdErrors(rejection, 'eiz')).toEqual([]);
    for (const xml of [eracun, rejection])
      expect(checkRequestSignature(xml, cert.certificatePem).valid).toBe(true);
    if (hasXmlsec) {
      expect(xmlsecVerify(eracun, `${FIS_NS}:EvidentirajERacunZahtjev`)).toBe(0);
      expect(xmlsecVerify(rejection, `${EIZ_NS}:EvidentirajOdbijanjeZahtjev`)).toBe(0);
    }
  });

  it('a changed message, SigningTime or certificate reference fails', () => {
    const id = randomUUID();
    const xml = signRequest(payment(id), id, cert, new Date('2026-03-16T08:13:58Z'));
    const root = `${EIZ_NS}:EvidentirajNaplatuZahtjev`;
    const amount = xml.replace('>1250.00<', '>1.00<');
    expect(checkRequestSignature(amount, cert.certificatePem).valid).toBe(false);
    // The SignedProperties are signed too: moving the signing time breaks their digest.
    const time = xml.replace('2026-03-16T08:13:58Z', '2026-03-17T08:13:58Z');
    const timeCheck = checkRequestSignature(time, cert.certificatePem);
    expect(timeCheck.valid).toBe(false);
    if (hasXmlsec) {
      expect(xmlsecVerify(amount, root)).not.toBe(0);
      expect(xmlsecVerify(time, root)).not.toBe(0);
    }
    // Signed by another key whose certificate it names in KeyInfo but not in SigningCertificateV2.
    const other = loadPkcs12(makeTestCertificate({ oib: '12345678903', cn: 'drugi' }).p12, 'test-lozinka');
    const swapped = signRequest(payment(id), id, other).replace(
      /<xades:CertDigest>[\s\S]*?<\/xades:IssuerSerialV2>/,
      /<xades:CertDigest>[\s\S]*?<\/xades:IssuerSerialV2>/.exec(xml)?.[0] ?? '',
    );
    const swappedCheck = checkRequestSignature(swapped);
    expect(swappedCheck.valid).toBe(false);
    expect(swappedCheck.errors.join(' ')).toContain('SigningCertificateV2 does not name the certificate');
  });

  it('the Porezna stand-in accepts the XAdES request and refuses plain XML-DSig with S004', async () => {
    const good = randomUUID();
    const accepted = await postRequest(
      porezna.url,
      'EvidentirajNaplatuZahtjev',
      signRequest(payment(good), good, cert),
    );
    expect(accepted.outcome).toBe('accepted');
    const plainId = randomUUID();
    const plain = signXml(payment(plainId), cert, {
      referenceId: plainId,
      algorithm: 'rsa-sha256',
      issuerSerial: false,
    });
    const refused = await postRequest(porezna.url, 'EvidentirajNaplatuZahtjev', plain);
    expect(refused.outcome).toBe('refused');
    expect(refused.answer?.errorCode).toBe('S004');
    expect(porezna.requests.at(-1)?.errors.join(' ')).toContain('expected 2 references');
    expect(porezna.recorded.has(plainId)).toBe(false);
  });
});
