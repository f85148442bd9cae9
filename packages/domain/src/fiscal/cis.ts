import { Decimal } from 'decimal.js';

// B2C fiscalisation through CIS (Fiskalizacija tehnička specifikacija v2.6): the pure parts —
// who is fiscalised, the ZKI input string, the RacunZahtjev XML (unsigned), the verification QR
// link and the late-delivery deadline. Signing, hashing and sending live in the server.

export const CIS_NAMESPACE = 'http://www.apis-it.hr/fin/2012/types/f73';
export const CIS_SOAP_ACTION =
  'http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni';
/** The id of the signed root element (spec ch. 7 recommends the element's name). */
export const RACUN_ZAHTJEV_ID = 'RacunZahtjev';

export type FiscalState = 'pending' | 'delivered' | 'failed';
export type SequenceMark = 'P' | 'N';
/** G cash, K card, T bank transfer, O other (spec 2.1.1.1 "Način plaćanja"). */
export type CisPaymentMethod = 'G' | 'K' | 'T' | 'O';

/**
 * Which invoices go to CIS: those to a consumer. The partner's kind decides — a natural person
 * (`person`) is a final consumer whether or not an OIB is known; a company (`company`) is a
 * business buyer, whose invoice is an eRačun (Fiskalizacija 2.0), not a CIS message.
 */
export function isConsumerBuyer(buyer: { kind: string | null | undefined }): boolean {
  return buyer.kind === 'person';
}

/** Wall-clock parts in Zagreb (the time printed on the invoice and sent to CIS). */
function zagrebParts(at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour'),
    mi: get('minute'),
    s: get('second'),
  };
}

/** `dd.mm.ggggThh:mm:ss` (DatumVrijemeType of the XSD). */
export function cisDateTime(at: Date): string {
  const p = zagrebParts(at);
  return `${p.d}.${p.m}.${p.y}T${p.h}:${p.mi}:${p.s}`;
}

/** Amounts in CIS messages: a dot and two decimals (`1245.56`). */
export const cisAmount = (value: Decimal.Value): string => new Decimal(value).toFixed(2);

export type ZkiFields = {
  oib: string;
  issuedAt: Date;
  /** Numerički broj računa (the sequence number, no leading zeros). */
  seq: number | string;
  premises: string;
  device: string;
  total: Decimal.Value;
};

/**
 * The text the ZKI signs (spec ch. 12.1): OIB + date and time of issue as `dd.MM.gggg HH:mm:ss`
 * + sequence number + premises mark + device mark + total with a dot, concatenated without
 * separators. The server signs its UTF-8 bytes with RSA-SHA1 and takes the MD5 of the signature.
 */
export function zkiInput(f: ZkiFields): string {
  const p = zagrebParts(f.issuedAt);
  const when = `${p.d}.${p.m}.${p.y} ${p.h}:${p.mi}:${p.s}`;
  return `${f.oib}${when}${String(f.seq)}${f.premises}${f.device}${cisAmount(f.total)}`;
}

/**
 * The verification link of the QR code (spec 2.7): `https://porezna.gov.hr/rn?jir=…` (or `zki=`
 * while no JIR is known), `datv=GGGGMMDD_HHMM`, `izn=` the total in cents without separators or
 * leading zeros, a minus for a negative total.
 */
export function fiscalQrUrl(f: {
  jir?: string | null;
  zki: string;
  issuedAt: Date;
  total: Decimal.Value;
}): string {
  const p = zagrebParts(f.issuedAt);
  const cents = new Decimal(f.total).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
  const id = f.jir ? `jir=${f.jir}` : `zki=${f.zki}`;
  return `https://porezna.gov.hr/rn?${id}&datv=${p.y}${p.m}${p.d}_${p.h}${p.mi}&izn=${cents}`;
}

/**
 * The last day to deliver an invoice issued without JIR: two working days from the day of issue
 * (Zakon o fiskalizaciji, čl. 21. st. 2.). Saturdays and Sundays are skipped; public holidays are
 * not known here, so the deadline may be a day early around one (never late).
 */
export function lateDeliveryDeadline(issueDate: string): string {
  const day = new Date(`${issueDate}T12:00:00Z`);
  let left = 2;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** CIS error codes worth sending again (s006 system error); s001–s005 need a fix first. */
export function isRetryableCisError(code: string | null | undefined): boolean {
  return code === 's006';
}

export type RacunTax = { rate: string; base: string; amount: string };

/** The Racun element's data, kept with the invoice so a late delivery sends exactly the same. */
export type RacunData = {
  oib: string;
  vatRegistered: boolean;
  /** ISO instant of issue. */
  issuedAt: string;
  sequenceMark: SequenceMark;
  seq: number;
  premises: string;
  device: string;
  vat: RacunTax[];
  /** Total of 0 % lines of a VAT payer (IznosOslobPdv), or null. */
  exempt: string | null;
  /** Total of a seller outside the VAT system (IznosNePodlOpor), or null. */
  notSubject: string | null;
  total: string;
  paymentMethod: CisPaymentMethod;
  operatorOib: string;
  zki: string;
};

const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An unsigned `RacunZahtjev` (element order of FiskalizacijaSchema.xsd's RacunType), with
 * `Id="RacunZahtjev"` on the root for the enveloped signature.
 */
export function buildRacunZahtjev(m: {
  messageId: string;
  sentAt: Date;
  racun: RacunData;
  late: boolean;
}): string {
  const r = m.racun;
  const t = (name: string, value: string) => `<tns:${name}>${esc(value)}</tns:${name}>`;
  const vat =
    r.vat.length > 0
      ? `<tns:Pdv>${r.vat
          .map(
            (v) =>
              `<tns:Porez>${t('Stopa', cisAmount(v.rate))}${t('Osnovica', v.base)}${t('Iznos', v.amount)}</tns:Porez>`,
          )
          .join('')}</tns:Pdv>`
      : '';
  return (
    `<tns:RacunZahtjev xmlns:tns="${CIS_NAMESPACE}" Id="${RACUN_ZAHTJEV_ID}">` +
    `<tns:Zaglavlje>${t('IdPoruke', m.messageId)}${t('DatumVrijeme', cisDateTime(m.sentAt))}</tns:Zaglavlje>` +
    '<tns:Racun>' +
    t('Oib', r.oib) +
    t('USustPdv', String(r.vatRegistered)) +
    t('DatVrijeme', cisDateTime(new Date(r.issuedAt))) +
    t('OznSlijed', r.sequenceMark) +
    `<tns:BrRac>${t('BrOznRac', String(r.seq))}${t('OznPosPr', r.premises)}${t('OznNapUr', r.device)}</tns:BrRac>` +
    vat +
    (r.exempt ? t('IznosOslobPdv', r.exempt) : '') +
    (r.notSubject ? t('IznosNePodlOpor', r.notSubject) : '') +
    t('IznosUkupno', r.total) +
    t('NacinPlac', r.paymentMethod) +
    t('OibOper', r.operatorOib) +
    t('ZastKod', r.zki) +
    t('NakDost', String(m.late)) +
    '</tns:Racun></tns:RacunZahtjev>'
  );
}

/** The SOAP 1.1 envelope CIS expects around a signed request. */
export function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}
