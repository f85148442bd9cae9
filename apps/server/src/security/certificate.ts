/**
 * A company's signing certificate: a PKCS#12 bundle (.p12 / .pfx) opened with its password.
 *
 * Not tied to one message format: fiscalisation through CIS (B2C) and the Fiskalizacija 2.0
 * messages both sign with what `loadPkcs12` returns (see xml-signature.ts). The PKCS#12 bytes are
 * stored encrypted with field-crypto by the caller; this module never touches the database.
 *
 * Errors are `AppError('VALIDATION')` with one `{ field: 'certificate', key }` detail, the key in
 * the `common` namespace: `validation.certificateUnreadable` (not a PKCS#12 file, or the wrong
 * password — PKCS#12 cannot tell the two apart reliably), `validation.certificateNoKey`,
 * `validation.certificateExpired`, `validation.certificateNotYetValid`,
 * `validation.certificateOibMismatch`.
 */
import { createSign, X509Certificate } from 'node:crypto';
import { AppError } from '@erp/domain';
import forge from 'node-forge';

export type SigningCertificate = {
  /** The end-entity certificate, PEM. */
  certificatePem: string;
  /** Its DER bytes in base64, as written in `<X509Certificate>`. */
  certificateBase64: string;
  /** The RSA private key of that certificate, PKCS#8 PEM (unencrypted: keep it in memory only). */
  privateKeyPem: string;
  /** Subject and issuer as RFC 2253 strings (`CN=...,O=...,C=HR`), most specific first. */
  subject: string;
  issuer: string;
  /** Serial number in decimal (as `<X509SerialNumber>` wants it). */
  serialNumber: string;
  /** The OIB the certificate names (organizationIdentifier `VATHR-…`, or an 11-digit run in O / CN / serialNumber), or null. */
  oib: string | null;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256 fingerprint, hex, colon separated. */
  fingerprint256: string;
};

const FIELD = 'certificate';
const SHROUDED_KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag as string;
const KEY_BAG = forge.pki.oids.keyBag as string;
const CERT_BAG = forge.pki.oids.certBag as string;

function refuse(key: string, message: string): AppError {
  return new AppError('VALIDATION', message, [{ field: FIELD, key }]);
}

/**
 * Opens a PKCS#12 bundle. Takes the first certificate whose public key matches a private key in
 * the bundle (other certificates are the issuer chain). Throws a translated `AppError` when the
 * file is not PKCS#12, the password is wrong, or no key is inside.
 */
export function loadPkcs12(p12: Buffer | Uint8Array, password: string): SigningCertificate {
  let bundle: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    bundle = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch {
    throw refuse('validation.certificateUnreadable', 'not a PKCS#12 file, or the password is wrong');
  }
  const bags = (type: string): forge.pkcs12.Bag[] => bundle.getBags({ bagType: type })[type] ?? [];
  const keys = [...bags(SHROUDED_KEY_BAG), ...bags(KEY_BAG)]
    .map((bag) => bag.key as forge.pki.rsa.PrivateKey | undefined)
    .filter((key): key is forge.pki.rsa.PrivateKey => Boolean(key));
  const certificates = bags(CERT_BAG)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => Boolean(cert));
  if (keys.length === 0) throw refuse('validation.certificateNoKey', 'the PKCS#12 file holds no private key');

  for (const key of keys) {
    const cert = certificates.find((c) => {
      const pub = c.publicKey as forge.pki.rsa.PublicKey;
      return Boolean(pub?.n?.equals(key.n) && pub.e.equals(key.e));
    });
    if (!cert) continue;
    const certificatePem = forge.pki.certificateToPem(cert);
    const privateKeyPem = forge.pki.privateKeyInfoToPem(
      forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)),
    );
    return describe(certificatePem, privateKeyPem);
  }
  throw refuse('validation.certificateNoKey', 'no certificate in the PKCS#12 file matches its private key');
}

/** The description of a PEM certificate with its key (node's X509 parser: names in RFC 2253 order). */
export function describe(certificatePem: string, privateKeyPem: string): SigningCertificate {
  const x509 = new X509Certificate(certificatePem);
  const subject = rfc2253(x509.subject);
  return {
    certificatePem,
    certificateBase64: x509.raw.toString('base64'),
    privateKeyPem,
    subject,
    issuer: rfc2253(x509.issuer),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    oib: oibOfSubject(x509.subject),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    fingerprint256: x509.fingerprint256,
  };
}

/** node prints a name one attribute per line, least specific first; XML-DSig wants `CN=..,O=..,C=..`. */
function rfc2253(name: string): string {
  return name
    .split('\n')
    .filter(Boolean)
    .reverse()
    .map((part) => part.replace(/([,+;<>"])/g, '\\$1'))
    .join(',');
}

/** The OIB a subject names: organizationIdentifier (VATHR-…), then O, CN and serialNumber. */
export function oibOfSubject(subject: string): string | null {
  const lines = subject.split('\n');
  const order = ['organizationIdentifier=', '2.5.4.97=', 'O=', 'CN=', 'serialNumber='];
  for (const prefix of order) {
    for (const line of lines) {
      if (!line.startsWith(prefix)) continue;
      const match = /(?:^|\D)(\d{11})(?:\D|$)/.exec(line.slice(prefix.length));
      if (match) return match[1] ?? null;
    }
  }
  return null;
}

/**
 * Refuses a certificate that cannot sign today for this company: expired, not yet valid, or
 * naming another OIB (a certificate that names no OIB is refused too when `oib` is given).
 */
export function assertUsable(cert: SigningCertificate, opts: { now?: Date; oib?: string | null } = {}): void {
  const now = opts.now ?? new Date();
  if (now.getTime() > cert.notAfter.getTime()) {
    throw refuse(
      'validation.certificateExpired',
      `the certificate expired on ${cert.notAfter.toISOString()}`,
    );
  }
  if (now.getTime() < cert.notBefore.getTime()) {
    throw refuse(
      'validation.certificateNotYetValid',
      `the certificate is valid from ${cert.notBefore.toISOString()}`,
    );
  }
  if (opts.oib && cert.oib !== opts.oib) {
    throw refuse('validation.certificateOibMismatch', "the certificate's OIB is not the company's");
  }
}

/** A raw RSA signature (PKCS#1 v1.5) over `data` with the certificate's key. */
export function signBytes(
  cert: Pick<SigningCertificate, 'privateKeyPem'>,
  data: string | Buffer,
  hash: 'sha1' | 'sha256' = 'sha256',
): Buffer {
  const signer = createSign(hash === 'sha1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(data);
  return signer.sign(cert.privateKeyPem);
}

/** What a settings screen may show of a certificate (never the key). */
export function publicView(cert: SigningCertificate) {
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    serial_number: cert.serialNumber,
    oib: cert.oib,
    not_before: cert.notBefore.toISOString(),
    not_after: cert.notAfter.toISOString(),
    fingerprint256: cert.fingerprint256,
  };
}
