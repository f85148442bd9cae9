-- Platform (issue 10): company registry for dedicated databases, per-database hosting state (used
-- to refuse writes while a company moves and to catch a request routed to a database the company
-- has left), a log of operator operations, and deferrable foreign keys so a company's rows can be
-- copied in any order inside one transaction.

-- In the main database: where each company's rows live. No row = shared (the main database).
create table company_registry (
  company_id uuid primary key references tenants(id) on delete cascade,
  mode text not null default 'shared' check (mode in ('shared', 'dedicated')),
  database_url text,
  state text not null default 'normal' check (state in ('normal', 'read_only')),
  updated_at timestamptz not null default now(),
  check ((mode = 'dedicated') = (database_url is not null))
);

-- In every database: is this company served from here? No row = normal (the main database's default).
-- 'read_only' while the company moves or is restored; 'gone' after it moved away.
create table company_hosting (
  company_id uuid primary key,
  state text not null check (state in ('normal', 'read_only', 'gone')),
  updated_at timestamptz not null default now()
);

-- Read by every company transaction (as erp_app) right after it takes the company's shared lock.
create function app_company_hosting(company uuid) returns text language sql stable security definer
  set search_path = public, pg_temp as $$
  select coalesce((select h.state from company_hosting h where h.company_id = company), 'normal')
$$;
revoke all on function app_company_hosting(uuid) from public;
grant execute on function app_company_hosting(uuid) to erp_app;

-- Every instance refreshes its routes when the registry changes (payload: the company id).
create function notify_company_registry() returns trigger language plpgsql as $$
begin
  perform pg_notify('company_registry', coalesce(new.company_id, old.company_id)::text);
  return null;
end $$;
create trigger company_registry_changed after insert or update or delete on company_registry
  for each row execute function notify_company_registry();

-- What operators did to whole companies (moves, restores, purges), for the record.
create table company_operations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null,
  operation text not null,
  detail jsonb not null default '{}'::jsonb,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index company_operations_company on company_operations(company_id, started_at desc);

-- Foreign keys become DEFERRABLE INITIALLY IMMEDIATE: nothing changes for request code, but a
-- platform copy may `set constraints all deferred` and insert a company's rows in any order
-- (self-references and cycles included). The move calls this again, for tables added later.
create function make_foreign_keys_deferrable() returns integer language plpgsql as $$
declare
  r record;
  n integer := 0;
begin
  for r in
    select c.conrelid::regclass as tbl, c.conname
    from pg_constraint c join pg_namespace s on s.oid = c.connamespace
    where c.contype = 'f' and not c.condeferrable and s.nspname = 'public'
  loop
    execute format('alter table %s alter constraint %I deferrable initially immediate', r.tbl, r.conname);
    n := n + 1;
  end loop;
  return n;
end $$;
select make_foreign_keys_deferrable();
