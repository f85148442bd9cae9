import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Foreign,
  fuzzOperations,
  operationsOf,
  seedForeignCompany,
} from '../security/fuzz/fuzz-runner.ts';
import { signUp, startTestApp, type SignedIn, type TestApp } from '../test/harness.ts';

/**
 * Property-based fuzzing generated from the OpenAPI document (issue 11): every endpoint gets
 * schema-shaped, boundary and hostile params, queries and bodies from a signed-in user of one
 * company, while a second company holds data. The long run is bench/security/fuzz.ts.
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const PASSWORD = 'tajna-lozinka';

describe('fuzzing every endpoint from the OpenAPI document', () => {
  let t: TestApp;
  let attacker: SignedIn;
  let foreign: Foreign;

  beforeAll(async () => {
    t = await startTestApp();
    attacker = await signUp(t.app, 'Fuzz Napadač', undefined, PASSWORD);
    const victim = await signUp(t.app, 'Fuzz Žrtva', undefined, PASSWORD);
    const started = Date.now();
    foreign = await seedForeignCompany({ app: t.app, database: t.deps.database }, victim, SEED);
    console.info(`fuzz: foreign company seeded with ${foreign.ids.size} rows in ${Date.now() - started} ms`);
  }, 120_000);
  afterAll(() => t.close());

  it('documents the endpoints in OpenAPI', () => {
    const names = operationsOf(t.app.swagger() as never).map((o) => `${o.method} ${o.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/sign-up/email',
        'POST /api/auth/forgot-password',
        'PATCH /api/tenants/me',
        'POST /api/changelog/{id}/view',
        'POST /api/admin/block',
      ]),
    );
    // The victim really has data for the attacker to find: profile, logo and rows in other areas.
    expect(foreign.ids.size).toBeGreaterThan(2);
  });

  it(
    'answers with < 500 and an error code, writes nothing when it refuses, and never shows the other company',
    async () => {
      const result = await fuzzOperations(
        { app: t.app, database: t.deps.database },
        {
          attacker,
          password: PASSWORD,
          foreign,
          budgetMs: BUDGET_MS,
          seed: SEED,
          runsPerRound: 4,
        },
      );
      console.info(`fuzz: ${result.cases} cases on ${result.operations} operations`, result.byStatus);
      expect(result.cases).toBeGreaterThan(result.operations * 3);
      expect(result.failures).toEqual([]);
    },
    BUDGET_MS + 120_000,
  );
});
