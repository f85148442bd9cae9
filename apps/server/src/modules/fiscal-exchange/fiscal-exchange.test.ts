import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobs } from '../../jobs/runner.ts';
import type { Json } from '../documents/test-helpers.ts';
import { SEND_JOB } from './fiscal-exchange.service.ts';
import { BUYER_OIB, type FiscalTestApp, startFiscalTestApp } from './testing/fiscal-test-app.ts';

// Fiskalizacija 2.0 through the real app: invoices issued and paid through the API queue their
// messages in the same transaction; the send job signs them with the company's uploaded
// certificate and delivers them to a stand-in of Porezna's service that checks each request
// against the official XSD and the signature and answers like the published examples. Time-outs,
// dropped connections, server errors, refusals and two workers at once: each message is recorded
// exactly once.

let f: FiscalTestApp;
let t: FiscalTestApp['t'];
let api: FiscalTestApp['api'];
let porezna: FiscalTestApp['porezna'];
let item: Json;
const jobs = (opts?: Parameters<FiscalTestApp['jobs']>[0]) => f.jobs(opts);
const issue = (amount?: string) => f.issue(amount);
const state = (id: string) => api.ok('GET', `/api/invoices/${id}/fiscal-exchange`);

beforeAll(async () => {
  f = await startFiscalTestApp();
  ({ t, api, porezna, item } = f);
}, 120_000);

afterAll(async () => {
  await f?.close();
});

describe('EvidentirajERacun for an issued eRačun', () => {
  it('is queued at issue, sent once, checked by the stand-in and shown on the invoice', async () => {
    const invoice = await issue('100');
    const before = await state(invoice.id);
    expect(before.messages).toHaveLength(1);
    expect(before.messages[0]).toMatchObject({
      kind: 'eracun_issued',
      state: 'queued',
      document_number: invoice.number,
    });

    await jobs();
    const after = await state(invoice.id);
    const message = after.messages[0];
    expect(message.state).toBe('accepted');
    expect(message.attempts).toBe(1);
    const recorded = porezna.recorded.get(message.id);
    expect(recorded?.operation).toBe('EvidentirajERacunZahtjev');
    expect(recorded?.valid).toBe(true);
    expect(recorded?.errors).toEqual([]);
    // The request carries the invoice as issued: number, both OIBs, the total with VAT.
    expect(recorded?.body).toContain(`<fis:brojDokumenta>${invoice.number}</fis:brojDokumenta>`);
    expect(recorded?.body).toContain(`<fis:oibPorezniBroj>${BUYER_OIB}</fis:oibPorezniBroj>`);
    expect(recorded?.body).toContain('<fis:iznosSPdv>125.00</fis:iznosSPdv>');
    expect(recorded?.body).toContain('<fis:vrstaERacuna>I</fis:vrstaERacuna>');

    const detail = await api.ok('GET', `/api/fiscal-messages/${message.id}`);
    expect(detail.attempts_log).toHaveLength(1);
    expect(detail.attempts_log[0].request_xml).toBe(recorded?.body);
    expect(detail.attempts_log[0].answer_xml).toContain('<fis:prihvacenZahtjev>true</fis:prihvacenZahtjev>');
  });

  it('a consumer (B2C) invoice gets no Fiskalizacija 2.0 message', async () => {
    const person = await api.ok('POST', '/api/clients', { kind: 'person', name: 'Ivana Ivić' });
    const draft = await api.ok('POST', '/api/invoices', {
      client_id: person.id,
      lines: [{ item_id: item.id, quantity: '1', unit_price: '10' }],
    });
    const issued = (await api.ok('POST', `/api/invoices/${draft.document.id}/issue`)).document;
    expect((await state(issued.id)).messages).toEqual([]);
  });
});

