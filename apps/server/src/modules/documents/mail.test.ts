import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { parseMime, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';
import { documentsClient, type Json, TEST_OPERATOR } from './test-helpers.ts';

// Documents e-mailed from the app (issue 22, deliverable 5): a real SMTP conversation with a sink
// on localhost. The attachments must be the stored files byte for byte; a refused connection
// leaves the document as it was and logs no "sent".

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let sink: SmtpSink;
let client: Json;
let item: Json;

const asOwner = <T>(sqlText: string, params: unknown[]) =>
  t.deps.database.session((q) => q(sqlText, params)) as Promise<T[]>;

async function storedFile(id: string, format: 'pdf' | 'ubl'): Promise<Buffer | null> {
  const rows = await asOwner<{ data64: string }>(
    `select encode(data, 'base64') as data64 from document_files where document_id = $1 and format = $2`,
    [id, format],
  );
  return rows[0] ? Buffer.from(rows[0].data64, 'base64') : null;
}

async function useSmtp(port: number) {
  return api.ok('PUT', '/api/settings/mail', {
    host: '127.0.0.1',
    port,
    security: 'none',
    username: '',
    password: 'tajna-lozinka',
    from_address: 'ured@staklo-horvat.hr',
  });
}

async function draftQuote(): Promise<Json> {
  return (
    await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: [{ item_id: item.id, quantity: '3', unit_price: '40' }],
    })
  ).document;
}

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  sink = await startSmtpSink();
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  item = await api.ok('POST', '/api/inventory/items', {
    sku: 'IZO',
    name: 'Izo staklo 4-16-4',
    kind: 'product',
    base_unit: 'kom',
    vat_rate: '25',
    kpd_code: '23.12.13',
    sales_price: '100',
  });
  client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    email: 'nabava@gradnja-kovac.hr',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    payment_terms_days: 30,
  });
}, 120_000);
afterAll(async () => {
  await sink?.close();
  await t?.close();
});

