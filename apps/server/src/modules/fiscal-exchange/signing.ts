import type { SigningCertificate } from '../../security/certificate.ts';
import { signXades, verifyXadesSignature } from '../../security/xml-signature.ts';

// Fiskalizacija 2.0 requests are signed with the company's application certificate (Act Art.
// 48(6); technical specification ch. 5.7.2 and 11): XAdES-B(ES), enveloped, over the root request
// element referenced by its `id` (transforms enveloped-signature + exclusive c14n, SHA-256), plus
// the reference to the XAdES SignedProperties (SigningTime, SigningCertificateV2), RSA-SHA256, the
// certificate in <KeyInfo>. <ds:Signature> goes last in the root, where both XSDs put it. The
// B2C CIS messages keep their plain XML-DSig (modules/fiscalisation, same shared signer).

/** The request `xml` (a root element with a namespaced `id` attribute = `id`) signed. */
export function signRequest(xml: string, id: string, cert: SigningCertificate, signingTime?: Date): string {
  return signXades(xml, cert, { referenceId: id, ...(signingTime ? { signingTime } : {}) });
}

/** Whether a signed request's XAdES signature verifies, and over which ids (the SignedProperties' too). */
export function checkRequestSignature(xml: string, trustedCertificatePem?: string) {
  return verifyXadesSignature(xml, trustedCertificatePem ? { trustedCertificatePem } : {});
}
