-- Commits of one company no longer queue on its chain head (issue 21, after 0044).
--
-- In 0044 every committing transaction locked the company's audit head and sealed its own rows,
-- so a company's commits still ran one after another through that step (and, on a loaded
-- machine, behind a lock holder that was waiting for a CPU). Now a committing transaction marks
-- its rows as ready (one row in audit_ready: company and transaction id) and then tries the head
-- without waiting (FOR UPDATE SKIP LOCKED):
--   - head free: it seals every ready transaction of the company it can see (committed ones and
--     its own), oldest mark first, each transaction's rows together in the order they were
--     written, and removes those marks. On a quiet system that is just its own rows, as before.
--   - head busy: another commit is sealing right now; it commits with its rows marked ready and
--     the next seal of that company takes them (the next commit, `audit verify`, or the sealer
--     every second; see modules/audit/audit-sealer.ts).
-- Rows without a mark (written while a superuser had the seal trigger switched off) are still
-- never chained by anyone else's seal: `audit verify` reports them as unsealed, and only an
-- operator's `audit_seal(company, true)` chains them. Request code (erp_app) has no right on
-- audit_ready, as on audit_log and audit_heads.
--
-- The table has no company_id column on purpose: it is the seal's work queue, not company data,
-- so moves, archives and the tenant-table walks leave it alone (a move seals first).

create table audit_ready (
  id bigint generated always as identity primary key,
  company uuid not null,
  tx xid8 not null,
  unique (tx, company)
);
create index audit_ready_company on audit_ready (company, id);
revoke all on audit_ready from public;

-- Seals the ready transactions of one company (at most max_marks of them, oldest mark first).
-- wait: take the head even if another seal holds it (the sealer, verify); otherwise give up at
-- once when it is busy (a commit). Returns the number of rows sealed.
create function audit_seal_ready(target uuid, wait boolean, max_marks integer default 1000) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  head_seq bigint;
  head_hash text;
  m record;
  r record;
  h text;
  marks bigint[] := '{}';
  n integer := 0;
begin
  for attempt in 1..2 loop
    if wait then
      select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = target for update;
    else
      select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = target
        for update skip locked;
    end if;
    exit when found;
    -- Busy, or the company's first seal: only a missing head is created.
    if attempt = 2 or exists (select 1 from audit_heads where company_id = target) then
      return 0;
    end if;
    insert into audit_heads (company_id, seq, hash) values (target, 0, repeat('0', 64))
      on conflict (company_id) do nothing;
  end loop;
  for m in select k.id, k.tx from audit_ready k where k.company = target order by k.id limit max_marks loop
    for r in
      select l.id, l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at
        from audit_log l where l.tx = m.tx and l.company_id = target and l.seq is null order by l.id
    loop
      head_seq := head_seq + 1;
      h := encode(sha256(convert_to(
        audit_canonical(target, head_seq, r.table_name, r.row_id, r.action, r.changes, r.actor_id, r.at, head_hash),
        'UTF8')), 'hex');
      update audit_log set seq = head_seq, prev_hash = head_hash, hash = h where id = r.id;
      head_hash := h;
      n := n + 1;
    end loop;
    marks := marks || m.id;
  end loop;
  if cardinality(marks) > 0 then
    delete from audit_ready where id = any(marks);
  end if;
  if n > 0 then
    update audit_heads set seq = head_seq, hash = head_hash where company_id = target;
  end if;
  return n;
end $$;
revoke all on function audit_seal_ready(uuid, boolean, integer) from public;

-- Every company with ready rows, each in a transaction of the caller's (the sealer runs one call
-- per database and second): returns the rows sealed.
create function audit_seal_all_ready() returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  c uuid;
  n integer := 0;
begin
  for c in select distinct k.company from audit_ready k order by 1 loop
    n := n + audit_seal_ready(c, true);
  end loop;
  return n;
end $$;
revoke all on function audit_seal_all_ready() from public;

-- The deferred trigger (0044) fires once per audit row at commit. The first firing of a company in
-- this transaction marks it ready and tries to seal; the later ones find the row sealed or the
-- mark present and return. A transaction that is not READ COMMITTED only marks (its snapshot may
-- predate the head's last move, which would fail its commit): the next seal takes its rows.
create or replace function audit_seal_pending() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
declare
  me xid8;
begin
  if not exists (select 1 from audit_log where id = new.id and seq is null) then
    return null;
  end if;
  me := pg_current_xact_id();
  if exists (select 1 from audit_ready where tx = me and company = new.company_id) then
    return null;
  end if;
  insert into audit_ready (company, tx) values (new.company_id, me);
  if current_setting('transaction_isolation') = 'read committed' then
    perform audit_seal_ready(new.company_id, false);
  end if;
  return null;
end $$;