describe('documents e-mailed from the app', () => {
  it('refuses to send before the company has an SMTP server, and sends nothing', async () => {
    const quote = await draftQuote();
    const r = await api.call('POST', `/api/documents/quotes/${quote.id}/mail`, {
      to: 'nabava@gradnja-kovac.hr',
      subject: 'Ponuda',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].key).toBe('mail:errors.notConfigured');
    expect((await api.ok('GET', `/api/documents/${quote.id}`)).document.status).toBe('draft');
  });

  it('stores the SMTP password encrypted and never returns it', async () => {
    const saved = await useSmtp(sink.port);
    expect(saved.settings).toMatchObject({ host: '127.0.0.1', port: sink.port, has_password: true });
    expect(JSON.stringify(saved)).not.toContain('tajna-lozinka');
    const [row] = await asOwner<{ password: string }>('select password from company_mail_settings', []);
    expect(row?.password.startsWith('enc:v1:')).toBe(true);
    expect(row?.password).not.toContain('tajna');
    // Saving again without a password keeps the stored one.
    const again = await api.ok('PUT', '/api/settings/mail', {
      host: '127.0.0.1',
      port: sink.port,
      security: 'none',
      from_address: 'ured@staklo-horvat.hr',
    });
    expect(again.settings.has_password).toBe(true);
  });

  it('e-mails an issued invoice with its stored PDF and eRačun XML, and logs it on the invoice', async () => {
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      lines: [{ item_id: item.id, quantity: '2', unit_price: '100' }],
    });
    const invoice = (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document;
    const prefilled = await api.ok('GET', `/api/documents/${invoice.id}/mail`);
    expect(prefilled.to).toBe('nabava@gradnja-kovac.hr');
    expect(prefilled.subject).toBe(`Račun ${invoice.number}`);
    expect(prefilled.message).toContain('Staklo Horvat d.o.o.');
    expect(prefilled.log).toEqual([]);

    const before = sink.received.length;
    const sent = await api.ok('POST', `/api/invoices/${invoice.id}/mail`, {
      to: prefilled.to,
      cc: 'racunovodstvo@gradnja-kovac.hr; voditelj@gradnja-kovac.hr',
      subject: prefilled.subject,
      message: 'Poštovani, račun je u privitku. Lijep pozdrav',
    });
    expect(sink.received.length).toBe(before + 1);
    const envelope = sink.received[before];
    expect(envelope?.from).toBe('ured@staklo-horvat.hr');
    expect(envelope?.to.sort()).toEqual(
      ['nabava@gradnja-kovac.hr', 'racunovodstvo@gradnja-kovac.hr', 'voditelj@gradnja-kovac.hr'].sort(),
    );
    const mail = parseMime(envelope?.data ?? '');
    expect(mail.subject).toBe(`Račun ${invoice.number}`);
    expect(mail.text).toContain('račun je u privitku');
    expect(mail.headers.get('cc')).toContain('racunovodstvo@gradnja-kovac.hr');

    // The attachments are the stored frozen files, byte for byte.
    const pdf = await storedFile(invoice.id, 'pdf');
    const ubl = await storedFile(invoice.id, 'ubl');
    expect(pdf && ubl).toBeTruthy();
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      `Račun-${invoice.number}.pdf`,
      `Račun-${invoice.number}.xml`,
    ]);
    expect(mail.attachments[0]?.content.equals(pdf as Buffer)).toBe(true);
    expect(mail.attachments[1]?.content.equals(ubl as Buffer)).toBe(true);
    expect(mail.attachments[1]?.content.toString('utf8')).toContain(
      '<cbc:PayableAmount currencyID="EUR">250.00<',
    );

    // The sent log: who, to whom, the result and the message id the message carries.
    expect(sent.log).toHaveLength(1);
    const entry = sent.log[0];
    expect(entry).toMatchObject({
      sent_by: user.id,
      to_addresses: ['nabava@gradnja-kovac.hr'],
      cc_addresses: ['racunovodstvo@gradnja-kovac.hr', 'voditelj@gradnja-kovac.hr'],
      result: 'sent',
      error_key: null,
    });
    expect(entry.message_id).toBe(mail.headers.get('message-id'));
    expect(entry.sent_by_name).toBeTruthy();
    expect((await api.ok('GET', `/api/documents/${invoice.id}/mail`)).log).toEqual(sent.log);
  });

  it('sending a draft quote marks it sent and attaches the PDF frozen by sending', async () => {
    const quote = await draftQuote();
    expect(await storedFile(quote.id, 'pdf')).toBeNull();
    const before = sink.received.length;
    await api.ok('POST', `/api/documents/quotes/${quote.id}/mail`, {
      to: 'nabava@gradnja-kovac.hr',
      subject: `Ponuda ${quote.number}`,
      message: 'U privitku je ponuda.',
    });
    expect((await api.ok('GET', `/api/documents/${quote.id}`)).document.status).toBe('sent');
    const stored = await storedFile(quote.id, 'pdf');
    const mail = parseMime(sink.received[before]?.data ?? '');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
    expect(stored && mail.attachments[0]?.content.equals(stored)).toBe(true);
    // The same file is what the PDF download serves.
    const download = await api.call('GET', `/api/documents/${quote.id}/pdf`);
    expect(Buffer.from(download.raw.rawPayload).equals(stored as Buffer)).toBe(true);
  });

  it('a refused connection gives a translated error, leaves the quote a draft and logs no "sent"', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startSmtpSink();
    const port = closed.port;
    await closed.close();
    await useSmtp(port);
    try {
      const quote = await draftQuote();
      const before = sink.received.length;
      const r = await api.call('POST', `/api/documents/quotes/${quote.id}/mail`, {
        to: 'nabava@gradnja-kovac.hr',
        subject: `Ponuda ${quote.number}`,
      });
      expect(r.status).toBe(409);
      expect(r.body.error.details[0].key).toBe('mail:errors.connection');
      const after = await api.ok('GET', `/api/documents/${quote.id}`);
      expect(after.document.status).toBe('draft');
      expect(await storedFile(quote.id, 'pdf')).toBeNull(); // not frozen either
      expect(sink.received.length).toBe(before);
      const { log } = await api.ok('GET', `/api/documents/${quote.id}/mail`);
      expect(log.map((l: Json) => l.result)).toEqual(['failed']);
      expect(log[0].error_key).toBe('errors.connection');
      expect(log[0].message_id).toBeNull();
    } finally {
      await useSmtp(sink.port);
    }
  });

  it('refuses bad addresses and a draft invoice without sending anything', async () => {
    const quote = await draftQuote();
    const before = sink.received.length;
    const bad = await api.call('POST', `/api/documents/quotes/${quote.id}/mail`, {
      to: 'nabava@gradnja-kovac.hr, nije-adresa',
      subject: 'Ponuda',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: Json) => d.key)).toContain('validation.emailInvalid');
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: client.id,
      lines: [{ item_id: item.id, quantity: '1', unit_price: '10' }],
    });
    const r = await api.call('POST', `/api/invoices/${draft.document.id}/mail`, {
      to: 'nabava@gradnja-kovac.hr',
      subject: 'Račun',
    });
    expect(r.status).toBe(409);
    expect(r.body.error.details[0].key).toBe('mail:errors.notSendable');
    expect(sink.received.length).toBe(before);
    expect((await api.ok('GET', `/api/documents/${quote.id}`)).document.status).toBe('draft');
  });
});
