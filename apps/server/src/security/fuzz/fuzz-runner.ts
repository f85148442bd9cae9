import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { cookieFrom, type SignedIn } from '../../test/harness.ts';
import { seedForeignBusiness } from './foreign-seed.ts';
import { fromSchema, HOSTILE_STRINGS, hostileValue, type JsonSchema } from './openapi-arbitraries.ts';

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
export type Operation = {
  method: string;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
  multipart: boolean;
};

/** Every operation of the OpenAPI document, with its parameters and JSON body schema. */
export function operationsOf(spec: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const op = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const params = op.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']) || path.endsWith('/logo'),
      };
    }),
  );
}

/** Operations that end the attacker's own session: fuzzing them would only test sign-in again. */
const SESSION_ENDING = new Set([
  'POST /api/auth/sign-out',
  'POST /api/auth/sign-out-everywhere',
  'POST /api/team/leave',
]);

/** The other company: its id, every id of its rows, marker values, and seed calls that failed. */
export type Foreign = { companyId: string; ids: Set<string>; markers: string[]; seedFailures: string[] };
export type FuzzFailure = {
  operation: string;
  problem: string;
  request: string;
  status: number;
  body: string;
};
export type FuzzResult = {
  cases: number;
  operations: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
};

type Target = {
  app: FastifyInstance;
  database: Database;
  /** Runs queued background jobs (automation runs, notifications, export files) when the app's runner is off. */
  runJobs?: () => Promise<unknown>;
};

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.${100 + ((addressCounter >> 16) % 100)}.${(addressCounter >> 8) & 255}.${addressCounter & 255 || 1}`;
};

type Built = { method: string; url: string; headers: Record<string, string>; payload?: string };

function buildRequest(
  op: Operation,
  values: {
    path: unknown[];
    query: Record<string, unknown>;
    body: unknown;
    company: string | null;
    rawBody: string | null;
  },
  cookie: string,
): Built {
  let url = op.path;
  op.pathParams.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(values.path[i] ?? '')));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values.query)) {
    if (value === undefined) continue;
    query.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const qs = query.toString();
  const headers: Record<string, string> = { cookie };
  if (values.company) headers['x-company-id'] = values.company;
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && op.method !== 'HEAD';
  let payload: string | undefined;
  if (hasBody) {
    headers['content-type'] = 'application/json';
    payload = values.rawBody ?? JSON.stringify(values.body ?? {});
  }
  return { method: op.method, url: qs ? `${url}?${qs}` : url, headers, payload };
}

function caseArbitrary(op: Operation, foreign: Foreign) {
  const foreignIds = [...foreign.ids];
  const idLike = fc.oneof(
    fc.uuid(),
    foreignIds.length ? fc.constantFrom(...foreignIds) : fc.uuid(),
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)),
  );
  const path = fc.tuple(...op.pathParams.map((p) => fc.oneof(idLike, fromSchema(p.schema))));
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.queryParams) queryModel[p.name] = fromSchema(p.schema);
  const query = fc.record(queryModel, { requiredKeys: [] });
  const body = op.body ? fromSchema(op.body) : fc.option(hostileValue);
  // Mostly the attacker's own company; one request in six names the foreign one.
  const company = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(foreign.companyId) },
  );
  // Now and then bytes that are not JSON at all.
  const rawBody = fc.oneof(
    { weight: 11, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom('{', '[1,', 'null', '"x"', '{"a":1}{', '\u0000'),
        fc.string({ maxLength: 30 }),
      ),
    },
  );
  return fc.record({ path, query, body, company, rawBody });
}

const SLOW_MS = 10_000;
const STACK = /\bat [^\s]+ \(?[^)]*\.(ts|js|mjs):\d+|node_modules|\bSELECT\b.*\bFROM\b|syntax error at/i;

/** What a rejected request must leave untouched: the audit trail (every tenant write) and platform tables. */
async function writeFingerprint(database: Database): Promise<string> {
  const [row] = await database.session((q) =>
    q(`select (select coalesce(max(id), 0) from audit_log)::text as audit,
      (select count(*) from users)::text as users, (select count(*) from sessions)::text as sessions,
      (select count(*) from accounts)::text as accounts, (select count(*) from changelog_entries)::text as changelog,
      (select count(*) from changelog_views)::text as views, (select count(*) from password_reset_tokens)::text as resets,
      (select count(*) from verifications)::text as verifications`),
  );
  return JSON.stringify(row);
}

/**
 * Fuzzes every operation as the attacker (a signed-in user of their own company) until the time
 * budget is spent, round-robin, checking after each request: no 5xx, an error code on every
 * error, no stack trace or SQL, no write by a rejected request, no id or value of the foreign
 * company that the request did not itself contain.
 */
export async function fuzzOperations(
  target: Target,
  opts: {
    attacker: SignedIn;
    password: string;
    foreign: Foreign;
    budgetMs: number;
    seed: number;
    runsPerRound: number;
  },
): Promise<FuzzResult> {
  const spec = target.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const operations = operationsOf(spec).filter((op) => !SESSION_ENDING.has(`${op.method} ${op.path}`));
  const failures: FuzzFailure[] = [];
  const byStatus: Record<string, number> = {};
  let cookie = opts.attacker.cookie;
  let cases = 0;
  let fingerprint = await writeFingerprint(target.database);
  const deadline = Date.now() + opts.budgetMs;
  const failed = new Set<string>();

  async function reSignIn() {
    const r = await target.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      payload: { email: opts.attacker.email, password: opts.password },
    });
    if (r.statusCode === 200) cookie = cookieFrom(r.headers['set-cookie']);
  }

  for (let round = 0; round === 0 || Date.now() < deadline; round++) {
    for (const [index, op] of operations.entries()) {
      const name = `${op.method} ${op.path}`;
      if (failed.has(name) || (round > 0 && Date.now() >= deadline)) continue;
      const property = fc.asyncProperty(caseArbitrary(op, opts.foreign), async (values) => {
        const request = buildRequest(op, values, cookie);
        const started = Date.now();
        if (process.env.FUZZ_DEBUG)
          console.info('fuzz', name, request.url.slice(0, 120), (request.payload ?? '').slice(0, 200));
        const answer = target.app.inject({
          ...request,
          method: request.method as 'GET',
          remoteAddress: nextAddress(),
        });
        const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), SLOW_MS));
        const response = await Promise.race([answer, timeout]);
        if (!response) {
          failures.push({
            operation: name,
            problem: `no answer in ${SLOW_MS} ms`,
            request: `${request.url} ${request.payload ?? ''}`.slice(0, 400),
            status: 0,
            body: '',
          });
          throw new Error('hung');
        }
        cases++;
        const status = response.statusCode;
        byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
        const body = response.body;
        const requestText = `${request.url} ${request.payload ?? ''} ${request.headers['x-company-id'] ?? ''}`;
        const problems: string[] = [];
        if (status >= 500) problems.push(`status ${status}`);
        // One request must not hold the server: a slow answer is a denial-of-service finding.
        if (Date.now() - started > SLOW_MS) problems.push(`took ${Date.now() - started} ms`);
        if (status >= 400) {
          let code: unknown;
          try {
            code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
          } catch {
            code = undefined;
          }
          if (typeof code !== 'string' && status !== 404 && !(status === 400 && op.path === '/api/realtime'))
            problems.push('error without a code');
        }
        if (STACK.test(body)) problems.push('stack trace or SQL in the answer');
        const after = await writeFingerprint(target.database);
        if (status >= 400 && after !== fingerprint)
          problems.push(`rejected request wrote: ${fingerprint} → ${after}`);
        fingerprint = after;
        for (const id of opts.foreign.ids)
          if (body.includes(id) && !requestText.includes(id)) problems.push(`foreign id ${id} in the answer`);
        for (const marker of opts.foreign.markers)
          if (body.includes(marker) && !requestText.includes(marker))
            problems.push(`foreign value "${marker}" in the answer`);
        if (status === 401) {
          await reSignIn();
          fingerprint = await writeFingerprint(target.database);
        }
        if (problems.length) {
          failures.push({
            operation: name,
            problem: problems.join('; '),
            request: requestText.slice(0, 400),
            status,
            body: body.slice(0, 300),
          });
          return false;
        }
        return true;
      });
      try {
        await fc.assert(property, {
          numRuns: opts.runsPerRound,
          seed: opts.seed + index + round * 7919,
          endOnFailure: true,
        });
      } catch {
        failed.add(name); // the failure is recorded; one per operation is enough to act on
      }
    }
  }
  return { cases, operations: operations.length, byStatus, failures };
}

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Gives the victim company data in every area: a profile with marker values, a logo, and a few
 * schema-shaped creations on every POST/PUT endpoint; then reads back from the database every id
 * of every row it owns.
 */
export async function seedForeignCompany(target: Target, victim: SignedIn, seed: number): Promise<Foreign> {
  const markers = ['Zebra Foreign 7731 d.o.o.', 'Trg Stranaca 99, Vukovar', '+385 98 777 1234'];
  const inject = (method: string, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    target.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: nextAddress(),
      headers: { cookie: victim.cookie, ...extra },
      payload: payload as string,
    });
  await inject('PATCH', '/api/tenants/me', {
    company_name: markers[0],
    company_address: markers[1],
    phone: markers[2],
    tax_number: '69435151530',
    bank_accounts: [{ iban: 'HR1723600001101234565' }],
  });
  const boundary = 'FUZZBOUNDARY';
  await inject(
    'POST',
    '/api/tenants/me/logo',
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_1PX,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    { 'content-type': `multipart/form-data; boundary=${boundary}` },
  );
  // A real business first (every area's service writes its own rows), then random creations.
  const seedFailures = await seedForeignBusiness(
    (method, url, payload, extra) =>
      inject(method, url, payload, { 'content-type': 'application/json', ...extra }),
    target.runJobs,
  );
  // Its queued work (the Fiskalizacija 2.0 send job's attempt) before random settings replace it.
  await target.runJobs?.();
  const spec = target.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const creators = operationsOf(spec).filter(
    (op) =>
      (op.method === 'POST' || op.method === 'PUT') &&
      op.body &&
      !/^\/api\/(auth|admin|invitations|team\/leave)/.test(op.path) &&
      op.pathParams.length === 0,
  );
  for (const [i, op] of creators.entries()) {
    for (const body of fc.sample(fromSchema(op.body ?? undefined, 0, 0), { numRuns: 3, seed: seed + i })) {
      const r = await inject(op.method, op.path, body);
      if (process.env.FUZZ_DEBUG) console.info(op.method, op.path, r.statusCode, r.body.slice(0, 200));
    }
  }
  await target.runJobs?.();
  // Every id of every row of the victim's company, straight from the tables (not the audit trail's:
  // its ids are small serial numbers that any count or quantity in an answer would match).
  const ids = new Set<string>([victim.id]);
  await target.database.session(async (q) => {
    const tables = await q(`select c.table_name from information_schema.columns c
      join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema and i.column_name = 'id'
      where c.table_schema = 'public' and c.column_name = 'company_id' and c.table_name not in ('audit_log', 'audit_trail')`);
    for (const { table_name } of tables) {
      const rows = await q(`select id::text as id from "${String(table_name)}" where company_id = $1`, [
        victim.id,
      ]);
      for (const row of rows) ids.add(String(row.id));
    }
  });
  return { companyId: victim.id, ids, markers, seedFailures };
}
