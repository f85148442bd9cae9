import { CIS_NAMESPACE, CIS_SOAP_ACTION, soapEnvelope } from '@erp/domain';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { verifyXmlSignature } from '../../security/xml-signature.ts';

// Sends one signed RacunZahtjev to CIS (SOAP 1.1 over HTTP(S), spec v2.6 and the WSDL's
// `racuni` operation) and reads what came back. Never throws: every ending is an outcome that
// the caller records as an attempt.

export type CisOutcome =
  | { outcome: 'jir'; jir: string }
  | { outcome: 'error'; code: string; message: string }
  | { outcome: 'unavailable'; code: null; message: string };

export type CisExchange = CisOutcome & {
  httpStatus: number | null;
  responseXml: string | null;
  durationMs: number;
};

const text = (parent: Element | Document, name: string): string | null =>
  parent.getElementsByTagNameNS(CIS_NAMESPACE, name)[0]?.textContent?.trim() ?? null;

/**
 * Reads a RacunOdgovor out of a SOAP answer: its JIR, or its first error (SifraGreske,
 * PorukaGreske). A body that holds no RacunOdgovor is null. A signed answer whose signature
 * does not verify is an error (`signature`), not a JIR.
 */
export function readRacunOdgovor(body: string): CisOutcome | null {
  let doc: Document;
  try {
    doc = new DOMParser({ onError: () => {} }).parseFromString(body, 'text/xml');
  } catch {
    return null;
  }
  const answer = doc.getElementsByTagNameNS(CIS_NAMESPACE, 'RacunOdgovor')[0];
  if (!answer) return null;
  if (answer.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature').length > 0) {
    const check = verifyXmlSignature(body);
    if (!check.valid) return { outcome: 'error', code: 'signature', message: check.errors.join('; ') };
  }
  const error = answer.getElementsByTagNameNS(CIS_NAMESPACE, 'Greska')[0];
  if (error) {
    return {
      outcome: 'error',
      code: text(error, 'SifraGreske') ?? 'unknown',
      message: (text(error, 'PorukaGreske') ?? '').replace(/\s+/g, ' '),
    };
  }
  const jir = text(answer, 'Jir');
  if (jir) return { outcome: 'jir', jir: jir.toLowerCase() };
  return { outcome: 'error', code: 'unknown', message: 'RacunOdgovor without JIR or error' };
}

/** POSTs the signed request; waits at most `timeoutMs` for the whole answer. */
export async function sendToCis(url: string, signedRequest: string, timeoutMs: number): Promise<CisExchange> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${CIS_SOAP_ACTION}"` },
      body: soapEnvelope(signedRequest),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    const read = readRacunOdgovor(body);
    if (read) return { ...read, httpStatus: response.status, responseXml: body, durationMs: elapsed() };
    return {
      outcome: 'unavailable',
      code: null,
      message: `HTTP ${response.status} without RacunOdgovor`,
      httpStatus: response.status,
      responseXml: body.slice(0, 20_000),
      durationMs: elapsed(),
    };
  } catch (error) {
    const name = (error as Error).name;
    const message =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${timeoutMs} ms`
        : `${(error as Error).message}${(error as { cause?: Error }).cause ? `: ${(error as { cause: Error }).cause.message}` : ''}`;
    return {
      outcome: 'unavailable',
      code: null,
      message,
      httpStatus: null,
      responseXml: null,
      durationMs: elapsed(),
    };
  }
}
