import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from '../test/harness.ts';
import { type AheadStatement, answeredAhead, transactionBeginningWith } from './begin-with.ts';
import { type Database, openPostgres, type Tx } from './database.ts';
import { aheadOf, beginWithStatements, preparedRows, statementsRows, statementTemplate } from './prepared.ts';

describe('statement templates: built once per shape, each call with its own values', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => testDb.database.db.transaction(fn);

  type Input = { name: string | null; lines: { qty: string; at: string }[] };
  let builds = 0;
  const lines = statementTemplate((input: Input, shape: { lines: number }) => {
    builds++;
    const rows = input.lines.map((l, i) => sql`(${i + 1}::int, ${l.qty}::numeric, ${l.at}::timestamptz)`);
    return sql`select ${input.name}::text as name, ${shape.lines}::int as count, v.n, v.qty::text as qty, v.at
      from (values ${sql.join(rows, sql`, `)}) as v(n, qty, at) order by v.n`;
  });

  it('puts every call’s values where its markers were, and builds the text once per shape', async () => {
    const first = await inTx((tx) =>
      lines<Record<string, unknown>>(
        tx,
        { name: 'prvi', lines: [{ qty: '1.5', at: '2026-01-02T03:04:05Z' }] },
        { lines: 1 },
      ),
    );
    const second = await inTx((tx) =>
      lines<Record<string, unknown>>(
        tx,
        { name: null, lines: [{ qty: '-7', at: '2026-06-30T22:00:00Z' }] },
        { lines: 1 },
      ),
    );
    const two = await inTx((tx) =>
      lines<Record<string, unknown>>(
        tx,
        {
          name: 'treći',
          lines: [
            { qty: '2', at: '2026-01-01T00:00:00Z' },
            { qty: '3.25', at: '2026-01-01T00:00:01Z' },
          ],
        },
        { lines: 2 },
      ),
    );
    expect(builds).toBe(2);
    expect(first.map((r) => [r.name, r.count, r.n, r.qty])).toEqual([['prvi', 1, 1, '1.5']]);
    expect(second.map((r) => [r.name, r.count, r.n, r.qty])).toEqual([[null, 1, 1, '-7']]);
    expect(two.map((r) => [r.name, r.count, r.n, r.qty])).toEqual([
      ['treći', 2, 1, '2'],
      ['treći', 2, 2, '3.25'],
    ]);
    // A timestamp comes back as the driver's text, as through tx.execute (not a Date).
    expect(new Date(second[0]?.at as string).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(typeof second[0]?.at).toBe('string');
  });

  it('refuses a builder that changes a value or inlines it into the text', async () => {
    const changed = statementTemplate(
      (input: { a: string }, _: { k: string }) => sql`select ${`${input.a}%`} as a`,
    );
    const inlined = statementTemplate(
      (input: { a: string }, _: { k: string }) => sql`select ${sql.raw(`'${input.a}'`)} as a`,
    );
    await expect(inTx((tx) => changed(tx, { a: 'x' }, { k: '1' }))).rejects.toThrow(/changed before/);
    await expect(inTx((tx) => inlined(tx, { a: 'x' }, { k: '1' }))).rejects.toThrow(/went into the text/);
  });

  it('runs a fixed-text query as a named statement with the values of each call', async () => {
    const read = (v: string) =>
      inTx((tx) =>
        preparedRows<{ v: string; d: string }>(tx, sql`select ${v}::text as v, '2026-03-29'::date as d`),
      );
    expect(await read('a')).toEqual([{ v: 'a', d: '2026-03-29' }]);
    expect(await read('b')).toEqual([{ v: 'b', d: '2026-03-29' }]);
  });

  describe('statements in one round trip', () => {
    it('answers each statement’s rows in order, a later one seeing what an earlier one wrote', async () => {
      const rows = await inTx(async (tx) => {
        await tx.execute(sql`create temporary table probe (n int) on commit drop`);
        return statementsRows(tx, [
          sql`insert into probe values (${3}), (${4})`,
          sql`select n from probe where n > ${3}`,
          sql`select n from probe where n > ${9}`,
          sql`select ${'x'}::text as t, now() as at`,
        ]);
      });
      expect(rows.slice(0, 3)).toEqual([[], [{ n: 4 }], []]);
      expect(typeof (rows[3] as { at: unknown }[])[0]?.at).toBe('string'); // the driver's time text, as elsewhere
    });

    it('stops at the first failing statement and the transaction rolls back', async () => {
      await testDb.database.db.execute(sql`create table probe_kept (n int)`);
      const error = await inTx((tx) =>
        statementsRows(tx, [
          sql`insert into probe_kept values (1)`,
          sql`select 1/${0}::int`,
          sql`insert into probe_kept values (2)`,
        ]),
      ).catch((e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`);
      expect(error).toMatch(/division by zero/);
      const left = await testDb.database.db.execute(sql`select count(*)::int as n from probe_kept`);
      expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    });
  });
});

describe.runIf(onPostgres)('named statements on PostgreSQL: rows described once per connection', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('asks for the row description on the first execution only, and parses every later row the same', async () => {
    const query = (tx: Tx, v: string | null, n: string) =>
      preparedRows<Record<string, unknown>>(
        tx,
        sql`select ${v}::text as v, ${n}::numeric::text as n, ${n}::int + 1 as next, ${n}::int > 2 as big,
          '2026-03-29'::date + ${n}::int as d, array[${n}::int, 7] as a`,
      );
    const describes: string[] = [];
    const results = await testDb.database.db.transaction(async (tx) => {
      const client = (tx as unknown as { session: { client: pg.Client } }).session.client;
      expect(client).toBeInstanceOf(pg.Client);
      const connection = (client as unknown as { connection: { describe(m: { type: string }): void } })
        .connection;
      const describe = connection.describe.bind(connection);
      connection.describe = (m) => {
        describes.push(m.type);
        describe(m);
      };
      try {
        return [await query(tx, 'a', '1'), await query(tx, null, '5'), await query(tx, 'c', '2')];
      } finally {
        connection.describe = describe;
      }
    });
    // Once for this text on this connection (a later connection describes it once too).
    expect(describes).toEqual(['P']);
    expect(results).toEqual([
      [{ v: 'a', n: '1', next: 2, big: false, d: '2026-03-30', a: [1, 7] }],
      [{ v: null, n: '5', next: 6, big: true, d: '2026-04-03', a: [5, 7] }],
      [{ v: 'c', n: '2', next: 3, big: false, d: '2026-03-31', a: [2, 7] }],
    ]);
  });

  it('reports an error of a described statement and keeps the connection usable', async () => {
    const divide = (tx: Tx, d: string) =>
      preparedRows<{ q: number }>(tx, sql`select (10 / ${d}::int)::int as q`);
    await expect(
      testDb.database.db.transaction(async (tx) => {
        expect(await divide(tx, '2')).toEqual([{ q: 5 }]);
        await divide(tx, '0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await testDb.database.db.transaction((tx) => divide(tx, '5'))).toEqual([{ q: 2 }]);
  });
});

// BEGIN, an entry and the use-case's first statements in one round trip (issue 21, session 15).
describe.runIf(onPostgres)('statements sent ahead with BEGIN', () => {
  let testDb: TestDatabase;
  let one: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    one = await openPostgres(testDb.url as string, 1); // one connection: every run reuses it
    await one.db.execute(sql`create table ahead_probe (n int not null)`);
    await one.db.execute(sql`create sequence ahead_seq`);
  });
  afterAll(async () => {
    await one?.close();
    await testDb?.drop();
  });

  const countAhead = aheadOf(sql`select count(*)::int as n from ahead_probe`, true);
  /** A transaction opened with `ahead` sent after BEGIN; `fn` gets the first statement's rows. */
  const run = <T>(ahead: AheadStatement[], fn: (tx: Tx) => Promise<T>) =>
    transactionBeginningWith(
      one.db,
      async (client, begin) => {
        const [first, ...rest] = await beginWithStatements(client, begin, ahead);
        return { first, rest } as unknown as Record<string, unknown>[];
      },
      undefined,
      async (tx, opened) => {
        const { first, rest } = opened as unknown as { first: unknown[]; rest: unknown[][] };
        answeredAhead(tx, ahead.slice(1), rest);
        return { first, value: await fn(tx) };
      },
    );
  /** The statements `fn` sends on its connection itself. */
  const sending = async <T>(tx: Tx, fn: () => Promise<T>) => {
    const client = (tx as unknown as { session: { client: pg.Client } }).session.client;
    const query = client.query;
    let sent = 0;
    client.query = ((...args: unknown[]) => {
      sent++;
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    }) as typeof query;
    try {
      return { value: await fn(), sent };
    } finally {
      client.query = query;
    }
  };
  const count = (tx: Tx) => preparedRows<{ n: number }>(tx, sql`select count(*)::int as n from ahead_probe`);

  it('answers the use-case’s first statements from the opening round trip, not after another statement', async () => {
    const marker = aheadOf(sql`select ${'a'}::text as m`);
    const taken = await run([marker, countAhead], (tx) => sending(tx, () => count(tx)));
    expect(taken?.first).toEqual([{ m: 'a' }]);
    expect(taken?.value).toEqual({ value: [{ n: 0 }], sent: 0 });
    // A statement through drizzle first: the answer sent ahead is stale and is not used.
    const after = await run([marker, countAhead], async (tx) => {
      await tx.execute(sql`insert into ahead_probe values (1)`);
      return sending(tx, () => count(tx));
    });
    expect(after?.value).toEqual({ value: [{ n: 1 }], sent: 1 });
    // Another value for the same text is another statement: sent.
    const other = aheadOf(sql`select count(*)::int as n from ahead_probe where n = ${2}`, true);
    const differs = await run([marker, other], (tx) =>
      sending(tx, () =>
        preparedRows<{ n: number }>(tx, sql`select count(*)::int as n from ahead_probe where n = ${1}`),
      ),
    );
    expect(differs?.value).toEqual({ value: [{ n: 1 }], sent: 1 });
  });

  it('leaves no answer to the next transaction on the connection (the same transaction object)', async () => {
    const marker = aheadOf(sql`select ${'c'}::text as m`);
    await run([marker, countAhead], async () => null); // its answer is not taken
    const next = await transactionBeginningWith(one.db, 'select 1', undefined, (tx) =>
      sending(tx, () => count(tx)),
    );
    expect(next?.sent).toBe(1);
  });

  it('runs nothing after a statement that fails, and the connection goes on (its named statements too)', async () => {
    const next = aheadOf(sql`select nextval('ahead_seq')::int as v`, true);
    const failing = aheadOf(sql`select (1 / ${0}::int) as x`);
    await expect(run([failing, next], async () => null)).rejects.toThrow(/division by zero/);
    // A sequence is not rolled back: had the statement after the failure run, it would show.
    const [seq] = await one.session((q) => q('select is_called from ahead_seq'));
    expect(seq).toEqual({ is_called: false });
    // A named statement parsed in a round trip that failed after it is known on the connection (a
    // second Parse of its name would fail with "already exists"); one whose Parse was skipped
    // (`next` above) is parsed again.
    const afterParse = aheadOf(sql`select ${'b'}::text as m, (1 / ${0}::int) as x`, true);
    await expect(run([countAhead, afterParse], async () => null)).rejects.toThrow(/division by zero/);
    await expect(run([countAhead, afterParse], async () => null)).rejects.toThrow(/division by zero/);
    const again = await run([countAhead, next], (tx) =>
      sending(tx, () => preparedRows(tx, sql`select nextval('ahead_seq')::int as v`)),
    );
    expect(again?.first).toEqual([{ n: 1 }]);
    expect(again?.value).toEqual({ value: [{ v: 1 }], sent: 0 });
  });
});
