import { businessDay } from '@erp/domain';
import { correctedExample, SELLER_OIB } from '../../modules/purchase-invoices/test-invoices.ts';
import { makeTestCertificate } from '../test-certificates.ts';

// The foreign company's finance areas of issues 18 and 19, seeded through the API like the rest of
// foreign-seed.ts: B2C fiscalisation (certificate, settings, an invoice whose CIS delivery waits),
// Fiskalizacija 2.0 (settings, the messages an issued eRačun queues, a delivery through the
// intermediary), an advance invoice deducted by the final invoice, a received purchase invoice
// with a payment, and a document e-mail. Every outside service (CIS, Porezna, the intermediary,
// SMTP) points at a closed local port: the seed never waits on the network, and the rows of an
// attempt that could not be delivered are rows the fuzzer must not see all the same.

type Call = (method: string, url: string, payload?: unknown) => Promise<Record<string, unknown>>;
type Answer = { statusCode: number; body: string; json(): unknown };
type Send = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

/** Nothing listens here (the discard port): connections are refused at once. */
const CLOSED = 'http://127.0.0.1:9';

export async function seedForeignFinance(
  call: Call,
  send: Send,
  failed: string[],
  refs: { companyOib: string; client: string; mat: string; got: string },
  runJobs?: () => Promise<unknown>,
) {
  const id = (x: Record<string, unknown>) => String(x.id ?? (x.document as { id?: string } | undefined)?.id);

  const premises = await call('GET', '/api/fiscal/settings');
  // B2C fiscalisation: the company's certificate (OIB of the company) and the CIS settings.
  const cert = makeTestCertificate({ oib: refs.companyOib, password: 'Strani-2026!' });
  await call('POST', '/api/fiscal/certificate', {
    p12_base64: cert.p12.toString('base64'),
    password: cert.password,
  });
  await call('PUT', '/api/fiscal/settings', {
    enabled: true,
    sequence_mark: 'P',
    cis_url: `${CLOSED}/cis`,
    timeout_ms: 500,
    // The premises the invoice numbers carry (the documents' numbering settings) are registered.
    registered_premises: String(premises.invoice_premises ?? 'POS1'),
  });
  // Fiskalizacija 2.0 and the intermediary (auto_send off: the
  // eRačun is sent by the call below; the caller runs the queued send job).
  await call('PUT', '/api/fiscal-exchange/settings', {
    enabled: true,
    porezna_url: `${CLOSED}/porezna`,
    intermediary_kind: 'http',
    intermediary_url: `${CLOSED}/posrednik`,
    intermediary_username: 'strani',
    intermediary_secret: 'strana-tajna',
    auto_send: false,
  });

  // A B2C invoice: issued while the CIS is unreachable, so its delivery waits (fiscal_* rows).
  const person = await call('POST', '/api/clients', { kind: 'person', name: 'Strana Fizička Osoba' });
  const b2c = await call('POST', '/api/invoices', {
    client_id: id(person),
    lines: [
      {
        description: 'Strano rezanje',
        quantity: '1',
        unit_price: '12.50',
        vat_rate: '25',
        kpd_code: '23.12.12',
      },
    ],
  });
  await call('POST', `/api/invoices/${id(b2c)}/issue`);

  // An advance (386) on a completed work order, then the final invoice that deducts it, sent
  // through the intermediary (einvoice_deliveries) with its EvidentirajERacun message queued.
  const wo = await call('POST', '/api/documents/work-orders', {
    client_id: refs.client,
    source_location_id: refs.mat,
    output_location_id: refs.got,
    lines: [
      {
        description: 'Strana ugradnja',
        quantity: '2',
        unit: 'h',
        unit_price: '30',
        vat_rate: '25',
        kpd_code: '43.34.20',
      },
    ],
  });
  for (const step of ['plan', 'start', 'complete'])
    await call('POST', `/api/documents/work-orders/${id(wo)}/${step}`, step === 'complete' ? {} : undefined);
  await call('POST', `/api/documents/${id(wo)}/advance-invoices`, { amount: '25.00' });
  const final = await call('POST', '/api/invoices', { client_id: refs.client, work_order_ids: [id(wo)] });
  await call('POST', `/api/invoices/${id(final)}/issue`);
  await call('POST', `/api/invoices/${id(final)}/send-einvoice`);

  // A supplier's eRačun (Porezna's corrected example), received, approved and partly paid.
  await call('POST', '/api/suppliers', { name: 'TVRTKA A d.o.o.', oib: SELLER_OIB });
  const boundary = 'FOREIGNPURCHASE';
  const uploaded = await send(
    'POST',
    '/api/purchase-invoices/upload',
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ulazni.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      Buffer.from(correctedExample('eRacun_PDV25.xml', 'F-77-1'), 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    { 'content-type': `multipart/form-data; boundary=${boundary}` },
  );
  if (uploaded.statusCode !== 201)
    failed.push(`POST /api/purchase-invoices/upload → ${uploaded.statusCode} ${uploaded.body.slice(0, 200)}`);
  else {
    const purchase = uploaded.json() as { id: string; status: string };
    // An upload is stored as `checking`; the validators run in the background job.
    for (let i = 0; i < 20 && purchase.status === 'checking'; i++) {
      await runJobs?.();
      purchase.status = String((await call('GET', `/api/purchase-invoices/${purchase.id}`)).status);
    }
    await call('POST', `/api/purchase-invoices/${purchase.id}/approve`);
    await call('POST', `/api/purchase-invoices/${purchase.id}/payments`, {
      paid_on: businessDay(),
      amount: '1.00',
    });
  }

  // SMTP settings and an e-mailed invoice: the server refuses the connection, the send is
  // refused (409, connection error) and logged (document_mails) in its own transaction.
  await call('PUT', '/api/settings/mail', {
    host: '127.0.0.1',
    port: 9,
    security: 'none',
    username: '',
    from_address: 'racuni@strani.hr',
  });
  const mailed = await send('POST', `/api/invoices/${id(final)}/mail`, {
    to: 'kupac@strani.hr',
    subject: 'Strani račun',
    message: 'U privitku.',
  });
  // Refused as CONFLICT with the connection error; anything else means the seed went wrong.
  if (mailed.statusCode !== 409 || !mailed.body.includes('mail:errors.connection'))
    failed.push(`POST /api/invoices/{id}/mail → ${mailed.statusCode} ${mailed.body.slice(0, 200)}`);
}
