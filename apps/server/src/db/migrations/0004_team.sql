-- Teams (issue 9): suspension per membership, invitations with hashed one-time tokens, company
-- fields editable by owners/admins of the current company, member directory, live notices.

-- A member may be suspended in one company (they then see the blocked screen there, nowhere else).
alter table memberships add column status text not null default 'active'
  check (status in ('active', 'suspended'));
alter table memberships add column updated_at timestamptz not null default now();

-- The caller's role in the current company (null when not an active member). Used by policies.
create function app_company_role() returns text language sql stable as $$
  select m.role from memberships m
  where m.company_id = app_company_id() and m.user_id = app_user_id() and m.status = 'active'
$$;
grant execute on function app_company_role() to erp_app;

-- Only owners and admins change memberships; anyone may delete their own (leaving). The service
-- checks the finer rules (last owner, founder); these policies are the floor under them.
create policy memberships_manage_insert on memberships as restrictive for insert to erp_app
  with check (app_company_role() in ('owner', 'admin'));
create policy memberships_manage_update on memberships as restrictive for update to erp_app
  using (app_company_role() in ('owner', 'admin'));
create policy memberships_manage_delete on memberships as restrictive for delete to erp_app
  using (app_company_role() in ('owner', 'admin') or user_id = app_user_id());

-- Company fields of the current company's row: owners and admins may update them.
create policy tenants_company_update on tenants for update
  using (id = app_company_id() and app_company_role() in ('owner', 'admin'))
  with check (id = app_company_id() and app_company_role() in ('owner', 'admin'));

-- Personal fields stay with their user: an update of someone else's row (the company row, by an
-- admin) may not touch them. account_status stays operator-only through the column grants.
create function tenants_guard_personal() returns trigger language plpgsql as $$
begin
  if current_user = 'erp_app' and new.id is distinct from app_user_id() and (
      new.full_name is distinct from old.full_name or new.phone is distinct from old.phone
      or new.address is distinct from old.address or new.date_of_birth is distinct from old.date_of_birth
      or new.position is distinct from old.position or new.department is distinct from old.department) then
    raise exception 'personal fields belong to their user' using errcode = 'insufficient_privilege';
  end if;
  return new;
end $$;
create trigger tenants_personal_guard before update on tenants
  for each row execute function tenants_guard_personal();

-- The table owner (member directory functions below, sign-up and operator paths) may read the
-- profile rows of the current company's members and of the caller's companies: names only leave
-- through the functions below. erp_app gets no such policy, so request code never reads a
-- colleague's personal fields.
do $$
begin
  execute format($p$create policy tenants_directory on tenants for select to %I using (
    id in (select m.user_id from memberships m where m.company_id = app_company_id())
    or id in (select m.company_id from memberships m where m.user_id = app_user_id()))$p$, current_user);
end $$;

-- Members of the current company with name and email (users is a platform table erp_app cannot
-- read). Only for a member of that company.
create function team_members() returns table (
  user_id uuid, email text, name text, role text, status text, joined_at timestamptz
) language sql stable security definer set search_path = public, pg_temp as $$
  select m.user_id, u.email, coalesce(nullif(t.full_name, ''), u.name), m.role, m.status, m.created_at
  from memberships m
  join users u on u.id = m.user_id
  left join tenants t on t.id = m.user_id
  where m.company_id = app_company_id()
    and exists (select 1 from memberships me where me.company_id = app_company_id() and me.user_id = app_user_id())
  order by m.created_at, u.email
$$;
revoke all on function team_members() from public;
grant execute on function team_members() to erp_app;

-- The companies the caller belongs to, with their names (the company switcher).
create function my_companies() returns table (
  company_id uuid, company_name text, role text, status text, joined_at timestamptz
) language sql stable security definer set search_path = public, pg_temp as $$
  select m.company_id, coalesce(nullif(t.company_name, ''), nullif(t.full_name, '')), m.role, m.status, m.created_at
  from memberships m left join tenants t on t.id = m.company_id
  where m.user_id = app_user_id()
  order by (m.company_id = app_user_id()) desc, m.created_at
$$;
revoke all on function my_companies() from public;
grant execute on function my_companies() to erp_app;

-- Invitations: the token is shown once; only its sha256 is stored.
create table invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  email text not null,
  role text not null check (role in ('owner', 'admin', 'planner', 'warehouse', 'viewer')),
  token_hash text not null unique,
  invited_by uuid references users(id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by uuid references users(id) on delete set null,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index invitations_company on invitations(company_id, created_at desc);
select enable_tenant_table('invitations');
-- Whoever holds a token may see its one invitation (the invitee, before they are a member): the
-- hash is put in app.invite_token_hash for that transaction only.
create policy invitations_by_token on invitations for select
  using (token_hash = nullif(current_setting('app.invite_token_hash', true), ''));

-- Membership changes reach the affected user's screens on every instance (ids only), and the
-- company's open member lists through the company event channel.
create function notify_membership_changed() returns trigger language plpgsql as $$
declare
  company uuid := coalesce(new.company_id, old.company_id);
  member uuid := coalesce(new.user_id, old.user_id);
  change text;
begin
  if tg_op = 'DELETE' then
    change := 'removed';
  elsif tg_op = 'INSERT' then
    change := 'added';
  elsif new.status is distinct from old.status then
    change := case when new.status = 'suspended' then 'suspended' else 'reinstated' end;
  elsif new.role is distinct from old.role then
    change := 'role';
  else
    return null;
  end if;
  perform pg_notify('membership_changed',
    json_build_object('company_id', company, 'user_id', member, 'change', change)::text);
  perform pg_notify('company_event',
    json_build_object('company_id', company, 'topic', 'members', 'ids', json_build_array(member))::text);
  return null;
end $$;
create trigger memberships_changed after insert or update or delete on memberships
  for each row execute function notify_membership_changed();
