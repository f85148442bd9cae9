import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { snapshotCompany } from '../../platform/move.ts';
import { onPostgres, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from './audit.service.ts';
import { sealCompanyNow } from './audit-sealer.ts';

/**
 * Audit rows are written unsealed and without a lock; the commit marks them ready (migration
 * 0050; before it, the commit sealed them itself when the chain head was free: 0044, 0048), and
 * the next seal chains them: the sealer's, `audit verify`'s, a move's, or a read of the audit
 * trail. These tests run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the
 * transactions really run side by side.
 */
describe('audit rows sealed after commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const ownerQuery = (text: string, params: unknown[] = []) =>
    t.deps.database.session((q) => q(text, params));

  /** The chain of one table's rows of a company: unit id → seq. */
  async function seqOfUnits(companyId: string): Promise<Map<string, number>> {
    const rows = await ownerQuery(
      `select row_id, seq from audit_trail where company_id = $1 and table_name = 'units' and action = 'INSERT'`,
      [companyId],
    );
    return new Map(rows.map((r) => [String(r.row_id), Number(r.seq)]));
  }

  async function addUnits(ids: { userId: string; companyId: string }, codes: string[]): Promise<string[]> {
    return withCompany(t.deps.db, ids, async (tx) => {
      const out: string[] = [];
      for (const code of codes) {
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(
            sql`insert into units (company_id, code, name) values (${ids.companyId}, ${code}, ${code}) returning id`,
          ),
        );
        out.push(row?.id as string);
      }
      return out;
    });
  }

  it('seals every row of many concurrent writers of one company, one transaction after another', async () => {
    const user = await signUp(t.app, 'Concurrent Writers');
    const ids = { userId: user.id, companyId: user.id };
    const writers = 24;
    const written = await Promise.all(
      Array.from({ length: writers }, (_, i) => addUnits(ids, [`A${i}`, `B${i}`, `C${i}`])),
    );
    // Commits that found the head busy left their rows to the next seal (the sealer's, within a
    // second; here at once).
    await sealCompanyNow(t.deps.db, user.id);
    const seqs = await seqOfUnits(user.id);
    expect(seqs.size).toBe(writers * 3);
    // Each transaction's rows are sealed together, in the order they were written.
    for (const [a, b, c] of written) {
      const sa = seqs.get(a as string) as number;
      expect(seqs.get(b as string)).toBe(sa + 1);
      expect(seqs.get(c as string)).toBe(sa + 2);
    }
    const [stats] = await ownerQuery(
      `select count(*)::int as n, count(seq)::int as sealed, min(seq)::int as lo, max(seq)::int as hi,
              count(distinct seq)::int as distinct_seq
         from audit_trail where company_id = $1`,
      [user.id],
    );
    // Every row sealed, numbered 1..n without a gap or a repeat.
    const n = Number(stats?.n);
    expect(stats).toEqual({ n, sealed: n, lo: 1, hi: n, distinct_seq: n });
    const [head] = await ownerQuery('select seq::int as seq from audit_heads where company_id = $1', [
      user.id,
    ]);
    expect(head?.seq).toBe(n);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0, rows: n });
  });

  it.runIf(onPostgres)(
    'lets a writer commit while another transaction of the company is still open; commit order is chain order',
    async () => {
      const user = await signUp(t.app, 'No Queue');
      const ids = { userId: user.id, companyId: user.id };
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let slowWrote: () => void = () => {};
      const slowHasWritten = new Promise<void>((resolve) => {
        slowWrote = resolve;
      });
      // The slow transaction writes an audited row, then stays open until the fast one committed.
      const slow = withCompany(t.deps.db, ids, async (tx) => {
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(
            sql`insert into units (company_id, code, name) values (${user.id}, 'SLOW', 'slow') returning id`,
          ),
        );
        slowWrote();
        await held;
        return row?.id as string;
      });
      await slowHasWritten;
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the second writer waited for the open transaction')), 15_000),
      );
      const [fast] = await Promise.race([addUnits(ids, ['FAST']), timeout]);
      release();
      const slowId = await slow;
      await sealCompanyNow(t.deps.db, user.id);
      const seqs = await seqOfUnits(user.id);
      expect(seqs.get(fast as string)).toBeLessThan(seqs.get(slowId) as number);
      expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0 });
    },
  );

  it.runIf(onPostgres)(
    'commits without waiting while another seal holds the head; the next seal chains those rows together',
    async () => {
      const user = await signUp(t.app, 'Busy Head');
      const ids = { userId: user.id, companyId: user.id };
      const sealedBefore = (await verifyAuditChain(t.deps.db, user.id)).rows;
      // An owner session holds the company's head, as a commit in the middle of its seal does.
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const headLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = t.deps.database.session(async (q) => {
        await q('begin');
        await q('select seq from audit_heads where company_id = $1 for update', [user.id]);
        locked();
        await released;
        await q('commit');
        return [];
      });
      await headLocked;
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the writer waited for the head')), 15_000),
      );
      const [a, b] = await Promise.race([addUnits(ids, ['BUSY1', 'BUSY2']), timeout]);
      // Committed, unsealed, and marked ready (not an unsealed break).
      const rows = await ownerQuery(
        `select l.row_id, l.seq, (k.id is not null) as ready from audit_trail l
           left join audit_ready k on k.tx = l.tx and k.company = l.company_id
          where l.company_id = $1 and l.table_name = 'units' and l.row_id = any($2::text[])`,
        [user.id, [a, b]],
      );
      expect(rows.map((r) => ({ seq: r.seq, ready: r.ready }))).toEqual([
        { seq: null, ready: true },
        { seq: null, ready: true },
      ]);
      release();
      await holder;
      // The next seal (here: the one `audit verify` runs first) chains them, one after the other.
      expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({
        ok: true,
        unsealed: 0,
        pending: 0,
        rows: sealedBefore + 2,
      });
      const seqs = await seqOfUnits(user.id);
      expect(seqs.get(b as string)).toBe((seqs.get(a as string) as number) + 1);
      const [left] = await ownerQuery('select count(*)::int as n from audit_ready where company = $1', [
        user.id,
      ]);
      expect(left?.n).toBe(0);
    },
  );

  it('commits with its rows marked ready and the head untouched; the seal leaves no mark behind (migration 0050)', async () => {
    const user = await signUp(t.app, 'Marked Ready');
    await sealCompanyNow(t.deps.db, user.id);
    const state = () =>
      ownerQuery(
        `select (select count(*)::int from audit_ready where company = $1) as marks,
                (select count(*)::int from audit_trail where company_id = $1 and seq is null) as unsealed,
                (select seq::int from audit_heads where company_id = $1) as head`,
        [user.id],
      );
    const [before] = await state();
    await addUnits({ userId: user.id, companyId: user.id }, ['OWN1', 'OWN2']);
    // One mark for the transaction, both rows unsealed, the head where it was.
    expect((await state())[0]).toEqual({ marks: 1, unsealed: 2, head: before?.head });
    await sealCompanyNow(t.deps.db, user.id);
    expect((await state())[0]).toEqual({ marks: 0, unsealed: 0, head: (before?.head as number) + 2 });
  });

  it('queues the mark once per company and transaction, also after a savepoint took back the first row (migration 0050b)', async () => {
    const user = await signUp(t.app, 'Mark Once');
    await sealCompanyNow(t.deps.db, user.id);
    const ids = { userId: user.id, companyId: user.id };
    const kept = await withCompany(t.deps.db, ids, async (tx) => {
      // The first audited row of the transaction is written in a savepoint that rolls back.
      await tx
        .transaction(async (sp) => {
          await sp.execute(sql`insert into units (company_id, code, name) values (${user.id}, 'SP1', 'sp1')`);
          throw new Error('back to the savepoint');
        })
        .catch(() => undefined);
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(
          sql`insert into units (company_id, code, name) values (${user.id}, 'SP2', 'sp2') returning id`,
        ),
      );
      await tx.execute(sql`insert into units (company_id, code, name) values (${user.id}, 'SP3', 'sp3')`);
      // audit_row() remembered the company for the rest of the transaction.
      const [marked] = rowsOf<{ company: string }>(
        await tx.execute(sql`select current_setting('audit.marked_company', true) as company`),
      );
      expect(marked?.company).toBe(user.id);
      return row?.id as string;
    });
    const rows = await ownerQuery(
      `select l.row_id, l.seq, (k.id is not null) as ready from audit_trail l
         left join audit_ready k on k.tx = l.tx and k.company = l.company_id
        where l.company_id = $1 and l.table_name = 'units' order by l.id`,
      [user.id],
    );
    // The savepoint's row is gone; the two kept rows are unsealed and marked ready.
    expect(rows).toEqual([
      { row_id: kept, seq: null, ready: true },
      { row_id: expect.any(String), seq: null, ready: true },
    ]);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0, pending: 0 });
  });

  it("a move's or backup's snapshot of a company that keeps writing holds only chained audit rows", async () => {
    const user = await signUp(t.app, 'Snapshot Seal');
    const ids = { userId: user.id, companyId: user.id };
    await addUnits(ids, ['SN0']);
    // Writers commit while the snapshot is taken (side by side on PostgreSQL).
    const [snap] = await Promise.all([
      snapshotCompany(t.deps.database, user.id),
      ...Array.from({ length: 6 }, (_, i) => addUnits(ids, [`SN${i + 1}`])),
    ]);
    const rows = snap.audit.map((text) => JSON.parse(text) as { seq: number | null; hash: string | null });
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.filter((r) => r.seq === null || r.hash === null)).toEqual([]);
    // Numbered 1..n without a gap, and the head the snapshot holds is its last row.
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(JSON.parse(snap.head as string)).toMatchObject({ seq: rows.length, hash: rows.at(-1)?.hash });
  });

  it('chains ready rows before a request reads the audit trail, so the reader sees them numbered', async () => {
    const user = await signUp(t.app, 'Reads Sealed');
    await addUnits({ userId: user.id, companyId: user.id }, ['READ1']);
    const page = await t.app.inject({
      url: '/api/audit?table=units',
      headers: { cookie: user.cookie },
    });
    expect(page.statusCode).toBe(200);
    const [unit] = await ownerQuery(
      `select seq::int as seq from audit_trail where company_id = $1 and table_name = 'units' and action = 'INSERT'`,
      [user.id],
    );
    expect(unit?.seq).toBeGreaterThan(0);
    expect(page.json().rows.map((r: { seq: number }) => r.seq)).toContain(unit?.seq);
    const [left] = await ownerQuery('select count(*)::int as n from audit_ready where company = $1', [
      user.id,
    ]);
    expect(left?.n).toBe(0);
  });

  it('writes nothing to the chain for a transaction that rolls back', async () => {
    const user = await signUp(t.app, 'Rolled Back');
    const before = await verifyAuditChain(t.deps.db, user.id);
    await expect(
      withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) => {
        await tx.execute(sql`insert into units (company_id, code, name) values (${user.id}, 'GONE', 'gone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const after = await verifyAuditChain(t.deps.db, user.id);
    expect(after).toMatchObject({ ok: true, unsealed: 0, rows: before.rows });
  });

  /** Runs statements with the guards of the log and its links switched off, as a superuser tampering would. */
  async function tamper(statements: [string, unknown[]][]): Promise<void> {
    const guards = {
      audit_log: 'disable trigger audit_log_no_update, disable trigger audit_log_no_delete',
      audit_links: 'disable trigger audit_links_no_update, disable trigger audit_links_no_delete',
    };
    await t.deps.database.session(async (q) => {
      for (const [table, off] of Object.entries(guards)) await q(`alter table ${table} ${off}`);
      try {
        for (const [text, params] of statements) await q(text, params);
      } finally {
        for (const [table, off] of Object.entries(guards))
          await q(`alter table ${table} ${off.replaceAll('disable', 'enable')}`);
      }
      return [];
    });
  }
  /** The audit row linked at `seq` of the company's chain. */
  const linked = (seq: number) => `(select audit_id from audit_links where company_id = $1 and seq = ${seq})`;

  it('detects a sealed row deleted from the middle of the chain, with or without its link', async () => {
    for (const [name, statements] of [
      [
        'Middle Cut',
        [
          `delete from audit_log where id = ${linked(3)}`,
          'delete from audit_links where company_id = $1 and seq = 3',
        ],
      ],
      // The row alone: its link finds nothing to link and drops out of the chain.
      ['Row Cut', [`delete from audit_log where id = ${linked(3)}`]],
    ] as const) {
      const user = await signUp(t.app, name);
      await addUnits({ userId: user.id, companyId: user.id }, ['M1', 'M2']);
      expect((await verifyAuditChain(t.deps.db, user.id)).ok).toBe(true);
      await tamper(statements.map((text) => [text, [user.id]]));
      const result = await verifyAuditChain(t.deps.db, user.id);
      expect(result.ok).toBe(false);
      expect(result.firstBreak).toEqual({ companyId: user.id, seq: 3, reason: 'sequence' });
    }
  });

  it('detects a link deleted from the chain: a gap, and its row outside the chain', async () => {
    const user = await signUp(t.app, 'Link Cut');
    await addUnits({ userId: user.id, companyId: user.id }, ['L1', 'L2']);
    const before = await verifyAuditChain(t.deps.db, user.id);
    expect(before.ok).toBe(true);
    await tamper([['delete from audit_links where company_id = $1 and seq = 3', [user.id]]]);
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result).toMatchObject({
      ok: false,
      unsealed: 1,
      firstBreak: { companyId: user.id, seq: 3, reason: 'sequence' },
    });
  });

  it('detects two sealed rows swapped in the chain, by their links or by their contents', async () => {
    for (const [name, statements, reason] of [
      // Links 3 and 4 trade places (their seq), each keeping its own hashes.
      [
        'Swapped Links',
        [
          'update audit_links set seq = -4 where company_id = $1 and seq = 4',
          'update audit_links set seq = 4 where company_id = $1 and seq = 3',
          'update audit_links set seq = 3 where company_id = $1 and seq = -4',
        ],
        // The link now at 3 links to the old link 3, not to link 2.
        'prev_hash',
      ],
      // Links 3 and 4 keep their places and hashes but point at each other's audit row.
      [
        'Swapped Rows',
        [
          `update audit_links set audit_id = -audit_id where company_id = $1 and seq in (3, 4)`,
          `update audit_links k set audit_id = (select -o.audit_id from audit_links o
             where o.company_id = k.company_id and o.seq = 7 - k.seq) where company_id = $1 and seq in (3, 4)`,
        ],
        'hash',
      ],
    ] as const) {
      const user = await signUp(t.app, name);
      await addUnits({ userId: user.id, companyId: user.id }, ['S1', 'S2']);
      expect((await verifyAuditChain(t.deps.db, user.id)).ok).toBe(true);
      await tamper(statements.map((text) => [text, [user.id]]));
      const result = await verifyAuditChain(t.deps.db, user.id);
      expect(result.ok).toBe(false);
      expect(result.firstBreak).toEqual({ companyId: user.id, seq: 3, reason });
    }
  });

  it('detects a sealed row whose text was changed, even with its hash recomputed without the chain', async () => {
    const user = await signUp(t.app, 'Rehashed');
    await addUnits({ userId: user.id, companyId: user.id }, ['R1', 'R2']);
    await sealCompanyNow(t.deps.db, user.id);
    // The forger recomputes link 3's own hash from the row's new text; link 4 still links to the old hash.
    await tamper([
      [
        `update audit_log set changes = changes || '{"forged": {"new": 1}}' where id = ${linked(3)}`,
        [user.id],
      ],
      [
        `update audit_links k set hash = encode(sha256(convert_to(audit_canonical(l.company_id, k.seq, l.table_name,
             l.row_id, l.action, l.changes, l.actor_id, l.at, k.prev_hash), 'UTF8')), 'hex')
           from audit_log l where l.id = k.audit_id and k.company_id = $1 and k.seq = 3`,
        [user.id],
      ],
    ]);
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result.firstBreak).toEqual({ companyId: user.id, seq: 4, reason: 'prev_hash' });
  });

  it("detects a link moved onto another company's row", async () => {
    const user = await signUp(t.app, 'Own Rows');
    await addUnits({ userId: user.id, companyId: user.id }, ['O1']);
    expect((await verifyAuditChain(t.deps.db, user.id)).ok).toBe(true);
    // Another company's rows, never marked for the seal (so no link of its own holds them).
    await ownerQuery('alter table audit_log disable trigger audit_seal');
    let other: { id: string };
    try {
      other = await signUp(t.app, 'Other Rows');
    } finally {
      await ownerQuery('alter table audit_log enable trigger audit_seal');
    }
    await tamper([
      [
        `update audit_links set audit_id = (select max(id) from audit_log where company_id = $2)
          where company_id = $1 and seq = 2`,
        [user.id, other.id],
      ],
    ]);
    // Read as the user's chain, the other company's row is not there: a gap at 2.
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result).toMatchObject({
      ok: false,
      firstBreak: { companyId: user.id, seq: 2, reason: 'sequence' },
    });
  });

  it('refuses to unseal a sealed row, and gives request code no way to write audit rows or links', async () => {
    const user = await signUp(t.app, 'Sealed Once');
    await sealCompanyNow(t.deps.db, user.id);
    await expect(
      ownerQuery('delete from audit_links where company_id = $1 and seq = 1', [user.id]),
    ).rejects.toThrow(/append-only/);
    // erp_app has no way to write audit rows at all: they come from the trigger only.
    const error = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
      tx.execute(sql`insert into audit_log (company_id, table_name, row_id, action, changes, at)
        values (${user.id}, 'units', 'x', 'INSERT', '{}'::jsonb, now())`),
    ).then(
      () => null,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(error).toMatch(/permission denied/);
    // Nor link a row, mark a transaction ready for the seal, call the seal or restore rows.
    for (const statement of [
      sql`insert into audit_links (company_id, seq, audit_id, prev_hash, hash)
        values (${user.id}, 999, 1, repeat('0', 64), repeat('1', 64))`,
      sql`insert into audit_ready (company, tx) values (${user.id}, pg_current_xact_id())`,
      sql`select count(*) from audit_ready`,
      sql`select audit_seal_ready(${user.id}::uuid, true)`,
      sql`select audit_seal_all_ready()`,
      sql`select audit_chain(${user.id}::uuid, array[1]::bigint[])`,
      sql`select audit_link_rows(${user.id}::uuid, array[1]::bigint[], array['x'])`,
      sql`select audit_restore_rows('[]'::jsonb)`,
    ]) {
      const refused = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
        tx.execute(statement),
      ).then(
        () => null,
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
      expect(refused).toMatch(/permission denied/);
    }
    // It reads its own company's links, and no other's.
    const other = await signUp(t.app, 'Sealed Elsewhere');
    await sealCompanyNow(t.deps.db, other.id);
    const seen = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<{ company_id: string }>(await tx.execute(sql`select distinct company_id from audit_links`)),
    );
    expect(seen.map((r) => r.company_id)).toEqual([user.id]);
  });

  it('never updates an audit row: the seal only adds links (migration 0051)', async () => {
    // An unsealed row (seal switched off by a superuser); no update of it passes, even the owner's.
    const user = await signUp(t.app, 'Seal Guard');
    await ownerQuery('alter table audit_log disable trigger audit_seal');
    try {
      await addUnits({ userId: user.id, companyId: user.id }, ['G1']);
    } finally {
      await ownerQuery('alter table audit_log enable trigger audit_seal');
    }
    const [row] = await ownerQuery('select id from audit_trail where company_id = $1 and seq is null', [
      user.id,
    ]);
    const version = () => ownerQuery('select xmin::text as v from audit_log where id = $1', [row?.id]);
    const [before] = await version();
    for (const set of [
      `changes = '{}'::jsonb`,
      `at = at + interval '1 second'`,
      'actor_id = null',
      `row_id = row_id`,
    ])
      await expect(ownerQuery(`update audit_log set ${set} where id = $1`, [row?.id])).rejects.toThrow(
        /append-only/,
      );
    // The operator's seal chains it with a link; the row itself is the version the trigger wrote.
    await ownerQuery('select audit_seal($1, true)', [user.id]);
    expect(await version()).toEqual([before]);
    const [link] = await ownerQuery('select count(*)::int as n from audit_links where audit_id = $1', [
      row?.id,
    ]);
    expect(link?.n).toBe(1);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({ ok: true, unsealed: 0 });
    // A second seal finds nothing left to link.
    expect((await ownerQuery('select audit_seal($1, true) as n', [user.id]))[0]?.n).toBe(0);
  });

  it('reports rows that were never sealed, and seals them only when an operator says so', async () => {
    const user = await signUp(t.app, 'Unsealed Rows');
    const sealed = (await verifyAuditChain(t.deps.db, user.id)).rows;
    // Triggers switched off by a superuser: the audit row is written, the seal does not run.
    await ownerQuery('alter table audit_log disable trigger audit_seal');
    try {
      await addUnits({ userId: user.id, companyId: user.id }, ['U1', 'U2']);
    } finally {
      await ownerQuery('alter table audit_log enable trigger audit_seal');
    }
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result).toMatchObject({
      ok: false,
      rows: sealed,
      unsealed: 2,
      firstBreak: { companyId: user.id, seq: sealed + 1, reason: 'unsealed' },
    });
    // Another writer's commit does not chain them in passing.
    await addUnits({ userId: user.id, companyId: user.id }, ['U3']);
    const later = await verifyAuditChain(t.deps.db, user.id);
    expect(later).toMatchObject({ ok: false, unsealed: 2, rows: sealed + 1 });
    // Sealing them is an operator's decision.
    await ownerQuery('select audit_seal($1, true)', [user.id]);
    expect(await verifyAuditChain(t.deps.db, user.id)).toMatchObject({
      ok: true,
      unsealed: 0,
      rows: sealed + 3,
    });
  });
});