describe('EvidentirajNaplatu', () => {
  it('a recorded payment queues one message with its amount and date, due the 20th of the next month', async () => {
    const invoice = await issue('80');
    await jobs();
    const paidOn = invoice.doc_date as string;
    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: paidOn,
      amount: '40.00',
      note: null,
    });
    const payment = (await state(invoice.id)).messages.find((m: Json) => m.kind === 'payment');
    const [y, m] = paidOn.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-20` : `${y}-${String(m + 1).padStart(2, '0')}-20`;
    expect(payment).toMatchObject({ state: 'queued', amount: '40.00', event_date: paidOn, due_on: next });

    await jobs();
    const sent = porezna.recorded.get(payment.id);
    expect(sent?.operation).toBe('EvidentirajNaplatuZahtjev');
    expect(sent?.body).toContain('<eiz:naplaceniIznos>40.00</eiz:naplaceniIznos>');
    expect(sent?.body).toContain(`<eiz:datumNaplate>${paidOn}</eiz:datumNaplate>`);
    expect(sent?.body).toContain(`<eiz:brojDokumenta>${invoice.number}</eiz:brojDokumenta>`);
    expect((await state(invoice.id)).messages.every((x: Json) => x.state === 'accepted')).toBe(true);

    // A second payment: one more message, the first is not sent again.
    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: paidOn,
      amount: '60.00',
      note: null,
    });
    await jobs();
    const payments = (await state(invoice.id)).messages.filter((x: Json) => x.kind === 'payment');
    expect(payments.map((x: Json) => x.amount).sort()).toEqual(['40.00', '60.00']);
    for (const p of payments) expect(porezna.requests.filter((r) => r.id === p.id)).toHaveLength(1);
  });
});

// A refund (money paid back to the client after a credit note, stored as a negative payment) is no
// collection: Art. 53 and EvidentirajNaplatu report payments the issuer received, and a negative
// naplaceniIznos cancels an earlier report (spec 4.1.2, Napomena). docs/fiscal-exchange.md.
describe('a refund paid back to the client', () => {
  it('is not reported as a collection, neither when recorded nor with a later no-eRačun report', async () => {
    // Fiscalised invoice: the payment is reported, the refund after the credit note is not.
    const fiscalised = await issue('100');
    const today = fiscalised.doc_date as string;
    await api.ok('POST', `/api/invoices/${fiscalised.id}/payments`, { paid_on: today, amount: '50.00' });
    await api.ok('POST', `/api/invoices/${fiscalised.id}/credit-notes`, {});
    await api.ok('POST', `/api/invoices/${fiscalised.id}/refunds`, { paid_on: today, amount: '50.00' });
    const amounts = async (id: string) =>
      (await state(id)).messages.filter((m: Json) => m.kind === 'payment').map((m: Json) => m.amount);
    expect(await amounts(fiscalised.id)).toEqual(['50.00']);

    // Paid, credited and refunded before Fiskalizacija 2.0 was on, then reported as a delivery
    // without an eRačun (Art. 40/51): its payment goes with the report, its refund does not.
    await f.settings({ enabled: false });
    try {
      const late = await issue('100');
      const day = late.doc_date as string;
      await api.ok('POST', `/api/invoices/${late.id}/payments`, { paid_on: day, amount: '30.00' });
      await api.ok('POST', `/api/invoices/${late.id}/credit-notes`, {});
      await api.ok('POST', `/api/invoices/${late.id}/refunds`, { paid_on: day, amount: '30.00' });
      expect((await api.ok('GET', `/api/documents/${late.id}`)).payments.map((p: Json) => p.amount)).toEqual([
        '30.00',
        '-30.00',
      ]);
      await f.settings();
      await api.ok('POST', `/api/invoices/${late.id}/report-without-eracun`);
      expect(await amounts(late.id)).toEqual(['30.00']);
      await jobs();
      const messages = (await state(late.id)).messages as Json[];
      expect(messages.map((m) => [m.kind, m.state]).sort()).toEqual([
        ['no_eracun', 'accepted'],
        ['payment', 'accepted'],
      ]);
      const sent = porezna.recorded.get(messages.find((m) => m.kind === 'payment')?.id);
      expect(sent?.body).toContain('<eiz:naplaceniIznos>30.00</eiz:naplaceniIznos>');
    } finally {
      await f.settings();
    }
  });
});

describe('delivery exactly once', () => {
  async function issueMany(n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await issue(String(10 + i))).id);
    return ids;
  }
  const messageOf = async (id: string) => (await state(id)).messages[0] as Json;

  it.each(['slow-first', 'drop-first', 'error-first'] as const)(
    '%s: retried until accepted, recorded once, the same signed request every time (two workers)',
    async (mode) => {
      porezna.mode = mode;
      porezna.delayMs = 8_000;
      const docs = await issueMany(3);
      await Promise.all([jobs({ workerId: 'worker-a' }), jobs({ workerId: 'worker-b' })]);
      porezna.mode = 'ok';
      for (const id of docs) {
        const message = await messageOf(id);
        const log = await api.ok('GET', `/api/fiscal-messages/${message.id}`);
        expect(
          message.state,
          JSON.stringify(log.attempts_log.map((a: Json) => [a.outcome, a.error_text])),
        ).toBe('accepted');
        const arrived = porezna.requests.filter((r) => r.id === message.id);
        expect(arrived.length).toBeGreaterThanOrEqual(2);
        expect(new Set(arrived.map((r) => r.body)).size).toBe(1);
        expect(porezna.recorded.has(message.id)).toBe(true);
        const detail = await api.ok('GET', `/api/fiscal-messages/${message.id}`);
        expect(detail.attempts_log.length).toBe(arrived.length);
        expect(detail.attempts_log.at(-1).outcome).toBe('accepted');
        expect(detail.attempts_log[0].outcome).toBe(mode === 'slow-first' ? 'timeout' : 'error');
      }
      // One record per message, whatever arrived.
      const ids = new Set(porezna.requests.map((r) => r.id));
      expect(porezna.recorded.size).toBe([...ids].filter((id) => porezna.recorded.has(id)).length);
    },
    120_000,
  );

  it('a worker that died after claiming: the job waits for its lease, then another worker sends it once', {
    timeout: 60_000,
  }, async () => {
    const [doc] = await issueMany(1);
    const claimed = await claimJobs(t.deps.db, {
      workerId: 'dead',
      leaseMs: 500,
      limit: 10,
      kinds: [SEND_JOB],
    });
    expect(claimed.length).toBe(1);
    await jobs({ workerId: 'alive' });
    expect((await messageOf(doc as string)).state).toBe('queued');
    await new Promise((r) => setTimeout(r, 600));
    await jobs({ workerId: 'alive' });
    const message = await messageOf(doc as string);
    expect(message.state).toBe('accepted');
    expect(porezna.requests.filter((r) => r.id === message.id)).toHaveLength(1);
  });

  it('a refusal is final: no retry, the error shown on the document and in the to-do', {
    timeout: 60_000,
  }, async () => {
    porezna.mode = 'refuse';
    const [doc] = await issueMany(1);
    await jobs();
    porezna.mode = 'ok';
    const message = await messageOf(doc as string);
    expect(message).toMatchObject({ state: 'refused', error_code: 'S006', attempts: 1 });
    const todo = await api.ok('GET', '/api/fiscal-exchange/todo');
    expect(todo.find((x: Json) => x.message_id === message.id)).toMatchObject({
      state: 'refused',
      number: message.document_number,
    });
  });
});

describe('deadlines', () => {
  it('an unsent payment of an earlier month appears on the to-do, overdue after the 20th', async () => {
    const invoice = await issue('50');
    await jobs();
    await f.settings({ porezna_url: 'http://127.0.0.1:9/FiskalizacijaService' }); // nothing listens: every attempt fails
    const day = new Date(`${invoice.doc_date}T12:00:00Z`);
    const paidOn = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - 2, 10))
      .toISOString()
      .slice(0, 10);
    await api.ok('POST', `/api/invoices/${invoice.id}/payments`, {
      paid_on: paidOn,
      amount: '10.00',
      note: null,
    });
    await jobs({ retryDelayMs: () => 3_600_000 });
    const todo = await api.ok('GET', '/api/fiscal-exchange/todo');
    const item = todo.find((x: Json) => x.kind === 'payment' && x.document_id === invoice.id);
    const due = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - 1, 20))
      .toISOString()
      .slice(0, 10);
    expect(item).toMatchObject({ state: 'queued', due_on: due, overdue: true });
    expect(item.error_text).toBeTruthy();
    // Sorted by deadline: nothing later comes before it.
    const dues = todo.filter((x: Json) => x.due_on).map((x: Json) => x.due_on);
    expect([...dues].sort()).toEqual(dues);
    await f.settings();
  });
});
