import { afterEach, describe, expect, it, vi } from 'vitest';
import { callDocument } from './documents-api.ts';

type Call = { url: string; key: string | undefined };

function fakeFetch(answers: ('network' | number)[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, key: headers['Idempotency-Key'] });
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
