-- Audit rows without the chain-head lock at write time (issue 21).
--
-- Before: audit_row() locked the company's audit_heads row at the first audited write of a
-- transaction and held it until commit, so every write transaction of a company ran one after the
-- other, each holding the lock through all of its round trips.
--
-- Now: audit_row() only inserts the row, unsealed (seq, prev_hash and hash are null), and takes no
-- lock. A deferred constraint trigger on audit_log seals the transaction's rows when it commits:
-- it locks the head of each company involved (in company id order), numbers the rows in the order
-- they were written (id order), chains and hashes them exactly as before (audit_canonical), and
-- moves the head. The head lock is held from that last step to the end of the commit only.
-- Other transactions never see an unsealed row of a committed transaction; an unsealed committed
-- row means the seal was bypassed (triggers switched off by a superuser), and `audit verify`
-- reports it.
--
-- The company purge after a move (platform/company-data.ts) no longer switches triggers off with
-- ALTER TABLE (a table lock on every company table, taken while other companies keep writing:
-- the deadlock of the load test). Instead the owner's transaction sets app.purge_company; the
-- audit trigger writes nothing for it, and the append-only guards let that company's rows go.

alter table audit_log alter column seq drop not null,
  alter column prev_hash drop not null,
  alter column hash drop not null,
  -- The writing transaction (top level, also from a savepoint): the seal takes only its own rows,
  -- so a row that got in without the seal is never chained by someone else's commit.
  add column tx xid8;
-- Finds a transaction's unsealed rows at commit; empty once they are sealed.
create index audit_log_unsealed on audit_log (tx, company_id, id) where seq is null;
-- Only the audit trigger (SECURITY DEFINER, the owner) writes audit rows: erp_app could otherwise
-- insert an invented row that the seal would then chain like a real one.
drop policy audit_log_insert on audit_log;
revoke insert on audit_log from erp_app;

-- True in the owner's purge transaction for that company (app.purge_company set, no SET ROLE):
-- request transactions (SET LOCAL ROLE erp_app) do not pass it.
create function app_purging(company uuid) returns boolean language sql stable as $$
  select current_setting('role') = 'none'
    and coalesce(current_setting('app.purge_company', true), '') = company::text
$$;

-- Generic row trigger. TG_ARGV[0] names the column holding the company id (default company_id).
create or replace function audit_row() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
declare
  old_j jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_j jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  company uuid := (coalesce(new_j, old_j) ->> coalesce(tg_argv[0], 'company_id'))::uuid;
  rid text := coalesce(coalesce(new_j, old_j) ->> 'id', '');
  changes jsonb;
  -- Platform operators act with app.actor_id set to the nil uuid; users act as app.user_id.
  actor uuid := coalesce(nullif(current_setting('app.actor_id', true), '')::uuid, app_user_id());
begin
  -- The purge of a moved company removes history that lives on in the target database.
  if tg_op = 'DELETE' and app_purging(company) then
    return old;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('old', old_j -> n.key, 'new', n.value)), '{}'::jsonb)
      into changes
      from jsonb_each(new_j) n
      where n.value is distinct from old_j -> n.key and n.key <> 'updated_at';
    if changes = '{}'::jsonb then
      return new;
    end if;
  elsif tg_op = 'INSERT' then
    select jsonb_object_agg(key, jsonb_build_object('new', value)) into changes from jsonb_each(new_j);
  else
    select jsonb_object_agg(key, jsonb_build_object('old', value)) into changes from jsonb_each(old_j);
  end if;
  insert into audit_log (company_id, table_name, row_id, action, changes, actor_id, at, tx)
    values (company, tg_table_name, rid, tg_op, changes, actor, clock_timestamp(), pg_current_xact_id());
  return coalesce(new, old);
end $$;

-- Seals this transaction's unsealed rows of one company onto its chain, in id order (called at
-- commit, below). With every_row, an operator seals all unsealed rows of the company instead
-- (rows written while the seal trigger was switched off, after `audit verify` reported them).
create function audit_seal(company uuid, every_row boolean default false) returns integer
  language plpgsql security definer
  set search_path = public, pg_temp as $$
declare
  head_seq bigint;
  head_hash text;
  r record;
  h text;
  n integer := 0;
begin
  insert into audit_heads (company_id, seq, hash) values (company, 0, repeat('0', 64))
    on conflict (company_id) do nothing;
  select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = company for update;
  for r in
    select l.id, l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at
      from audit_log l
     where l.company_id = company and l.seq is null and (every_row or l.tx = pg_current_xact_id())
     order by l.id
  loop
    head_seq := head_seq + 1;
    h := encode(sha256(convert_to(
      audit_canonical(company, head_seq, r.table_name, r.row_id, r.action, r.changes, r.actor_id, r.at, head_hash),
      'UTF8')), 'hex');
    update audit_log set seq = head_seq, prev_hash = head_hash, hash = h where id = r.id;
    head_hash := h;
    n := n + 1;
  end loop;
  if n > 0 then
    update audit_heads set seq = head_seq, hash = head_hash where company_id = company;
  end if;
  return n;
end $$;
revoke all on function audit_seal(uuid, boolean) from public;

-- Deferred to commit; queued once per audit row, the first firing seals them all (the others
-- find their row sealed and return). Companies are locked in id order, so two transactions that
-- touch the same companies never wait for each other in a cycle.
create function audit_seal_pending() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
declare
  c uuid;
begin
  if not exists (select 1 from audit_log where id = new.id and seq is null) then
    return null;
  end if;
  for c in
    select distinct l.company_id from audit_log l where l.seq is null and l.tx = pg_current_xact_id() order by 1
  loop
    perform audit_seal(c);
  end loop;
  return null;
end $$;
create constraint trigger audit_seal after insert on audit_log
  deferrable initially deferred for each row execute function audit_seal_pending();

-- Append-only, with two exceptions: the seal fills in seq, prev_hash and hash of an unsealed row
-- once (nothing else may change), and the owner's purge of a moved company removes its rows.
create or replace function audit_log_immutable() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.seq is null and old.hash is null and old.prev_hash is null
       and new.seq is not null and new.hash is not null and new.prev_hash is not null
       and (to_jsonb(new) - 'seq' - 'prev_hash' - 'hash') = (to_jsonb(old) - 'seq' - 'prev_hash' - 'hash') then
      return new;
    end if;
  elsif tg_op = 'DELETE' then
    if app_purging(old.company_id) then
      return old;
    end if;
  end if;
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end $$;

create or replace function stock_ledger_immutable() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if app_purging(old.company_id) then
      return old;
    end if;
  end if;
  raise exception '% is append-only: post a reversal instead', tg_table_name using errcode = 'insufficient_privilege';
end $$;

-- A move switches foreign keys to deferrable before it copies (make_foreign_keys_deferrable, an
-- ALTER TABLE per constraint still immediate-only). Done here for every key so far, so that a
-- move does not run that DDL on a database that is serving other companies.
select make_foreign_keys_deferrable();
