import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setApiCompany } from '../../lib/api.ts';

afterEach(() => {
  setApiCompany(null);
  vi.unstubAllGlobals();
});

function headersOfNextCall(): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        resolve(init.headers as Record<string, string>);
        return new Response('{}', { status: 200 });
      }),
    );
  });
}

describe('the chosen company on every request', () => {
  it('sends x-company-id on reads and writes once a company is chosen, and none before', async () => {
    let headers = headersOfNextCall();
    await api('/api/company');
    expect(await headers).not.toHaveProperty('x-company-id');

    setApiCompany('0b3f8c1e-1111-4222-8333-944455556666');
    headers = headersOfNextCall();
    await api('/api/company');
    expect((await headers)['x-company-id']).toBe('0b3f8c1e-1111-4222-8333-944455556666');
    headers = headersOfNextCall();
    await api('/api/company', { method: 'PATCH', body: { company_name: 'X' } });
    expect(await headers).toMatchObject({
      'x-company-id': '0b3f8c1e-1111-4222-8333-944455556666',
      'Content-Type': 'application/json',
    });
  });
});
