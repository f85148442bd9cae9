import { describe, expect, it } from 'vitest';
import { REDACTED, redactSensitive } from './redact.ts';

describe('redactSensitive', () => {
  it('replaces sensitive keys at any depth, inside arrays too', () => {
    const event = {
      user: {
        email: 'a@b.hr',
        password: 'x',
        nested: [{ accessToken: 't', name: 'n' }, { client_oib: '1' }],
      },
      headers: { Authorization: 'Bearer x', 'x-api-key': 'k', apiKey: 'k2' },
      extra: { clientSecret: 's', SSN: '1', creditCardNumber: '4111', amount: 5 },
    };
    expect(redactSensitive(event)).toEqual({
      user: {
        email: 'a@b.hr',
        password: REDACTED,
        nested: [{ accessToken: REDACTED, name: 'n' }, { client_oib: REDACTED }],
      },
      headers: { Authorization: REDACTED, 'x-api-key': REDACTED, apiKey: REDACTED },
      extra: { clientSecret: REDACTED, SSN: REDACTED, creditCardNumber: REDACTED, amount: 5 },
    });
  });

  it('does not modify its input and survives cycles', () => {
    const input: Record<string, unknown> = { token: 'a', keep: 'b' };
    input.self = input;
    const out = redactSensitive(input) as Record<string, unknown>;
    expect(input.token).toBe('a');
    expect(out.token).toBe(REDACTED);
    expect(out.self).toBe('[Circular]');
  });
});
