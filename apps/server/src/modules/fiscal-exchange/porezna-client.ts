import { type FiscalAnswer, readAnswer, soapEnvelope } from './messages.ts';

// One SOAP 1.1 POST of a signed request to the Sustav za fiskalizaciju (or whatever the company
// configured: Porezna's test or production service, or a stand-in). What came back decides the
// outcome; the caller stores the request and the answer of every attempt.

export type SendOutcome = 'accepted' | 'refused' | 'error' | 'timeout';

export type SendResult = {
  outcome: SendOutcome;
  httpStatus: number | null;
  answerXml: string | null;
  answer: FiscalAnswer | null;
  errorText: string | null;
};

/** Answers that mean "this was recorded already" (spec 5.7.1.2.1): a repeat of a message that got through. */
const ALREADY_RECORDED: Record<string, string[]> = {
  EvidentirajERacunZahtjev: ['S008'],
  EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev: ['S008'],
  EvidentirajOdbijanjeZahtjev: ['S010'],
};
/** S001 is the service's own failure: worth trying again. Every other error code is final. */
const TRANSIENT = new Set(['S001']);

export const DEFAULT_TIMEOUT_MS = 15_000;

export async function postRequest(
  url: string,
  operation: string,
  signedRequest: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<SendResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let status: number | null = null;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: `"${operation.replace(/Zahtjev$/, '')}"`,
      },
      body: soapEnvelope(signedRequest),
      signal: controller.signal,
    });
    status = response.status;
    const body = await response.text();
    const answer = readAnswer(body);
    if (!answer) {
      return {
        outcome: 'error',
        httpStatus: status,
        answerXml: body || null,
        answer: null,
        errorText: `HTTP ${status}: no answer in the reply`,
      };
    }
    if (answer.accepted)
      return { outcome: 'accepted', httpStatus: status, answerXml: body, answer, errorText: null };
    const code = answer.errorCode ?? '';
    const text = `${code} ${answer.errorText ?? ''}`.trim();
    if ((ALREADY_RECORDED[operation] ?? []).includes(code))
      return { outcome: 'accepted', httpStatus: status, answerXml: body, answer, errorText: text };
    if (TRANSIENT.has(code))
      return { outcome: 'error', httpStatus: status, answerXml: body, answer, errorText: text };
    return { outcome: 'refused', httpStatus: status, answerXml: body, answer, errorText: text };
  } catch (error) {
    if (controller.signal.aborted)
      return {
        outcome: 'timeout',
        httpStatus: status,
        answerXml: null,
        answer: null,
        errorText: `no answer within ${timeoutMs} ms`,
      };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      outcome: 'error',
      httpStatus: status,
      answerXml: null,
      answer: null,
      errorText: cause?.code ?? cause?.message ?? (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}
