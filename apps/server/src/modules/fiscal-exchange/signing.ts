import type { SigningCertificate } from '../../security/certificate.ts';
import { signXml, verifyXmlSignature } from '../../security/xml-signature.ts';

// Fiskalizacija 2.0 requests are signed with the company's application certificate (Act Art.
// 48(6); technical specification ch. 11): an enveloped XML-DSig over the root request element,
// referenced by its `id`, transforms enveloped-signature + exclusive c14n, RSA-SHA256 and SHA-256
// digests, the certificate in <KeyInfo>. The signer is the shared one (security/xml-signature.ts,
// also used for CIS); <Signature> goes last in the root, where both XSDs put it.

/** The request `xml` (a root element with a namespaced `id` attribute = `id`) signed. */
export function signRequest(xml: string, id: string, cert: SigningCertificate): string {
  return signXml(xml, cert, {
    referenceId: id,
    algorithm: 'rsa-sha256',
    placement: 'append',
    issuerSerial: false,
  });
}

/** Whether a signed request's signature verifies, and over which ids. */
export function checkRequestSignature(xml: string, trustedCertificatePem?: string) {
  return verifyXmlSignature(xml, trustedCertificatePem ? { trustedCertificatePem } : {});
}
