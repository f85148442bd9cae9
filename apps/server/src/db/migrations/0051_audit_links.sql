-- The chain links in a narrow table of their own (issue 21, after 0044-0050b).
--
-- Measured on the posting benchmark (bench/inventory/profile.ts --path raw-sealed, pg_stat_statements):
-- the seal's single largest step was the UPDATE that filled seq, prev_hash and hash into each audit
-- row. An audit row is wide (its changes as jsonb) and seq is indexed, so that update could never be
-- HOT: it wrote a new version of the whole row, a new entry in every index of audit_log (primary
-- key, (company_id, seq), audit_log_row), and left a dead row and dead index entries (the partial
-- audit_log_unsealed index's too) for vacuum to clean.
--
-- Now audit_log holds only what was recorded, written once by audit_row() and never updated, and
-- the chain is a separate insert-only table: one narrow row per audit row (company, seq, the audit
-- row's id, prev_hash, hash). The seal inserts its links instead of updating audit rows. What is
-- hashed (audit_canonical over the company, seq, the row's recorded fields and prev_hash), the
-- order of the chain (oldest ready mark first, a transaction's rows in write order), the head, the
-- marks and the sealer are unchanged; the existing chain is carried over row for row below.
--
-- `audit verify` reads the links joined to their audit rows (a link whose row was deleted drops
-- out, so the sequence has a gap; an edited row no longer matches its link's hash), and counts audit
-- rows without a link as unsealed or pending, as before. Readers that want the old shape (a row with
-- its seq and hashes) use the view audit_trail. Both tables are append-only; only the owner's purge
-- of a moved company deletes from them.

create table audit_links (
  company_id uuid not null,
  seq bigint not null,
  audit_id bigint not null,
  prev_hash text not null,
  hash text not null,
  primary key (company_id, seq)
);
-- One link per audit row; also how a reader finds a row's place in the chain.
create unique index audit_links_row on audit_links (audit_id);
alter table audit_links enable row level security;
create policy audit_links_read on audit_links for select using (company_id = app_company_id());
grant select on audit_links to erp_app;

-- The chain so far, as it stands.
insert into audit_links (company_id, seq, audit_id, prev_hash, hash)
  select company_id, seq, id, prev_hash, hash from audit_log where seq is not null;

-- audit_log loses its chain fields: nothing updates an audit row any more.
drop trigger audit_log_no_update on audit_log;
drop index audit_log_unsealed;
alter table audit_log drop column seq, drop column prev_hash, drop column hash;
-- The seal finds a ready transaction's rows by its id (rows never chained are found by company).
create index audit_log_tx on audit_log (tx);

create or replace function audit_log_immutable() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and app_purging(old.company_id) then
    return old;
  end if;
  raise exception '% is append-only', tg_table_name using errcode = 'insufficient_privilege';
end $$;
create trigger audit_log_no_update before update on audit_log for each row
  execute function audit_log_immutable();
create trigger audit_links_no_update before update on audit_links for each row
  execute function audit_log_immutable();
create trigger audit_links_no_delete before delete on audit_links for each row
  execute function audit_log_immutable();
create trigger audit_links_no_truncate before truncate on audit_links for each statement
  execute function audit_log_immutable();

-- An audit row with its place in the chain (seq, prev_hash and hash are null while it is not
-- chained): the shape audit_log had up to 0050, for readers, snapshots and restores.
create view audit_trail with (security_invoker = true) as
  select l.id, l.company_id, k.seq, l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at,
         k.prev_hash, k.hash, l.tx
    from audit_log l left join audit_links k on k.audit_id = l.id;
grant select on audit_trail to erp_app;

-- Links the given audit rows onto the company's chain in the given order (the caller holds the
-- head's row lock): hashes computed one after another as before, then one insert of the links.
-- A row that already has a link is skipped.
create or replace function audit_chain(target uuid, ids bigint[]) returns integer
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
      join audit_log l on l.id = u.id and l.company_id = target
     where not exists (select 1 from audit_links k where k.audit_id = l.id)
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
    insert into audit_links (company_id, seq, audit_id, prev_hash, hash)
      select target, v.seq, v.id, v.prev_hash, v.hash
        from unnest(seqs, row_ids, prevs, hashes) as v(seq, id, prev_hash, hash);
    update audit_heads set seq = head_seq, hash = head_hash where company_id = target;
  end if;
  return n;
end $$;
revoke all on function audit_chain(uuid, bigint[]) from public;

-- The operator's seal (every_row: all of the company's rows without a link, in id order) and
-- 0044's seal of the calling transaction's own rows.
create or replace function audit_seal(company uuid, every_row boolean default false) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me xid8 := pg_current_xact_id();
  ids bigint[];
begin
  if every_row then
    select array_agg(l.id order by l.id) into ids from audit_log l
     where l.company_id = company and not exists (select 1 from audit_links k where k.audit_id = l.id);
  else
    select array_agg(l.id order by l.id) into ids from audit_log l
     where l.tx = me and l.company_id = company
       and not exists (select 1 from audit_links k where k.audit_id = l.id);
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

-- As in 0049, without the seq condition: audit_chain skips rows that already have a link.
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
    join audit_log l on l.tx = k.tx and l.company_id = target
   where k.id = any(marks);
  delete from audit_ready where id = any(marks);
  if ids is null then
    return 0;
  end if;
  return audit_chain(target, ids);
end $$;
revoke all on function audit_seal_ready(uuid, boolean, integer) from public;

-- A company copy's audit rows (platform/company-data.ts: a move's target, a restore), given in the
-- audit_trail shape (JSON objects without id and tx, as a snapshot reads them): each row gets a new
-- id of this database, and a chained row its link with the seq and hashes it had.
create function audit_restore_rows(rows jsonb) returns integer language sql as $$
  with src as (
    select r.company_id, r.seq, r.table_name, r.row_id, r.action, r.changes, r.actor_id, r.at, r.prev_hash,
           r.hash, nextval(pg_get_serial_sequence('audit_log', 'id')) as new_id
      from jsonb_populate_recordset(null::audit_trail, rows) r
  ),
  written as (
    insert into audit_log (id, company_id, table_name, row_id, action, changes, actor_id, at)
      overriding system value
      select new_id, company_id, table_name, row_id, action, changes, actor_id, at from src
      returning id
  ),
  linked as (
    insert into audit_links (company_id, seq, audit_id, prev_hash, hash)
      select company_id, seq, new_id, prev_hash, hash from src where seq is not null
      returning audit_id
  )
  select count(*)::int from written
$$;
revoke all on function audit_restore_rows(jsonb) from public;
