import { BUSINESS_TIME_ZONE } from '@erp/domain';
import type { UblFacts } from './ubl-facts.ts';

// The Fiskalizacija 2.0 requests as Porezna's XSDs define them (eFiskalizacijaSchema.xsd,
// eIzvjestavanjeSchema.xsd, element order as in their sequences), unsigned: signing.ts appends
// the <ds:Signature> as the last child of the root, where the schemas want it. The root's
// namespaced `id` attribute is the outbox row's id, the same on every attempt.

export const FIS_NS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eFiskalizacija';
export const EIZ_NS = 'http://www.porezna-uprava.gov.hr/fin/2024/types/eIzvjestavanje';

export const REQUEST_ELEMENTS = {
  eracun: 'EvidentirajERacunZahtjev',
  payment: 'EvidentirajNaplatuZahtjev',
  rejection: 'EvidentirajOdbijanjeZahtjev',
  no_eracun: 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev',
} as const;

const esc = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cut = (v: string, max: number) => (v.length > max ? v.slice(0, max) : v);

/** One element with escaped text, or nothing when the value is absent. */
function el(p: string, name: string, value: string | null | undefined, max = 4096): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${p}:${name}>${esc(cut(value, max))}</${p}:${name}>`;
}

const zagreb = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DDTHH:MM:SS.SSSS` in Croatian time, the schemas' datumVrijemeSlanja. */
export function sendingTime(at: Date = new Date()): string {
  const parts = Object.fromEntries(zagreb.formatToParts(at).map((p) => [p.type, p.value]));
  const ms = String(at.getMilliseconds()).padStart(3, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${ms}0`;
}

const DISCOUNT_REASONS = new Set(['64', '95', '100', '102', '103', '104', '105', '106', '109', '98']);
const VATEX = /^VATEX-[A-Z0-9-]+$/i;

/** The body of an ERacun (fis) or Racun (eiz) record: the two schemas share the field list. */
function invoiceRecord(
  p: 'fis' | 'eiz',
  f: UblFacts,
  names: { currency: string; preceding: string; line: string },
) {
  const parts: string[] = [
    el(p, 'brojDokumenta', f.number, 100),
    el(p, 'datumIzdavanja', f.issueDate),
    el(p, 'vrstaDokumenta', f.typeCode),
    el(p, names.currency, f.currency),
    el(p, 'datumDospijecaPlacanja', f.dueDate),
    el(p, 'vrstaPoslovnogProcesa', f.process, 200),
    el(p, 'referencaNaUgovor', f.contractRef, 1024),
    el(p, 'datumIsporuke', f.deliveryDate),
  ];
  for (const prev of f.preceding)
    parts.push(
      `<${p}:${names.preceding}>${el(p, 'brojDokumenta', prev.number, 100)}${el(p, 'datumIzdavanja', prev.issueDate)}</${p}:${names.preceding}>`,
    );
  parts.push(
    `<${p}:Izdavatelj>${el(p, 'ime', f.seller.name || f.seller.oib, 1024)}${el(p, 'oibPorezniBroj', f.seller.oib)}${el(p, 'oibOperatera', f.seller.operatorOib)}</${p}:Izdavatelj>`,
    `<${p}:Primatelj>${el(p, 'ime', f.buyer.name || (f.buyer.oib ?? ''), 1024)}${el(p, 'oibPorezniBroj', f.buyer.oib)}</${p}:Primatelj>`,
  );
  for (const a of f.accounts)
    parts.push(
      `<${p}:PrijenosSredstava>${el(p, 'identifikatorRacunaZaPlacanje', a.iban, 200)}${el(p, 'nazivRacunaZaPlacanje', a.name, 500)}${el(p, 'identifikatorPruzateljaPlatnihUsluga', a.provider, 200)}</${p}:PrijenosSredstava>`,
    );
  const t = f.totals;
  parts.push(
    `<${p}:DokumentUkupanIznos>${el(p, 'neto', t.net)}${el(p, 'popust', t.allowances)}${el(p, 'trosak', t.charges)}` +
      `${el(p, 'iznosBezPdv', t.withoutVat)}${el(p, 'pdv', t.vat)}${el(p, 'iznosSPdv', t.withVat)}` +
      `${el(p, 'placeniIznos', t.prepaid)}${el(p, 'iznosKojiDospijevaZaPlacanje', t.payable)}</${p}:DokumentUkupanIznos>`,
  );
  for (const x of f.taxes)
    parts.push(
      `<${p}:RaspodjelaPdv>${el(p, 'kategorijaPdv', x.category)}${el(p, 'oporeziviIznos', x.taxable)}${el(p, 'iznosPoreza', x.tax)}` +
        `${el(p, 'stopa', x.percent)}${el(p, 'razlogOslobodenja', x.exemptionCode && VATEX.test(x.exemptionCode) ? x.exemptionCode : null)}` +
        `${el(p, 'tekstRazlogaOslobodenja', x.exemptionText, 1024)}${el(p, 'hrOznakaKategorijaPdv', x.hrCategory)}</${p}:RaspodjelaPdv>`,
    );
  for (const a of f.allowances)
    parts.push(
      `<${p}:DokumentPopust>${el(p, 'iznosPopust', a.amount)}${el(p, 'kategorijaPdv', a.category)}${el(p, 'stopaPdv', a.percent)}` +
        `${el(p, 'tekstRazlogaPopusta', a.reason, 1024)}${el(p, 'razlogPopusta', a.reasonCode && DISCOUNT_REASONS.has(a.reasonCode) ? a.reasonCode : null)}</${p}:DokumentPopust>`,
    );
  for (const c of f.charges)
    parts.push(
      `<${p}:DokumentTrosak>${el(p, 'iznosTrosak', c.amount)}${el(p, 'kategorijaPdv', c.category)}${el(p, 'stopaPdv', c.percent)}` +
        `${el(p, 'tekstRazlogaOslobodenjaPdv', c.reason, 1024)}</${p}:DokumentTrosak>`,
    );
  // KPD is not given on credit notes (381) and advance invoices (386) (spec 3.1.3.17.13).
  const withKpd = f.typeCode !== '381' && f.typeCode !== '386';
  for (const l of f.lines) {
    const kpd =
      withKpd && l.kpd
        ? `<${p}:ArtiklIdentifikatorKlasifikacija>${el(p, 'identifikatorKlasifikacije', l.kpd, 10)}${el(p, 'identifikatorSheme', 'CG')}</${p}:ArtiklIdentifikatorKlasifikacija>`
        : '';
    parts.push(
      `<${p}:${names.line}>${el(p, 'kolicina', l.quantity)}${el(p, 'jedinicaMjere', l.unit)}${el(p, 'neto', l.net)}` +
        `${el(p, 'artiklNetoCijena', l.price)}${el(p, 'artiklBrutoCijena', l.grossPrice)}${el(p, 'artiklOsnovnaKolicina', l.baseQuantity)}` +
        `${el(p, 'artiklJedinicaMjereZaOsnovnuKolicinu', l.baseQuantity ? l.baseUnit : null)}${el(p, 'artiklKategorijaPdv', l.category)}` +
        `${el(p, 'artiklStopaPdv', l.percent)}${el(p, 'artiklNaziv', l.name, 1024)}${el(p, 'artiklOpis', l.description, 4096)}` +
        `${el(p, 'artiklHrOznakaKategorijaPdv', l.hrCategory)}${kpd}</${p}:${names.line}>`,
    );
  }
  parts.push(el(p, 'indikatorKopije', 'false'));
  return parts.join('');
}

/** EvidentirajERacunZahtjev: an issued (`I`) or received (`U`) eRačun. */
export function eracunRequest(input: {
  id: string;
  sentAt: string;
  direction: 'I' | 'U';
  facts: UblFacts;
}): string {
  const record = invoiceRecord('fis', input.facts, {
    currency: 'valutaERacuna',
    preceding: 'PrethodniERacun',
    line: 'StavkaERacuna',
  });
  return (
    `<fis:EvidentirajERacunZahtjev xmlns:fis="${FIS_NS}" fis:id="${esc(input.id)}">` +
    `<fis:Zaglavlje>${el('fis', 'datumVrijemeSlanja', input.sentAt)}${el('fis', 'vrstaERacuna', input.direction)}</fis:Zaglavlje>` +
    `<fis:ERacun>${record}</fis:ERacun></fis:EvidentirajERacunZahtjev>`
  );
}

/** EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev: an issued invoice that could not go out as an eRačun. */
export function noEracunRequest(input: { id: string; sentAt: string; facts: UblFacts }): string {
  const record = invoiceRecord('eiz', input.facts, {
    currency: 'valutaRacuna',
    preceding: 'PrethodniRacun',
    line: 'StavkaRacuna',
  });
  return (
    `<eiz:EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev xmlns:eiz="${EIZ_NS}" eiz:id="${esc(input.id)}">` +
    `<eiz:Zaglavlje>${el('eiz', 'datumVrijemeSlanja', input.sentAt)}${el('eiz', 'vrstaRacuna', 'IR')}</eiz:Zaglavlje>` +
    `<eiz:Racun>${record}</eiz:Racun></eiz:EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev>`
  );
}

export type PaymentRecord = {
  number: string;
  issueDate: string;
  sellerOib: string;
  buyerOib: string;
  paidOn: string;
  amount: string;
  method: 'T' | 'O' | 'Z';
};

/** EvidentirajNaplatuZahtjev: payments received for issued eRačuni. */
export function paymentRequest(input: { id: string; sentAt: string; payments: PaymentRecord[] }): string {
  const rows = input.payments
    .map(
      (x) =>
        `<eiz:Naplata>${el('eiz', 'brojDokumenta', x.number, 100)}${el('eiz', 'datumIzdavanja', x.issueDate)}` +
        `${el('eiz', 'oibPorezniBrojIzdavatelja', x.sellerOib)}${el('eiz', 'oibPorezniBrojPrimatelja', x.buyerOib)}` +
        `${el('eiz', 'datumNaplate', x.paidOn)}${el('eiz', 'naplaceniIznos', x.amount)}${el('eiz', 'nacinPlacanja', x.method)}</eiz:Naplata>`,
    )
    .join('');
  return (
    `<eiz:EvidentirajNaplatuZahtjev xmlns:eiz="${EIZ_NS}" eiz:id="${esc(input.id)}">` +
    `<eiz:Zaglavlje>${el('eiz', 'datumVrijemeSlanja', input.sentAt)}</eiz:Zaglavlje>${rows}</eiz:EvidentirajNaplatuZahtjev>`
  );
}

export type RejectionRecord = {
  number: string;
  issueDate: string;
  sellerOib: string;
  buyerOib: string;
  rejectedOn: string;
  reasonKind: 'N' | 'U' | 'O';
  reason: string;
};

/** EvidentirajOdbijanjeZahtjev: received eRačuni the company rejected. */
export function rejectionRequest(input: {
  id: string;
  sentAt: string;
  rejections: RejectionRecord[];
}): string {
  const rows = input.rejections
    .map(
      (x) =>
        `<eiz:Odbijanje>${el('eiz', 'brojDokumenta', x.number, 100)}${el('eiz', 'datumIzdavanja', x.issueDate)}` +
        `${el('eiz', 'oibPorezniBrojIzdavatelja', x.sellerOib)}${el('eiz', 'oibPorezniBrojPrimatelja', x.buyerOib)}` +
        `${el('eiz', 'datumOdbijanja', x.rejectedOn)}${el('eiz', 'vrstaRazlogaOdbijanja', x.reasonKind)}` +
        `${el('eiz', 'razlogOdbijanja', x.reason, 1024)}</eiz:Odbijanje>`,
    )
    .join('');
  return (
    `<eiz:EvidentirajOdbijanjeZahtjev xmlns:eiz="${EIZ_NS}" eiz:id="${esc(input.id)}">` +
    `<eiz:Zaglavlje>${el('eiz', 'datumVrijemeSlanja', input.sentAt)}</eiz:Zaglavlje>${rows}</eiz:EvidentirajOdbijanjeZahtjev>`
  );
}

/** The SOAP 1.1 envelope every request travels in (as in Porezna's examples). */
export function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

export type FiscalAnswer = {
  accepted: boolean;
  requestId: string | null;
  errorCode: string | null;
  errorText: string | null;
};

/** Reads an Odgovor (either schema): prihvacenZahtjev, idZahtjeva and the first greska. */
export function readAnswer(xml: string): FiscalAnswer | null {
  const pick = (name: string) =>
    new RegExp(`<(?:[\\w-]+:)?${name}>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim() ?? null;
  const accepted = pick('prihvacenZahtjev');
  if (accepted === null) return null;
  return {
    accepted: accepted === 'true',
    requestId: pick('idZahtjeva'),
    errorCode: pick('sifra'),
    errorText: pick('opis'),
  };
}
