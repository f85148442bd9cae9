import { describe, expect, it } from 'vitest';
import { backoffDelay } from './realtime.ts';

describe('realtime reconnect back-off', () => {
  it('doubles from 500 ms up to 30 s, with jitter in the upper half', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });
});
