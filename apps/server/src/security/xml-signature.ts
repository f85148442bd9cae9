/**
 * Enveloped XML-DSig signatures with a company certificate (certificate.ts), and their check.
 *
 * Not tied to one message: the caller names the element to sign by its `Id` attribute and picks
 * the algorithms. CIS (B2C fiscalisation, spec v2.6 ch. 7) uses the defaults: RSA-SHA1, SHA-1
 * digest, exclusive c14n, transforms enveloped-signature + exc-c14n, `<KeyInfo>` with the
 * certificate and its issuer/serial. Other messages may ask for RSA-SHA256 / SHA-256.
 */
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
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
const XADES_NS = 'http://uri.etsi.org/01903/v1.3.2#';
const SIGNED_PROPERTIES_TYPE = 'http://uri.etsi.org/01903#SignedProperties';
const SHA512 = 'http://www.w3.org/2001/04/xmlenc#sha512';

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

/**
 * XAdES Baseline B (ETSI EN 319 132-1), enveloped, as Porezna's Fiskalizacija 2.0 asks (technical
 * specification ch. 11 and its signed examples): `<ds:Signature Id="id-…">` whose `<SignedInfo>`
 * holds two references, RSA-SHA256 over exclusive c14n —
 *  1. `Id="r-id-…-1"`, `URI="#<referenceId>"`, transforms enveloped-signature + exc-c14n, SHA-256;
 *  2. `Type="…#SignedProperties"`, `URI="#xades-id-…"`, transform exc-c14n, SHA-256 —
 * `<KeyInfo>` with the certificate, and `<ds:Object><xades:QualifyingProperties Target="#id-…">`
 * with `SignedProperties`: `SigningTime`, `SigningCertificateV2` (SHA-512 digest of the certificate
 * and `IssuerSerialV2`, the DER `IssuerSerial` of RFC 5035 in base64) and a `DataObjectFormat`
 * (`text/xml`) for reference 1. The same xml-crypto signer as plain XML-DSig: it places the
 * `<Object>` and digests an element inside the signature (the SignedProperties) after inserting it.
 */
export function signXades(
  xml: string,
  cert: SigningCertificate,
  options: { referenceId: string; signingTime?: Date },
): string {
  const sigId = `id-${randomBytes(16).toString('hex')}`;
  const dataRefId = `r-${sigId}-1`;
  const propsId = `xades-${sigId}`;
  const certDer = Buffer.from(cert.certificateBase64, 'base64');
  const signingTime = (options.signingTime ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const qualifying =
    `<xades:QualifyingProperties xmlns:xades="${XADES_NS}" Target="#${sigId}">` +
    `<xades:SignedProperties Id="${propsId}"><xades:SignedSignatureProperties>` +
    `<xades:SigningTime>${signingTime}</xades:SigningTime>` +
    '<xades:SigningCertificateV2><xades:Cert><xades:CertDigest>' +
    `<ds:DigestMethod Algorithm="${SHA512}"/>` +
    `<ds:DigestValue>${createHash('sha512').update(certDer).digest('base64')}</ds:DigestValue>` +
    `</xades:CertDigest><xades:IssuerSerialV2>${issuerSerialV2(certDer)}</xades:IssuerSerialV2>` +
    '</xades:Cert></xades:SigningCertificateV2></xades:SignedSignatureProperties>' +
    `<xades:SignedDataObjectProperties><xades:DataObjectFormat ObjectReference="#${dataRefId}">` +
    '<xades:MimeType>text/xml</xades:MimeType></xades:DataObjectFormat></xades:SignedDataObjectProperties>' +
    '</xades:SignedProperties></xades:QualifyingProperties>';
  const rootXpath = `//*[@*[local-name(.)='Id' or local-name(.)='id']='${options.referenceId.replace(/'/g, '')}']`;
  const signer = new SignedXml({
    privateKey: cert.privateKeyPem,
    publicCert: cert.certificatePem,
    signatureAlgorithm: ALGORITHMS['rsa-sha256'].signature,
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: () =>
      `<ds:X509Data><ds:X509Certificate>${cert.certificateBase64}</ds:X509Certificate></ds:X509Data>`,
    objects: [{ content: qualifying }],
  });
  signer.addReference({
    xpath: rootXpath,
    id: dataRefId,
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: ALGORITHMS['rsa-sha256'].digest,
  });
  // Matches nothing before the signature is placed, so xml-crypto looks inside the signature.
  signer.addReference({
    xpath: `//*[local-name(.)='SignedProperties' and @Id='${propsId}']`,
    type: SIGNED_PROPERTIES_TYPE,
    transforms: [EXC_C14N],
    digestAlgorithm: ALGORITHMS['rsa-sha256'].digest,
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: sigId },
    location: { reference: rootXpath, action: 'append' },
  });
  return signer.getSignedXml();
}

