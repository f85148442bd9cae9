import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

export type TimingResult = {
  tries: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  medianDiffMs: number;
  knownP90Ms: number;
  unknownP90Ms: number;
};

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (s[lo] ?? 0) + ((s[hi] ?? 0) - (s[lo] ?? 0)) * (at - lo);
}

/**
 * Wrong-password sign-ins for an existing email against sign-ins for unknown emails, interleaved
 * so both see the same load. Each try comes from its own address, and the back-off counters are
 * cleared between tries (outside the timed part), so limits never short-cut a try.
 */
export async function measureLoginTiming(
  app: FastifyInstance,
  database: Database,
  opts: { tries: number; knownEmail: string },
): Promise<TimingResult> {
  const known: number[] = [];
  const unknown: number[] = [];
  const attempt = async (email: string, n: number) => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `10.${200 + (n % 50)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      payload: { email, password: 'wrong-password-123' },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 401) throw new Error(`sign-in answered ${response.statusCode}, expected 401`);
    await database.session((q) => q('delete from security_counters'));
    return elapsed;
  };
  for (let i = 0; i < opts.tries; i++) {
    // Alternate which goes first, so neither side always pays for a cold cache.
    const k = i % 2 === 0 ? await attempt(opts.knownEmail, 2 * i) : 0;
    const u = await attempt(`unknown-${i}@example.hr`, 2 * i + 1);
    known.push(i % 2 === 0 ? k : await attempt(opts.knownEmail, 2 * i));
    unknown.push(u);
  }
  return {
    tries: opts.tries,
    knownMedianMs: median(known),
    unknownMedianMs: median(unknown),
    medianDiffMs: Math.abs(median(known) - median(unknown)),
    knownP90Ms: quantile(known, 0.9),
    unknownP90Ms: quantile(unknown, 0.9),
  };
}
