import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';

function mockFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetch = mockFetch(async () => new Response('{"ok":true}', { status: 200 }));
    await expect(api('/api/tenants/me', { method: 'PATCH', body: { phone: '1' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tenants/me');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"phone":"1"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('prefixes /api and sends an empty JSON object for writes without a body', async () => {
    const fetch = mockFetch(async () => new Response(null, { status: 204 }));
    await expect(api('changelog/1/view', { method: 'POST' })).resolves.toBeUndefined();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/changelog/1/view');
    expect(init.body).toBe('{}');
  });

  it('sends FormData untouched so the browser sets the multipart boundary', async () => {
    const fetch = mockFetch(async () => new Response('{}', { status: 200 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api('/api/tenants/me/logo', { method: 'POST', body: form });
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('throws ApiError with code, status and details from the error shape', async () => {
    mockFetch(
      async () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION',
              message: 'Email je obavezan',
              details: [{ field: 'email', key: 'validation.emailRequired' }],
            },
          }),
          { status: 400 },
        ),
    );
    const error = await api('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      message: 'Email je obavezan',
      details: [{ field: 'email', key: 'validation.emailRequired' }],
    });
  });

  it('names a body-less server failure INTERNAL and a failed request NETWORK', async () => {
    mockFetch(async () => new Response('<html>', { status: 502 }));
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api('/api/x')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });
});
