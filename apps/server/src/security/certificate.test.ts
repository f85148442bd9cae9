import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { assertUsable, loadPkcs12, signBytes } from './certificate.ts';
import { makeTestCertificate } from './test-certificates.ts';
import { signXml, verifyXmlSignature } from './xml-signature.ts';

function keyOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details?.[0]?.key;
  }
  return undefined;
}

describe('PKCS#12 certificates', () => {
  const good = makeTestCertificate({ oib: '12345678903' });

  it('opens a bundle made by openssl and describes it as openssl does', () => {
    const cert = loadPkcs12(good.p12, good.password);
    const serialHex = execFileSync('openssl', ['x509', '-in', good.certPath, '-noout', '-serial'], {
      encoding: 'utf8',
    })
      .trim()
      .replace('serial=', '');
    expect(cert.serialNumber).toBe(BigInt(`0x${serialHex}`).toString(10));
    expect(cert.oib).toBe('12345678903');
    expect(cert.subject).toBe('CN=fiskal 1,organizationIdentifier=VATHR-12345678903,O=Test d.o.o.,C=HR');
    expect(cert.issuer).toBe(cert.subject);
    const end = execFileSync('openssl', ['x509', '-in', good.certPath, '-noout', '-enddate'], {
      encoding: 'utf8',
    });
    expect(cert.notAfter.getTime()).toBe(new Date(end.trim().replace('notAfter=', '')).getTime());
    expect(cert.privateKeyPem).toContain('BEGIN PRIVATE KEY');
  });

  it('refuses a wrong password, garbage, a bundle without key, an expired or foreign certificate', () => {
    expect(keyOf(() => loadPkcs12(good.p12, 'kriva'))).toBe('validation.certificateUnreadable');
    expect(keyOf(() => loadPkcs12(Buffer.from('not a p12'), 'x'))).toBe('validation.certificateUnreadable');
    const noKey = makeTestCertificate({ oib: '12345678903', withKey: false });
    expect(keyOf(() => loadPkcs12(noKey.p12, noKey.password))).toBe('validation.certificateNoKey');
    const expired = makeTestCertificate({ oib: '12345678903', days: -1 });
    const old = loadPkcs12(expired.p12, expired.password);
    expect(keyOf(() => assertUsable(old, { oib: '12345678903' }))).toBe('validation.certificateExpired');
    const cert = loadPkcs12(good.p12, good.password);
    expect(keyOf(() => assertUsable(cert, { oib: '12345678903' }))).toBeUndefined();
    expect(keyOf(() => assertUsable(cert, { oib: '69435151530' }))).toBe('validation.certificateOibMismatch');
    expect(keyOf(() => assertUsable(cert, { now: new Date('2000-01-01') }))).toBe(
      'validation.certificateNotYetValid',
    );
  });

  it('signs bytes exactly as openssl dgst does', () => {
    const cert = loadPkcs12(good.p12, good.password);
    const dataPath = join(good.dir, 'data.txt');
    writeFileSync(dataPath, 'podaci za potpis');
    for (const hash of ['sha1', 'sha256'] as const) {
      const expected = execFileSync('openssl', ['dgst', `-${hash}`, '-sign', good.keyPath, dataPath]);
      expect(signBytes(cert, 'podaci za potpis', hash).equals(expected)).toBe(true);
    }
  });
});

describe('enveloped XML signatures', () => {
  const made = makeTestCertificate({ oib: '12345678903' });
  const cert = loadPkcs12(made.p12, made.password);
  const xml =
    '<tns:Zahtjev Id="Zahtjev" xmlns:tns="urn:test"><tns:Iznos>10.00</tns:Iznos><tns:Opis>a &amp; b</tns:Opis></tns:Zahtjev>';

  it('signs the element named by Id and verifies; any change breaks it', () => {
    const signed = signXml(xml, cert, { referenceId: 'Zahtjev' });
    expect(signed).toContain('<Reference URI="#Zahtjev">');
    expect(signed).toContain('xmldsig#rsa-sha1');
    expect(signed).toContain(`<X509SerialNumber>${cert.serialNumber}</X509SerialNumber>`);
    const check = verifyXmlSignature(signed);
    expect(check).toMatchObject({ valid: true, signedIds: ['Zahtjev'] });
    expect(check.certificatePem?.replace(/\s/g, '')).toBe(made.certPem.replace(/\s/g, ''));
    expect(verifyXmlSignature(signed.replace('10.00', '11.00')).valid).toBe(false);
    const other = makeTestCertificate({ oib: '12345678903' });
    expect(verifyXmlSignature(signed, { trustedCertificatePem: other.certPem }).valid).toBe(false);
    expect(verifyXmlSignature(xml)).toMatchObject({ valid: false, errors: ['no Signature element'] });
  });

  it('signs with RSA-SHA256 when asked', () => {
    const signed = signXml(xml, cert, { referenceId: 'Zahtjev', algorithm: 'rsa-sha256' });
    expect(signed).toContain('xmldsig-more#rsa-sha256');
    expect(signed).toContain('xmlenc#sha256');
    expect(verifyXmlSignature(signed, { trustedCertificatePem: made.certPem }).valid).toBe(true);
  });
});
