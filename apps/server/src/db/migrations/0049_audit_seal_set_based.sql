-- The seal in one UPDATE instead of one per row, and the append-only guard without a function call
-- for the seal's own update (issue 21, after 0044/0048).
--
-- Measured with pg_stat_statements on the posting benchmark (bench/inventory/profile.ts): the seal
-- was the largest single cost of a posting in the database after its writes. Per audit row it ran
-- one UPDATE statement from PL/pgSQL, and each of those fired the BEFORE UPDATE guard
-- (audit_log_immutable), which turned the old and the new row into jsonb to compare them.
--
-- Now:
--   - audit_chain(company, ids) links the given rows onto the company's chain in the given order
--     (the caller holds the head's row lock): the hashes are computed in a loop, as before
--     (audit_canonical, sha256, each over the previous hash), and written by one UPDATE from
--     arrays; the head moves once. audit_seal (the operator's and 0044's) and audit_seal_ready
--     (0048: commits, the sealer, verify, moves) both go through it, so both chain alike.
--   - audit_seal_ready reads the rows of all the marks it takes in one query (mark order, then
--     write order within a transaction: exactly the order of 0048).
--   - The guard: the seal's update (seq, prev_hash and hash filled in once on an unsealed row,
--     every other column unchanged) is let through by the trigger's WHEN condition, evaluated
--     without calling a function; any other update fires the trigger and is refused. The column
--     list below must name every column of audit_log except the three chain fields
--     (audit-seal.test.ts checks it against the table). Deletes keep their own trigger (the purge
--     of a moved company).
-- What is chained, in which order, and what `audit verify` proves are unchanged.

create function audit_chain(target uuid, ids bigint[]) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  head_seq bigint;
  head_hash text;
  r record;
  h text;
  n integer := 0;
  row_ids bigint[] := '{}';
  seqs bigint[] := '{}';
  prevs text[] := '{}';
  hashes text[] := '{}';
begin
  select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = target;
  for r in
    select l.id, l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at
      from unnest(ids) with ordinality as u(id, ord)
      join audit_log l on l.id = u.id and l.company_id = target and l.seq is null
     order by u.ord
  loop
    n := n + 1;
    head_seq := head_seq + 1;
    h := encode(sha256(convert_to(
      audit_canonical(target, head_seq, r.table_name, r.row_id, r.action, r.changes, r.actor_id, r.at, head_hash),
      'UTF8')), 'hex');
    row_ids[n] := r.id;
    seqs[n] := head_seq;
    prevs[n] := head_hash;
    hashes[n] := h;
    head_hash := h;
  end loop;
  if n > 0 then
    update audit_log l set seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
      from unnest(row_ids, seqs, prevs, hashes) as v(id, seq, prev_hash, hash)
     where l.id = v.id;
    update audit_heads set seq = head_seq, hash = head_hash where company_id = target;
  end if;
  return n;
end $$;
revoke all on function audit_chain(uuid, bigint[]) from public;

create or replace function audit_seal(company uuid, every_row boolean default false) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me xid8 := pg_current_xact_id();
  ids bigint[];
begin
  if every_row then
    select array_agg(l.id order by l.id) into ids from audit_log l
     where l.company_id = company and l.seq is null;
  else
    select array_agg(l.id order by l.id) into ids from audit_log l
     where l.tx = me and l.company_id = company and l.seq is null;
  end if;
  if ids is null then
    return 0;
  end if;
  insert into audit_heads (company_id, seq, hash) values (company, 0, repeat('0', 64))
    on conflict (company_id) do nothing;
  perform 1 from audit_heads a where a.company_id = company for update;
  return audit_chain(company, ids);
end $$;
revoke all on function audit_seal(uuid, boolean) from public;

create or replace function audit_seal_ready(target uuid, wait boolean, max_marks integer default 1000) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  marks bigint[];
  ids bigint[];
begin
  for attempt in 1..2 loop
    if wait then
      perform 1 from audit_heads a where a.company_id = target for update;
    else
      perform 1 from audit_heads a where a.company_id = target for update skip locked;
    end if;
    exit when found;
    -- Busy, or the company's first seal: only a missing head is created.
    if attempt = 2 or exists (select 1 from audit_heads where company_id = target) then
      return 0;
    end if;
    insert into audit_heads (company_id, seq, hash) values (target, 0, repeat('0', 64))
      on conflict (company_id) do nothing;
  end loop;
  select array_agg(k.id order by k.id) into marks
    from (select id from audit_ready where company = target order by id limit max_marks) k;
  if marks is null then
    return 0;
  end if;
  -- Oldest mark first; within a transaction, in the order its rows were written.
  select array_agg(l.id order by k.id, l.id) into ids
    from audit_ready k
    join audit_log l on l.tx = k.tx and l.company_id = target and l.seq is null
   where k.id = any(marks);
  delete from audit_ready where id = any(marks);
  if ids is null then
    return 0;
  end if;
  return audit_chain(target, ids);
end $$;
revoke all on function audit_seal_ready(uuid, boolean, integer) from public;

-- Updates: refused unless it is the seal filling in the chain fields of an unsealed row.
create or replace function audit_log_immutable() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and app_purging(old.company_id) then
    return old;
  end if;
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end $$;
drop trigger audit_log_no_update on audit_log;
create trigger audit_log_no_update before update on audit_log for each row
  when (not (
    old.seq is null and old.prev_hash is null and old.hash is null
    and new.seq is not null and new.prev_hash is not null and new.hash is not null
    and (new.id, new.company_id, new.table_name, new.row_id, new.action, new.changes, new.actor_id, new.at, new.tx)
      is not distinct from
        (old.id, old.company_id, old.table_name, old.row_id, old.action, old.changes, old.actor_id, old.at, old.tx)
  ))
  execute function audit_log_immutable();
create trigger audit_log_no_delete before delete on audit_log for each row
  execute function audit_log_immutable();
