/**
 * Enveloped XML-DSig signatures with a company certificate (certificate.ts), and their check.
 *
 * Not tied to one message: the caller names the element to sign by its `Id` attribute and picks
 * the algorithms. CIS (B2C fiscalisation, spec v2.6 ch. 7) uses the defaults: RSA-SHA1, SHA-1
 * digest, exclusive c14n, transforms enveloped-signature + exc-c14n, `<KeyInfo>` with the
 * certificate and its issuer/serial. Other messages may ask for RSA-SHA256 / SHA-256.
 */
import { X509Certificate } from 'node:crypto';
import { DOMParser, type Document } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import type { SigningCertificate } from './certificate.ts';

const ALGORITHMS = {
  'rsa-sha1': {
    signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    digest: 'http://www.w3.org/2000/09/xmldsig#sha1',
  },
  'rsa-sha256': {
    signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  },
} as const;

const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export type XmlSignOptions = {
  /** The `Id` attribute of the element to sign (the reference is `URI="#<id>"`). */
  referenceId: string;
  /** Default `rsa-sha1` (CIS); `rsa-sha256` signs and digests with SHA-256. */
  algorithm?: keyof typeof ALGORITHMS;
  /** Where `<Signature>` goes, relative to the signed element. Default: its last child. */
  placement?: 'append' | 'prepend' | 'before' | 'after';
  /** Write `<X509IssuerSerial>` beside the certificate in `<KeyInfo>` (default true). */
  issuerSerial?: boolean;
};

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Returns `xml` with an enveloped `<Signature>` over the element whose `Id` is `options.referenceId`. */
export function signXml(xml: string, cert: SigningCertificate, options: XmlSignOptions): string {
  const algorithm = ALGORITHMS[options.algorithm ?? 'rsa-sha1'];
  // By local name, so a namespaced id (`fis:id`, `eiz:id` in Fiskalizacija 2.0) is found too.
  const xpath = `//*[@*[local-name(.)='Id' or local-name(.)='id']='${options.referenceId.replace(/'/g, '')}']`;
  const issuerSerial =
    options.issuerSerial === false
      ? ''
      : `<X509IssuerSerial><X509IssuerName>${escapeXml(cert.issuer)}</X509IssuerName>` +
        `<X509SerialNumber>${cert.serialNumber}</X509SerialNumber></X509IssuerSerial>`;
  const signer = new SignedXml({
    privateKey: cert.privateKeyPem,
    publicCert: cert.certificatePem,
    signatureAlgorithm: algorithm.signature,
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: () =>
      `<X509Data><X509Certificate>${cert.certificateBase64}</X509Certificate>${issuerSerial}</X509Data>`,
  });
  signer.addReference({ xpath, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: algorithm.digest });
  signer.computeSignature(xml, { location: { reference: xpath, action: options.placement ?? 'append' } });
  return signer.getSignedXml();
}

export type XmlSignatureCheck = {
  valid: boolean;
  /** Why not, in English (for logs and attempt records). */
  errors: string[];
  /** The certificate in `<KeyInfo>` (PEM), when there is one. */
  certificatePem: string | null;
  /** The ids the signature's references cover (`#RacunZahtjev` → `RacunZahtjev`). */
  signedIds: string[];
};

/**
 * Checks the first `<Signature>` of the document: the signature value and every reference's
 * digest. The key is `trustedCertificatePem` when given (then `<KeyInfo>` is ignored), else the
 * certificate in `<KeyInfo>` — which proves integrity, not who signed: compare
 * `certificatePem` with what you trust.
 */
export function verifyXmlSignature(
  xml: string,
  options: { trustedCertificatePem?: string } = {},
): XmlSignatureCheck {
  const errors: string[] = [];
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml');
  } catch (error) {
    return {
      valid: false,
      errors: [`not XML: ${(error as Error).message}`],
      certificatePem: null,
      signedIds: [],
    };
  }
  const signature = doc.getElementsByTagNameNS(DSIG_NS, 'Signature')[0];
  if (!signature)
    return { valid: false, errors: ['no Signature element'], certificatePem: null, signedIds: [] };

  const certText = signature
    .getElementsByTagNameNS(DSIG_NS, 'X509Certificate')[0]
    ?.textContent?.replace(/\s+/g, '');
  const certificatePem = certText ? toPem(certText) : null;
  const key = options.trustedCertificatePem ?? certificatePem;
  const signedIds = Array.from(signature.getElementsByTagNameNS(DSIG_NS, 'Reference')).map((ref) =>
    (ref.getAttribute('URI') ?? '').replace(/^#/, ''),
  );
  if (!key) return { valid: false, errors: ['no certificate to check with'], certificatePem, signedIds };
  try {
    new X509Certificate(key);
  } catch {
    return { valid: false, errors: ['the certificate is not readable'], certificatePem, signedIds };
  }

  const checker = new SignedXml({ publicCert: key, getCertFromKeyInfo: () => null });
  try {
    checker.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
    const valid = checker.checkSignature(xml);
    if (!valid) errors.push('the signature does not verify');
    return { valid, errors, certificatePem, signedIds };
  } catch (error) {
    errors.push((error as Error).message);
    return { valid: false, errors, certificatePem, signedIds };
  }
}

function toPem(base64: string): string {
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
