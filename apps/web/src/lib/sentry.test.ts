import { redactSensitive } from '@erp/domain/redact';
import { describe, expect, it } from 'vitest';
import { QUERY_DEFAULTS } from './query-client.ts';
import { keepBreadcrumb } from './sentry.ts';

describe('error reporting', () => {
  it('drops console debug breadcrumbs and keeps the rest', () => {
    expect(keepBreadcrumb({ category: 'console', level: 'debug' })).toBeNull();
    expect(keepBreadcrumb({ category: 'console', level: 'error' })).toEqual({
      category: 'console',
      level: 'error',
    });
    expect(keepBreadcrumb({ category: 'fetch', level: 'debug' })).toEqual({
      category: 'fetch',
      level: 'debug',
    });
  });

  it('scrubs sensitive fields from an event before sending', () => {
    const event = {
      request: { data: { email: 'a@b.hr', password: 'x', tax_number: '1' } },
      extra: { authToken: 't' },
    };
    expect(redactSensitive(event)).toEqual({
      request: { data: { email: 'a@b.hr', password: '[Filtered]', tax_number: '1' } },
      extra: { authToken: '[Filtered]' },
    });
  });
});

describe('query defaults', () => {
  it('are the seed constants', () => {
    expect(QUERY_DEFAULTS).toEqual({
      staleTime: 300_000,
      retry: 2,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    });
  });
});
