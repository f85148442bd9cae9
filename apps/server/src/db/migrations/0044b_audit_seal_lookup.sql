-- The seal's look-ups by transaction id use the index (issue 21, after 0044).
--
-- In 0044 the seal compared `tx` with pg_current_xact_id() inside its queries. That function is
-- volatile, so PostgreSQL may not use it as an index condition: each commit scanned every unsealed
-- row of the database (normally none, but thousands when rows were left unsealed on purpose, as
-- the inventory benchmark's baseline does), and the seal got slower with each of them. The id is
-- now read once into a variable, which the queries take as a parameter.

create or replace function audit_seal(company uuid, every_row boolean default false) returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  me xid8 := pg_current_xact_id();
  ids bigint[];
  head_seq bigint;
  head_hash text;
  r record;
  h text;
  n integer := 0;
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
  select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = company for update;
  for r in
    select l.id, l.table_name, l.row_id, l.action, l.changes, l.actor_id, l.at
      from audit_log l where l.id = any(ids) and l.seq is null order by l.id
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

create or replace function audit_seal_pending() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
declare
  me xid8;
  c uuid;
begin
  if not exists (select 1 from audit_log where id = new.id and seq is null) then
    return null;
  end if;
  me := pg_current_xact_id();
  for c in select distinct l.company_id from audit_log l where l.tx = me and l.seq is null order by 1 loop
    perform audit_seal(c);
  end loop;
  return null;
end $$;
