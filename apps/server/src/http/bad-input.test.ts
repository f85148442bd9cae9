import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type SignedIn, type TestApp } from '../test/harness.ts';

type Operation = { method: string; path: string };

const JUNK_BODIES: unknown[] = [
  'not json at all',
  42,
  [],
  [1, 2, 3],
  { unexpected: true },
  { email: 123, password: ['x'], name: { deep: { deeper: [null] } } },
  {
    full_name: 'x'.repeat(10_000),
    tax_number: '123',
    bank_accounts: [{ iban: 'XX00' }],
    date_of_birth: '2024-02-31',
  },
  { title: '', version: null, type: 'nonsense', items: 'not a list', is_published: 'yes' },
  { company_website: 'not a url with spaces', company_email: 'a@b', date_of_birth: '3000-01-01' },
];
const JUNK_IDS = ['not-a-uuid', '1', "' or 1=1 --", '00000000-0000-0000-0000-00000000000g'];

describe('bad input on every endpoint', () => {
  let t: TestApp;
  let user: SignedIn;
  let operations: Operation[];

  async function counts() {
    const [row] = await t.deps.database.session((q) =>
      q(`select (select count(*) from users)::int as users, (select count(*) from tenants)::int as tenants,
                (select count(*) from changelog_entries)::int as changelog, (select count(*) from changelog_views)::int as views,
                (select count(*) from files)::int as files, (select count(*) from audit_log)::int as audit`),
    );
    return row;
  }

  beforeAll(async () => {
    t = await startTestApp();
    user = await signUp(t.app, 'Fuzz User');
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => t.close());

  it('documents the endpoints in OpenAPI', () => {
    const names = operations.map((o) => `${o.method} ${o.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/sign-up/email',
        'PATCH /api/tenants/me',
        'POST /api/changelog/{id}/view',
        'POST /api/admin/block',
      ]),
    );
  });

  it('answers junk with a 4xx and an error code, never a 5xx, and writes nothing', async () => {
    const before = await counts();
    const failures: string[] = [];
    for (const op of operations) {
      for (const id of JUNK_IDS) {
        const url = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
        const bodies = op.method === 'GET' || op.method === 'DELETE' ? [undefined] : JUNK_BODIES;
        for (const body of bodies) {
          for (const cookie of [user.cookie, undefined]) {
            const response = await t.app.inject({
              method: op.method as 'GET',
              url: `${url}?limit=-1&company=${encodeURIComponent(id)}`,
              headers: {
                ...(cookie ? { cookie } : {}),
                ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
              },
              ...(body === undefined
                ? {}
                : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
              remoteAddress: `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
            });
            const label = `${op.method} ${url} ${JSON.stringify(body)?.slice(0, 60)} ${cookie ? 'signed-in' : 'anonymous'}`;
            if (response.statusCode >= 500)
              failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
            if (response.statusCode >= 400 && !response.json()?.error?.code)
              failures.push(`${label} → no error code`);
            if (/at .*\.ts:\d+|select |insert |stack/i.test(response.body) && response.statusCode >= 400)
              failures.push(`${label} leaks internals`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
