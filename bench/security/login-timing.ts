/**
 * Login timing for unknown vs known emails (issue 11): wrong-password sign-ins for an existing
 * account against sign-ins for unknown emails, interleaved, through the real HTTP stack on PGlite
 * (or PostgreSQL with TEST_DATABASE_URL). Usage:
 *   npx tsx bench/security/login-timing.ts [tries=1000]
 * Prints a JSON line; the committed results are in bench/security/README.md.
 */
import { installKeyring, memoryKeyring } from '../../apps/server/src/security/keyring.ts';
import { measureLoginTiming } from '../../apps/server/src/security/login-timing.ts';
import { signUp, startTestApp } from '../../apps/server/src/test/harness.ts';

const tries = Number(process.argv[2] ?? 1000);
installKeyring(memoryKeyring());
const t = await startTestApp({ config: { authRateLimit: { window: 60, max: 1_000_000 } } });
const user = await signUp(t.app, 'Timing Test');
// Warm-up: JIT, caches and the argon2 thread pool.
await measureLoginTiming(t.app, t.deps.database, { tries: 10, knownEmail: user.email });
const result = await measureLoginTiming(t.app, t.deps.database, { tries, knownEmail: user.email });
console.log(
  JSON.stringify({ database: t.deps.database.kind, ...result, withinBudget: result.medianDiffMs < 5 }),
);
await t.close();
