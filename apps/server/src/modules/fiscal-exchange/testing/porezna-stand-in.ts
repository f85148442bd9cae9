import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRequestSignature } from '../signing.ts';
import { schemaOf, soapBody, xsdErrors } from './fiscal-xsd.ts';

// Test double of Porezna's Sustav za fiskalizaciju (the real one cannot be reached from here): an
// HTTP server that checks each SOAP request against the official XSD and its XAdES-B signature
// (both digests, the SignedProperties' SigningTime and SigningCertificateV2: a plain XML-DSig
// signature is refused with S004), records
// each message once by its request id, and answers as the published example answers do
// (Odgovor_* / Neuspjesan_Odgovor_*). A repeat of a request id gets the first answer again, so a
// message counts once however often it arrives. Misbehaviour on demand: no answer in time, a
// dropped connection after recording, HTTP 500, a refusal.

export type StandInMode =
  | 'ok'
  /** Records the message, then answers only after `delayMs` (longer than the client waits). */
  | 'slow-first'
  /** Records the message, then drops the connection without answering (first time per id). */
  | 'drop-first'
  /** HTTP 500 without recording, first time per id. */
  | 'error-first'
  /** Answers prihvacenZahtjev=false with S006 (not authorised) for every message. */
  | 'refuse';

export type Received = { id: string; operation: string; body: string; valid: boolean; errors: string[] };

const ANSWER_NS = {
  fis: 'http://www.porezna-uprava.gov.hr/fin/2024/types/eFiskalizacija',
  eiz: 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje',
};

function zagrebNow() {
  return new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
}

function answer(operation: string, ns: 'fis' | 'eiz', error: { code: string; text: string } | null): string {
  const root = operation.replace(/Zahtjev$/, 'Odgovor');
  const greska = error
    ? `<${ns}:greska><${ns}:sifra>${error.code}</${ns}:sifra><${ns}:redniBrojZapisa>1</${ns}:redniBrojZapisa><${ns}:opis>${error.text}</${ns}:opis></${ns}:greska>`
    : '';
  return (
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:${ns}="${ANSWER_NS[ns]}"><soapenv:Body>` +
    `<${ns}:${root} ${ns}:id="${randomUUID()}"><${ns}:datumVrijemeSlanja>${zagrebNow()}</${ns}:datumVrijemeSlanja>` +
    `<${ns}:Odgovor><${ns}:idZahtjeva>${randomUUID()}</${ns}:idZahtjeva><${ns}:prihvacenZahtjev>${error ? 'false' : 'true'}</${ns}:prihvacenZahtjev>${greska}</${ns}:Odgovor>` +
    `</${ns}:${root}></soapenv:Body></soapenv:Envelope>`
  );
}

export type PoreznaStandIn = {
  url: string;
  mode: StandInMode;
  delayMs: number;
  /** Every request that arrived (repeats included). */
  requests: Received[];
  /** Messages recorded, by request id: each once. */
  recorded: Map<string, Received>;
  /** eRačun identities recorded (number, direction, seller): a second id with the same one gets S008. */
  eracuni: Set<string>;
  close(): Promise<void>;
};

export async function startPoreznaStandIn(
  opts: { trustedCertificatePem?: string } = {},
): Promise<PoreznaStandIn> {
  const answers = new Map<string, string>();
  const seenOnce = new Set<string>();
  const state: PoreznaStandIn = {
    url: '',
    mode: 'ok',
    delayMs: 1_000,
    requests: [],
    recorded: new Map(),
    eracuni: new Set(),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const envelope = Buffer.concat(chunks).toString('utf8');
      const body = soapBody(envelope) ?? '';
      const operation = /^<(?:[\w-]+:)?(\w+)/.exec(body)?.[1] ?? '';
      const id = /\s\w+:id="([^"]+)"/.exec(body)?.[1] ?? '';
      const ns = schemaOf(body);
      const errors = xsdErrors(body, ns);
      const signature = checkRequestSignature(body, opts.trustedCertificatePem);
      const received: Received = {
        id,
        operation,
        body,
        valid: errors.length === 0 && signature.valid,
        errors: [...errors, ...signature.errors],
      };
      state.requests.push(received);
      const send = (status: number, xml: string) => {
        res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
        res.end(xml);
      };
      if (errors.length > 0)
        return send(
          200,
          answer(operation, ns, { code: 'S005', text: `Poruka nije u skladu s XML shemom: ${errors[0]}` }),
        );
      if (!signature.valid || !signature.signedIds.includes(id))
        return send(200, answer(operation, ns, { code: 'S004', text: 'Neispravan potpis zahtjeva' }));
      const first = !seenOnce.has(id);
      seenOnce.add(id);
      if (state.mode === 'error-first' && first) return send(500, 'Internal Server Error');
      const known = answers.get(id);
      let reply = known;
      if (!reply) {
        if (state.mode === 'refuse')
          reply = answer(operation, ns, {
            code: 'S006',
            text: 'Pristupna točka nije ovlaštena za dostavu podataka',
          });
        else {
          const identity =
            operation === 'EvidentirajERacunZahtjev'
              ? `${/<\w+:brojDokumenta>([^<]*)/.exec(body)?.[1]}|${/<\w+:vrstaERacuna>([^<]*)/.exec(body)?.[1]}|${/<\w+:oibPorezniBroj>([^<]*)/.exec(body)?.[1]}`
              : null;
          if (identity && state.eracuni.has(identity))
            reply = answer(operation, ns, {
              code: 'S008',
              text: 'Već postoji zabilježen eRačun s istim identifikatorom.',
            });
          else {
            if (identity) state.eracuni.add(identity);
            state.recorded.set(id, received);
            reply = answer(operation, ns, null);
          }
        }
        answers.set(id, reply);
      }
      if (state.mode === 'drop-first' && first) return res.socket?.destroy();
      if (state.mode === 'slow-first' && first) {
        setTimeout(() => {
          if (!res.writableEnded && !res.destroyed) send(200, reply as string);
        }, state.delayMs);
        return;
      }
      send(200, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/FiskalizacijaService`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
