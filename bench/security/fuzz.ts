/**
 * The long fuzzing run (issue 11): the same property-based fuzzer as the CI test
 * (apps/server/src/http/bad-input.test.ts) with a larger time budget. Usage:
 *   npx tsx bench/security/fuzz.ts [minutes=10] [seed]
 * Exits 1 and prints the findings when any request breaks a rule.
 */
import { fuzzOperations, seedForeignCompany } from '../../apps/server/src/security/fuzz/fuzz-runner.ts';
import { installKeyring, memoryKeyring } from '../../apps/server/src/security/keyring.ts';
import { signUp, startTestApp } from '../../apps/server/src/test/harness.ts';

const minutes = Number(process.argv[2] ?? 10);
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000);
installKeyring(memoryKeyring());
const t = await startTestApp();
const target = { app: t.app, database: t.deps.database };
const attacker = await signUp(t.app, 'Fuzz Napadač', undefined, 'tajna-lozinka');
const victim = await signUp(t.app, 'Fuzz Žrtva', undefined, 'tajna-lozinka');
const foreign = await seedForeignCompany(target, victim, seed);
const started = Date.now();
const result = await fuzzOperations(target, {
  attacker,
  password: 'tajna-lozinka',
  foreign,
  budgetMs: minutes * 60_000,
  seed,
  runsPerRound: 20,
});
console.log(
  JSON.stringify(
    {
      seed,
      minutes,
      seconds: Math.round((Date.now() - started) / 1000),
      foreignRows: foreign.ids.size,
      ...result,
    },
    null,
    1,
  ),
);
await t.close();
process.exitCode = result.failures.length ? 1 : 0;
