/**
 * Test double of CIS (tests and bench/fiscal): a local HTTP server that takes SOAP requests like
 * the FiskalizacijaService `racuni` operation, checks every RacunZahtjev against Porezna's
 * FiskalizacijaSchema.xsd (xmllint) and its XML-DSig signature (xml-crypto), and answers like
 * the spec's examples (2.1.4): a signed RacunOdgovor with a JIR, or with an error (s001 for a
 * schema failure, s004 for a bad signature, or the error the test asks for); or not at all.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CIS_NAMESPACE, cisDateTime } from '@erp/domain';
import { DOMParser } from '@xmldom/xmldom';
import { loadPkcs12, type SigningCertificate } from '../../security/certificate.ts';
import { makeTestCertificate } from '../../security/test-certificates.ts';
import { signXml, verifyXmlSignature } from '../../security/xml-signature.ts';

const run = promisify(execFile);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
export const CIS_XSD = resolve(
  repoRoot,
  '../shared/hr-einvoice/b2c-fiscalisation-cis/schema/FiskalizacijaSchema.xsd',
);

export type StandInMode =
  | { kind: 'ok' }
  | { kind: 'error'; code: string; message: string }
  | { kind: 'down' } // 503 without a RacunOdgovor
  | { kind: 'silent' }; // never answers (the client's time-out)

export type Received = {
  messageId: string;
  late: boolean;
  zki: string;
  number: string;
  amount: string;
  schemaErrors: string[];
  signatureValid: boolean;
  /** The certificate that signed (PEM), to compare with the uploaded one. */
  certificatePem: string | null;
  answered: 'jir' | 'error' | 'none';
  jir: string | null;
  xml: string;
};

/** xmllint --schema over one document; the error lines, [] when valid. */
export async function xsdErrors(xml: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cis-'));
  const file = join(dir, 'request.xml');
  writeFileSync(file, xml);
  try {
    await run('xmllint', ['--noout', '--schema', CIS_XSD, file]);
    return [];
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? error);
    return stderr
      .split('\n')
      .filter((l) => l.includes(file) && !l.endsWith('validates') && !l.endsWith('fails to validate'));
  }
}

export class CisStandIn {
  readonly received: Received[] = [];
  mode: StandInMode = { kind: 'ok' };
  private server: Server;
  private cisCert: SigningCertificate;
  private held = new Set<ServerResponse>();
  url = '';

  constructor() {
    // CIS signs its answers with its own certificate ("fiscalcis"); a fresh one here.
    const made = makeTestCertificate({ cn: 'fiskalcistest' });
    this.cisCert = loadPkcs12(made.p12, made.password);
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/FiskalizacijaService`;
    return this.url;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }

  private answer(messageId: string, inner: string): string {
    const body =
      `<tns:RacunOdgovor xmlns:tns="${CIS_NAMESPACE}" Id="RacunOdgovor">` +
      `<tns:Zaglavlje><tns:IdPoruke>${messageId}</tns:IdPoruke>` +
      `<tns:DatumVrijeme>${cisDateTime(new Date())}</tns:DatumVrijeme></tns:Zaglavlje>${inner}</tns:RacunOdgovor>`;
    const signed = signXml(body, this.cisCert, { referenceId: 'RacunOdgovor' });
    return `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${signed}</soap:Body></soap:Envelope>`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const envelope = Buffer.concat(chunks).toString('utf8');
    const mode = this.mode;
    const doc = new DOMParser({ onError: () => {} }).parseFromString(envelope, 'text/xml');
    const request = doc.getElementsByTagNameNS(CIS_NAMESPACE, 'RacunZahtjev')[0];
    const xml = request ? request.toString() : '';
    const text = (name: string) => request?.getElementsByTagNameNS(CIS_NAMESPACE, name)[0]?.textContent ?? '';
    const schemaErrors = request ? await xsdErrors(xml) : ['no RacunZahtjev in the SOAP body'];
    const signature = verifyXmlSignature(xml);
    const entry: Received = {
      messageId: text('IdPoruke'),
      late: text('NakDost') === 'true',
      zki: text('ZastKod'),
      number: `${text('BrOznRac')}/${text('OznPosPr')}/${text('OznNapUr')}`,
      amount: text('IznosUkupno'),
      schemaErrors,
      signatureValid: signature.valid && signature.signedIds.includes('RacunZahtjev'),
      certificatePem: signature.certificatePem,
      answered: 'none',
      jir: null,
      xml,
    };
    this.received.push(entry);
    if (mode.kind === 'silent') {
      this.held.add(res);
      return;
    }
    if (mode.kind === 'down') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const error =
      schemaErrors.length > 0
        ? { code: 's001', message: `Poruka nije u skladu s XML shemom : ${schemaErrors[0]}` }
        : !entry.signatureValid
          ? { code: 's004', message: 'Neispravan digitalni potpis.' }
          : mode.kind === 'error'
            ? { code: mode.code, message: mode.message }
            : null;
    const type = { 'content-type': 'text/xml; charset=utf-8' };
    if (error) {
      entry.answered = 'error';
      res
        .writeHead(500, type)
        .end(
          this.answer(
            entry.messageId,
            `<tns:Greske><tns:Greska><tns:SifraGreske>${error.code}</tns:SifraGreske><tns:PorukaGreske>${error.message
              .replace(/&/g, '&amp;')
              .replace(/</g, '&lt;')}</tns:PorukaGreske></tns:Greska></tns:Greske>`,
          ),
        );
      return;
    }
    entry.answered = 'jir';
    entry.jir = randomUUID();
    res.writeHead(200, type).end(this.answer(entry.messageId, `<tns:Jir>${entry.jir}</tns:Jir>`));
  }
}
