-- Foundation: roles, auth tables, tenants and memberships, files, changelog, audit trail.
-- One history for PGlite and PostgreSQL. Never edit a migration that has shipped: add a new one.

-- Request code runs as erp_app (SET LOCAL ROLE inside each transaction): not a superuser, no
-- BYPASSRLS, owns no table, so row-level security always applies to it.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'erp_app') then
    create role erp_app nologin nosuperuser nobypassrls noinherit nocreatedb nocreaterole;
  end if;
end $$;
grant erp_app to current_user;
grant usage on schema public to erp_app;

create function app_user_id() returns uuid language sql stable
  as $$ select nullif(current_setting('app.user_id', true), '')::uuid $$;
create function app_company_id() returns uuid language sql stable
  as $$ select nullif(current_setting('app.company_id', true), '')::uuid $$;
grant execute on function app_user_id(), app_company_id() to erp_app;

-- Auth (better-auth models). Platform tables: erp_app has no access to them.
create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null unique,
  email_verified boolean not null default false,
  image text,
  is_platform_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  token text not null unique,
  expires_at timestamptz not null,
  ip_address text,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id on sessions(user_id);
create table accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  account_id text not null,
  provider_id text not null,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index accounts_user_id on accounts(user_id);
create table verifications (
  id uuid primary key default gen_random_uuid(),
  identifier text not null,
  value text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index verifications_identifier on verifications(identifier);
-- Shared by every server instance, so limits hold across instances.
create table rate_limits (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,
  count integer not null,
  last_request bigint not null
);

-- The seed's tenants row: one per user (id = user id), the user's profile and their company.
create table tenants (
  id uuid primary key references users(id) on delete cascade,
  full_name text,
  phone text,
  address text,
  date_of_birth date,
  position text,
  department text,
  company_name text,
  company_address text,
  company_phone text,
  company_email text,
  company_website text,
  tax_number text,
  company_logo text,
  bank_accounts jsonb not null default '[]'::jsonb,
  account_status text not null default 'active' check (account_status in ('active', 'blocked')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A company is the tenants row of its owner; staff join it through memberships.
create table memberships (
  company_id uuid not null references tenants(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'planner', 'warehouse', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (company_id, user_id)
);
create index memberships_user_id on memberships(user_id);

-- Uploaded files (company logo), kept in the database so one backup holds everything.
create table files (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  content_type text not null,
  size integer not null check (size > 0),
  data bytea not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index files_company_id on files(company_id);

-- Changelog: platform data published by operators, read by every user.
create table changelog_entries (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  version text not null,
  description text,
  type text not null,
  items jsonb not null default '[]'::jsonb,
  is_published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index changelog_entries_published on changelog_entries(published_at desc) where is_published;
create table changelog_views (
  user_id uuid not null references users(id) on delete cascade,
  entry_id uuid not null references changelog_entries(id) on delete cascade,
  viewed_at timestamptz not null default now(),
  primary key (user_id, entry_id)
);

-- Every instance drops its changelog cache when an entry changes.
create function notify_changelog_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('changelog_changed', '');
  return null;
end $$;
create trigger changelog_entries_changed after insert or update or delete on changelog_entries
  for each statement execute function notify_changelog_changed();

-- Account status changes reach every instance (payload: the user id only).
create function notify_account_status() returns trigger language plpgsql as $$
begin
  if new.account_status is distinct from old.account_status then
    perform pg_notify('account_status', new.id::text);
  end if;
  return new;
end $$;
create trigger tenants_account_status after update of account_status on tenants
  for each row execute function notify_account_status();

-- Audit trail: append-only, hash-chained per company.
create table audit_log (
  id bigint generated always as identity primary key,
  company_id uuid not null,
  seq bigint not null,
  table_name text not null,
  row_id text not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  changes jsonb not null,
  actor_id uuid,
  at timestamptz not null,
  prev_hash text not null,
  hash text not null,
  unique (company_id, seq)
);
create index audit_log_row on audit_log(company_id, table_name, row_id);
-- The head of each company's chain; its row lock serialises appends per company.
create table audit_heads (
  company_id uuid primary key,
  seq bigint not null,
  hash text not null
);

create function audit_log_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end $$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_immutable();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_immutable();

-- The canonical text that is hashed; audit verification rebuilds exactly this string.
create function audit_canonical(company uuid, seq bigint, tbl text, row_id text, action text, changes jsonb,
  actor uuid, at timestamptz, prev_hash text) returns text language sql immutable as $$
  select concat_ws('|', company::text, seq::text, tbl, row_id, action, changes::text, coalesce(actor::text, ''),
    to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), prev_hash)
$$;

-- Generic row trigger. TG_ARGV[0] names the column holding the company id (default company_id).
create function audit_row() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
declare
  old_j jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_j jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  company uuid := (coalesce(new_j, old_j) ->> coalesce(tg_argv[0], 'company_id'))::uuid;
  rid text := coalesce(coalesce(new_j, old_j) ->> 'id', '');
  changes jsonb;
  head_seq bigint;
  head_hash text;
  ts timestamptz := clock_timestamp();
  -- Platform operators act with app.actor_id set to the nil uuid; users act as app.user_id.
  actor uuid := coalesce(nullif(current_setting('app.actor_id', true), '')::uuid, app_user_id());
  h text;
begin
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

  insert into audit_heads (company_id, seq, hash) values (company, 0, repeat('0', 64))
    on conflict (company_id) do nothing;
  select a.seq, a.hash into head_seq, head_hash from audit_heads a where a.company_id = company for update;
  h := encode(sha256(convert_to(
    audit_canonical(company, head_seq + 1, tg_table_name, rid, tg_op, changes, actor, ts, head_hash), 'UTF8')), 'hex');
  insert into audit_log (company_id, seq, table_name, row_id, action, changes, actor_id, at, prev_hash, hash)
    values (company, head_seq + 1, tg_table_name, rid, tg_op, changes, actor, ts, head_hash, h);
  update audit_heads set seq = head_seq + 1, hash = h where company_id = company;
  return coalesce(new, old);
end $$;

-- Row-level security ------------------------------------------------------------------------------
alter table tenants enable row level security;
alter table tenants force row level security;
create policy tenants_read on tenants for select using (id = app_user_id() or id = app_company_id());
create policy tenants_insert on tenants for insert with check (id = app_user_id());
create policy tenants_update on tenants for update using (id = app_user_id()) with check (id = app_user_id());
grant select, insert on tenants to erp_app;
-- account_status is set by platform operators only.
grant update (full_name, phone, address, date_of_birth, position, department, company_name, company_address,
  company_phone, company_email, company_website, tax_number, company_logo, bank_accounts, updated_at) on tenants to erp_app;
create trigger tenants_audit after insert or update or delete on tenants
  for each row execute function audit_row('id');

alter table memberships enable row level security;
alter table memberships force row level security;
create policy memberships_read on memberships for select
  using (company_id = app_company_id() or user_id = app_user_id());
create policy memberships_write on memberships for all
  using (company_id = app_company_id()) with check (company_id = app_company_id());
grant select, insert, update, delete on memberships to erp_app;
create trigger memberships_audit after insert or update or delete on memberships
  for each row execute function audit_row('company_id');

-- Not forced: the audit trigger runs as the owner; erp_app is still bound by the policies.
alter table audit_log enable row level security;
create policy audit_log_read on audit_log for select using (company_id = app_company_id());
create policy audit_log_insert on audit_log for insert with check (company_id = app_company_id());
grant select, insert on audit_log to erp_app;
alter table audit_heads enable row level security;

-- The recipe every business table follows (see ARCHITECTURE.md): company_id column, RLS enabled and
-- forced with the isolation policy, privileges for erp_app, and the audit trigger.
create function enable_tenant_table(tbl regclass) returns void language plpgsql as $$
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('alter table %s force row level security', tbl);
  execute format('create policy tenant_isolation on %s for all using (company_id = app_company_id()) '
    'with check (company_id = app_company_id())', tbl);
  execute format('grant select, insert, update, delete on %s to erp_app', tbl);
  execute format('create trigger audit after insert or update or delete on %s '
    'for each row execute function audit_row(''company_id'')', tbl);
end $$;

select enable_tenant_table('files');

-- A revoked session (sign-out, sign out everywhere, operator action) closes its realtime sockets on
-- every instance at once (payload: the session id only).
create function notify_session_revoked() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_revoked', old.id::text);
  return old;
end $$;
create trigger sessions_revoked after delete on sessions
  for each row execute function notify_session_revoked();
