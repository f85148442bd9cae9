import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callDocument,
  correctConsumption,
  documentAction,
  duplicateDocument,
  issueAdvanceInvoice,
  logOperationTime,
  operationAction,
  recordPayment,
  recordQualityCheck,
  saveDocument,
} from './documents-api.ts';

type Call = { url: string; method: string | undefined; body: unknown; key: string | undefined };

function fakeFetch(answers: ('network' | number)[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        url,
        method: init.method,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        key: headers['Idempotency-Key'],
      });
      const answer = answers.shift();
      if (answer === 'network') throw new TypeError('fetch failed');
      return new Response(JSON.stringify(answer === 200 ? { ok: true } : { error: { code: 'CONFLICT' } }), {
        status: answer,
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('callDocument idempotency keys', () => {
  it('sends an Idempotency-Key on posting actions and reuses it after a lost answer', async () => {
    const calls = fakeFetch(['network', 200, 200]);
    await expect(callDocument('/api/invoices/a1/issue')).rejects.toMatchObject({ code: 'NETWORK' });
    await callDocument('/api/invoices/a1/issue');
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    // Answered: the next action on the same path is a new posting with a new key.
    await callDocument('/api/invoices/a1/issue');
    expect(calls[2]?.key).not.toBe(calls[0]?.key);
  });

  it('gives different payments different keys and plain saves none', async () => {
    const calls = fakeFetch([200, 200, 200, 409]);
    await callDocument('/api/invoices/a1/payments', { paid_on: '2026-01-02', amount: '10.00' });
    await callDocument('/api/invoices/a1/payments', { paid_on: '2026-01-03', amount: '10.00' });
    await callDocument('/api/documents/work-orders/w1/complete', { actual: [] });
    expect(new Set(calls.slice(0, 3).map((c) => c.key)).size).toBe(3);
    await expect(callDocument('/api/documents/quotes', { lines: [] })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(calls[3]?.key).toBeUndefined();
  });
});

// The server's routes (apps/server/src/routes/documents*), written out here: each named write of
// the documents screens must reach its route with its method and body, and a posting action
// carries an Idempotency-Key while a draft's save does not.
describe('named document writes', () => {
  it('reach the routes of the quote and work order screens', async () => {
    const calls = fakeFetch(Array.from({ length: 10 }, () => 200));
    const correction = {
      reason: 'scrap' as const,
      note: null,
      lines: [{ item_id: '00000000-0000-4000-8000-000000000001', quantity: '-1.5' }],
    };
    await saveDocument('quote', undefined, { lines: [] });
    await saveDocument('work_order', 'w1', { lines: [] });
    await documentAction('quote', 'q1', 'convert');
    await documentAction('work_order', 'w1', 'complete', { actual: [] });
    await duplicateDocument('q1');
    await operationAction('w1', 'o1', 'finish');
    await logOperationTime('w1', 'o1', { minutes: '30' });
    await recordQualityCheck('w1', 'o1', { result: 'fail', note: 'scratch' });
    await correctConsumption('w1', correction);
    await issueAdvanceInvoice('q1', { percent: '30' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/documents/quotes',
      'PUT /api/documents/work-orders/w1',
      'POST /api/documents/quotes/q1/convert',
      'POST /api/documents/work-orders/w1/complete',
      'POST /api/documents/q1/duplicate',
      'POST /api/documents/work-orders/w1/operations/o1/finish',
      'POST /api/documents/work-orders/w1/operations/o1/time',
      'POST /api/documents/work-orders/w1/operations/o1/checks',
      'POST /api/documents/work-orders/w1/consumption-corrections',
      'POST /api/documents/q1/advance-invoices',
    ]);
    expect(calls[3]?.body).toEqual({ actual: [] });
    expect(calls[7]?.body).toEqual({ result: 'fail', note: 'scratch' });
    expect(calls[8]?.body).toEqual(correction);
    expect(calls.map((c) => c.key !== undefined)).toEqual([
      false,
      false,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('send the status actions of invoices, credit notes and delivery notes to their own routes', async () => {
    const calls = fakeFetch([200, 200, 200]);
    await documentAction('invoice', 'i1', 'issue');
    await documentAction('credit_note', 'c1', 'issue');
    await documentAction('delivery_note', 'd1', 'cancel');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/invoices/i1/issue',
      'POST /api/invoices/c1/issue',
      'POST /api/delivery-notes/d1/cancel',
    ]);
  });

  it('record a payment on the invoice with its date and amount, once per retry', async () => {
    const calls = fakeFetch(['network', 200]);
    const payment = { paid_on: '2026-02-01', amount: '125.40' };
    await expect(recordPayment('i1', payment)).rejects.toMatchObject({ code: 'NETWORK' });
    await recordPayment('i1', payment);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/invoices/i1/payments',
      'POST /api/invoices/i1/payments',
    ]);
    expect(calls[1]?.body).toEqual(payment);
    expect(calls[1]?.key).toBe(calls[0]?.key);
  });
});
