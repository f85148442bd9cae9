import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiError, api, onApiError } from '../../lib/api.ts';
import { parseHostingState } from './read-only-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('read-only company notice (issue 10)', () => {
  it('reads only the two states the server publishes', () => {
    expect(parseHostingState({ state: 'read_only' })).toBe('read_only');
    expect(parseHostingState({ state: 'normal' })).toBe('normal');
    expect(parseHostingState({ state: 'gone' })).toBeNull();
    expect(parseHostingState(null)).toBeNull();
    expect(parseHostingState({ ids: [1] })).toBeNull();
  });

  it('tells error listeners of a refused write, and stops after unsubscribing', async () => {
    const refusal = JSON.stringify({ error: { code: 'COMPANY_READ_ONLY', message: 'samo za čitanje' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(refusal, { status: 423 })),
    );
    const seen: ApiError[] = [];
    const off = onApiError((error) => seen.push(error));
    await expect(api('/api/inventory/locations', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'COMPANY_READ_ONLY',
      status: 423,
    });
    expect(seen.map((e) => e.code)).toEqual(['COMPANY_READ_ONLY']);
    off();
    await expect(api('/api/inventory/locations', { method: 'POST', body: {} })).rejects.toBeTruthy();
    expect(seen).toHaveLength(1);
  });
});
