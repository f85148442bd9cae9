-- The seal reads its rows once and hashes without a SQL function call per row; the commit's mark is
-- one statement (issue 21, after 0051).
--
-- Measured after 0051 (profile.ts --path raw-sealed, 8 clients, pg_stat_statements): of the seal's
-- 0.40 ms of PostgreSQL time per posting, the links' insert was 0.08 ms; the rest was reading the
-- rows twice (the ready marks' rows into an id array, then the rows again by id: 0.12 ms), one call
-- of the SQL function audit_canonical per row (0.07 ms: it is not inlined, its to_char is only
-- STABLE) and the loop. At commit the mark took two statements (a look-up of the mark, then its
-- insert), although since 0050b the trigger runs once per transaction and company.
--
-- Now:
--   - audit_chain (given ids: the operator's seal) and audit_seal_ready (given marks: the sealer,
--     verify, moves, reads) read their rows in one query each, in chain order, with the part of each
--     row's canonical text that does not depend on the chain (table, row, action, changes, actor,
--     time; audit_canonical_body, inlined into the query). audit_link_rows, the one loop that
--     chains, hashes company|seq|that part|prev_hash for each, which is exactly audit_canonical's
--     text (concat_ws over values that are never null), and inserts the links.
--   - The mark is an insert that does nothing when the mark exists.
-- What is chained, in which order, and what `audit verify` proves are unchanged (verify recomputes
-- audit_canonical's text in TypeScript, audit.service.ts canonical()).

-- Links rows onto the company's chain (the caller holds the head's row lock): ids in chain order,
-- bodies[i] the middle part of row ids[i]'s canonical text (audit_canonical_body).
create function audit_link_rows(target uuid, ids bigint[], bodies text[]) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  head_seq bigint;
  head_hash text;
  h text;
  n integer := coalesce(cardinality(ids), 0);
  seqs bigint[] := '{}';
  prevs text[] := '{}';
  hashes text[] := '{}';
  company text := target::text;
begin
  if n = 0 then
    return 0;
  end if;
  select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = target;
  for i in 1..n loop
    head_seq := head_seq + 1;
    h := encode(sha256(convert_to(company || '|' || head_seq || '|' || bodies[i] || '|' || head_hash, 'UTF8')), 'hex');
    seqs[i] := head_seq;
    prevs[i] := head_hash;
    hashes[i] := h;
    head_hash := h;
  end loop;
  insert into audit_links (company_id, seq, audit_id, prev_hash, hash)
    select target, v.seq, v.id, v.prev_hash, v.hash from unnest(seqs, ids, prevs, hashes) as v(seq, id, prev_hash, hash);
  update audit_heads set seq = head_seq, hash = head_hash where company_id = target;
  return n;
end $$;
revoke all on function audit_link_rows(uuid, bigint[], text[]) from public;

-- audit_canonical's text without its first two fields (company, seq) and its last (prev_hash).
create function audit_canonical_body(tbl text, row_id text, action text, changes jsonb, actor uuid, at timestamptz)
  returns text language sql stable as $$
  select concat_ws('|', tbl, row_id, action, changes::text, coalesce(actor::text, ''),
    to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
$$;

create or replace function audit_chain(target uuid, ids bigint[]) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  chained bigint[];
  bodies text[];
begin
  select array_agg(l.id order by u.ord),
         array_agg(audit_canonical_body(l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at) order by u.ord)
    into chained, bodies
    from unnest(ids) with ordinality as u(id, ord)
    join audit_log l on l.id = u.id and l.company_id = target
   where not exists (select 1 from audit_links k where k.audit_id = l.id);
  return audit_link_rows(target, chained, bodies);
end $$;
revoke all on function audit_chain(uuid, bigint[]) from public;

-- enable_seqscan off: every step is an index look-up (see the rows' query), also in a plan cached
-- while the audit tables were still small.
create or replace function audit_seal_ready(target uuid, wait boolean, max_marks integer default 1000) returns integer
  language plpgsql security definer set search_path = public, pg_temp set enable_seqscan = off as $$
declare
  marks bigint[];
  ids bigint[];
  bodies text[];
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
  -- Oldest mark first; within a transaction, in the order its rows were written. Each mark's rows
  -- are looked up by their transaction id (audit_log_tx), mark by mark, and each row's link by its
  -- id (audit_links_row): the subquery is kept apart (offset 0) and the link is a scalar look-up, so
  -- a planner without fresh statistics of the fast-growing audit tables cannot turn either into a
  -- scan of the whole table.
  select array_agg(l.id order by k.id, l.id), array_agg(l.body order by k.id, l.id)
    into ids, bodies
    from audit_ready k
    cross join lateral (
      select r.id, audit_canonical_body(r.table_name, r.row_id, r.action, r.changes, r.actor_id, r.at) as body
        from audit_log r
       where r.tx = k.tx and r.company_id = target
         and (select c.audit_id from audit_links c where c.audit_id = r.id) is null
      offset 0
    ) l
   where k.id = any(marks);
  delete from audit_ready where id = any(marks);
  return audit_link_rows(target, ids, bodies);
end $$;
revoke all on function audit_seal_ready(uuid, boolean, integer) from public;

-- At commit, once per transaction and company (0050b): the mark, or nothing if it is there.
create or replace function audit_seal_pending() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
begin
  insert into audit_ready (company, tx) values (new.company_id, pg_current_xact_id())
    on conflict (tx, company) do nothing;
  return null;
end $$;
