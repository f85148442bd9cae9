import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { canonical, GENESIS_HASH, sha256Hex, verifyAuditChain } from './audit.service.ts';
import { sealCompanyNow } from './audit-sealer.ts';

describe('audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('records who changed which fields from what to what', async () => {
    const user = await signUp(t.app, 'Ana Audit');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: { department: 'Rezanje', position: 'Voditeljica' },
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: { department: 'Kaljenje' },
    });
    // Commits leave their rows to the seal (migration 0050): the sealer's, here at once.
    await sealCompanyNow(t.deps.db, user.id);
    const rows = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<{
        table_name: string;
        action: string;
        changes: Record<string, { old?: unknown; new?: unknown }>;
        actor_id: string;
        seq: string;
      }>(
        await tx.execute(
          sql`select table_name, action, changes, actor_id, seq from audit_trail order by seq`,
        ),
      ),
    );
    expect(rows.map((r) => `${r.table_name}:${r.action}`)).toEqual([
      'tenants:INSERT',
      'memberships:INSERT',
      'tenants:UPDATE',
      'tenants:UPDATE',
    ]);
    expect(rows[2]?.changes).toEqual({
      department: { old: null, new: 'Rezanje' },
      position: { old: null, new: 'Voditeljica' },
    });
    expect(rows[3]?.changes).toEqual({ department: { old: 'Rezanje', new: 'Kaljenje' } });
    expect(rows.every((r) => r.actor_id === user.id)).toBe(true);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4]);
  });

  it('chains each row to the previous one with a hash the verifier recomputes', async () => {
    const user = await signUp(t.app, 'Chain User');
    await sealCompanyNow(t.deps.db, user.id);
    const rows = await t.deps.database.session((q) =>
      q(
        `select seq, table_name, row_id, action, changes::text as changes, actor_id::text as actor_id,
          to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, prev_hash, hash
         from audit_trail where company_id = $1 order by seq`,
        [user.id],
      ),
    );
    expect(rows[0]?.prev_hash).toBe(GENESIS_HASH);
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[0]?.hash).toBe(sha256Hex(canonical(user.id, rows[0] as never)));
    const result = await verifyAuditChain(t.deps.db);
    expect(result.ok).toBe(true);
    expect(result.rows).toBeGreaterThanOrEqual(2);
  });

  it('refuses updates, deletes and truncation of the log and of its links, even from the owner', async () => {
    const user = await signUp(t.app);
    await sealCompanyNow(t.deps.db, user.id);
    const owner = (text: string) => t.deps.database.session((q) => q(text));
    await expect(
      owner(`update audit_log set action = 'DELETE' where id = (select min(id) from audit_log)`),
    ).rejects.toThrow(/append-only/);
    await expect(owner('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(owner('truncate audit_log')).rejects.toThrow(/append-only/);
    // The chain's links (migration 0051): no update of any field, no delete, no truncation.
    for (const set of [
      'seq = seq + 1000',
      `hash = repeat('1', 64)`,
      `prev_hash = repeat('1', 64)`,
      'audit_id = audit_id + 1',
    ])
      await expect(owner(`update audit_links set ${set} where seq = 1`)).rejects.toThrow(/append-only/);
    await expect(owner('delete from audit_links')).rejects.toThrow(/append-only/);
    await expect(owner('truncate audit_links')).rejects.toThrow(/append-only/);
  });

  it('reports a row edited behind the triggers’ back, and which one', async () => {
    const user = await signUp(t.app, 'Tamper Target');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/tenants/me',
      headers: { cookie: user.cookie },
      payload: { phone: '098 765' },
    });
    expect((await verifyAuditChain(t.deps.db, user.id)).ok).toBe(true);
    // A superuser can switch the guard triggers off; the chain still gives it away.
    await t.deps.database.session(async (q) => {
      await q(
        'alter table audit_log disable trigger audit_log_no_update, disable trigger audit_log_no_delete',
      );
      await q(
        `update audit_log set changes = '{"phone": {"old": null, "new": "000"}}'::jsonb
          where id = (select audit_id from audit_links where company_id = $1 and seq = 3)`,
        [user.id],
      );
      await q('alter table audit_log enable trigger audit_log_no_update, enable trigger audit_log_no_delete');
      return [];
    });
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result.ok).toBe(false);
    expect(result.firstBreak).toEqual({ companyId: user.id, seq: 3, reason: 'hash' });
  });

  it('notices rows removed from the end of a chain', async () => {
    const user = await signUp(t.app, 'Tail Cut');
    await sealCompanyNow(t.deps.db, user.id);
    await t.deps.database.session(async (q) => {
      // Both the row and its link go (migration 0051), as a forger tidying up would do.
      await q('alter table audit_log disable trigger audit_log_no_delete');
      await q('alter table audit_links disable trigger audit_links_no_delete');
      await q(
        'delete from audit_log where id = (select audit_id from audit_links where company_id = $1 and seq = 2)',
        [user.id],
      );
      await q('delete from audit_links where company_id = $1 and seq = 2', [user.id]);
      await q('alter table audit_log enable trigger audit_log_no_delete');
      await q('alter table audit_links enable trigger audit_links_no_delete');
      return [];
    });
    const result = await verifyAuditChain(t.deps.db, user.id);
    expect(result.firstBreak).toEqual({ companyId: user.id, seq: 2, reason: 'head' });
  });

  it('is exposed to platform operators through the admin API', async () => {
    const response = await t.app.inject({
      url: '/api/admin/audit/verify',
      headers: { authorization: 'Bearer test-admin-token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: false, firstBreak: { reason: expect.any(String) } });
    const user = await signUp(t.app);
    const denied = await t.app.inject({ url: '/api/admin/audit/verify', headers: { cookie: user.cookie } });
    expect(denied.statusCode).toBe(403);
  });
});