/** RFC 5035 `IssuerSerial` ({ GeneralNames [directoryName issuer], serialNumber }) as DER, base64. */
function issuerSerialV2(certDer: Buffer): string {
  const asn1 = forge.asn1;
  const certificate = asn1.fromDer(forge.util.createBuffer(certDer.toString('binary')));
  const tbs = ((certificate.value as forge.asn1.Asn1[])[0]?.value ?? []) as forge.asn1.Asn1[];
  // tbsCertificate: [0] version (optional), serialNumber, signature, issuer, …
  const first = tbs[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = tbs[first];
  const issuer = tbs[first + 2];
  if (!serial || !issuer) throw new Error('the certificate has no issuer or serial number');
  const generalNames = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer]),
  ]);
  const issuerSerial = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [generalNames, serial]);
  return Buffer.from(asn1.toDer(issuerSerial).getBytes(), 'binary').toString('base64');
}

export type XadesCheck = XmlSignatureCheck & {
  /** The `SigningTime` of the SignedProperties, as written. */
  signingTime: string | null;
};

/**
 * Checks a XAdES-B signature as `signXades` writes it: the signature and both digests verify
 * (`verifyXmlSignature`), and the XAdES part is what Porezna asks for — exactly two references,
 * the data one with enveloped-signature + exc-c14n and SHA-256, the other typed SignedProperties
 * pointing at the SignedProperties inside this signature's QualifyingProperties (whose Target is
 * this signature), a SigningTime, and a SigningCertificateV2 whose digest and issuer/serial are
 * those of the certificate in `<KeyInfo>`.
 */
export function verifyXadesSignature(
  xml: string,
  options: { trustedCertificatePem?: string } = {},
): XadesCheck {
  const base = verifyXmlSignature(xml, options);
  const errors = [...base.errors];
  let signingTime: string | null = null;
  const fail = (why: string) => ({ ...base, valid: false, errors: [...errors, why], signingTime });
  let doc: Document;
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml');
  } catch {
    return fail('not XML');
  }
  const signature = doc.getElementsByTagNameNS(DSIG_NS, 'Signature')[0];
  if (!signature) return fail('no Signature element');
  const sigId = signature.getAttribute('Id') ?? '';
  const signedInfo = signature.getElementsByTagNameNS(DSIG_NS, 'SignedInfo')[0];
  const refs = signedInfo ? Array.from(signedInfo.getElementsByTagNameNS(DSIG_NS, 'Reference')) : [];
  const [data, props] = refs;
  if (refs.length !== 2 || !data || !props) return fail(`expected 2 references, found ${refs.length}`);
  const algorithms = (ref: Element, name: string) =>
    Array.from(ref.getElementsByTagNameNS(DSIG_NS, name)).map((t) => t.getAttribute('Algorithm'));
  if (algorithms(data, 'Transform').join(' ') !== `${ENVELOPED} ${EXC_C14N}`)
    return fail('the data reference must use enveloped-signature + exclusive c14n');
  if (props.getAttribute('Type') !== SIGNED_PROPERTIES_TYPE)
    return fail('the second reference is not of type SignedProperties');
  if (algorithms(props, 'Transform').join(' ') !== EXC_C14N)
    return fail('the SignedProperties reference must use exclusive c14n');
  for (const ref of refs)
    if (algorithms(ref, 'DigestMethod')[0] !== ALGORITHMS['rsa-sha256'].digest)
      return fail('references must be digested with SHA-256');
  const qualifying = signature.getElementsByTagNameNS(XADES_NS, 'QualifyingProperties')[0];
  if (!qualifying || qualifying.getAttribute('Target') !== `#${sigId}`)
    return fail('no QualifyingProperties targeting this signature');
  const signed = qualifying.getElementsByTagNameNS(XADES_NS, 'SignedProperties')[0];
  if (!signed || `#${signed.getAttribute('Id')}` !== props.getAttribute('URI'))
    return fail('the SignedProperties reference does not point at the SignedProperties');
  signingTime = signed.getElementsByTagNameNS(XADES_NS, 'SigningTime')[0]?.textContent ?? null;
  if (!signingTime || Number.isNaN(Date.parse(signingTime))) return fail('no SigningTime');
  const certText = signature.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')[0]?.textContent ?? '';
  const certDer = Buffer.from(certText.replace(/\s+/g, ''), 'base64');
  const cert = signed.getElementsByTagNameNS(XADES_NS, 'Cert')[0];
  const digestAlg = cert?.getElementsByTagNameNS(DSIG_NS, 'DigestMethod')[0]?.getAttribute('Algorithm');
  const digest = cert?.getElementsByTagNameNS(DSIG_NS, 'DigestValue')[0]?.textContent?.trim();
  const hash =
    digestAlg === SHA512 ? 'sha512' : digestAlg === ALGORITHMS['rsa-sha256'].digest ? 'sha256' : null;
  if (!cert || !hash || digest !== createHash(hash).update(certDer).digest('base64'))
    return fail('SigningCertificateV2 does not name the certificate in KeyInfo');
  const issuerSerial = cert.getElementsByTagNameNS(XADES_NS, 'IssuerSerialV2')[0]?.textContent?.trim();
  if (issuerSerial !== issuerSerialV2(certDer)) return fail("IssuerSerialV2 is not the certificate's");
  return { ...base, errors, signingTime };
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
