-- A posting's company entry refuses in the database, so its item lock can travel with it (issue 21,
-- part 1).
--
-- withCompany (db/tenant.ts) enters the company with app_enter_company (0048b) and checks the
-- answer in the server: a caller who is not a member, is blocked, or whose role lacks the route's
-- permission is refused there, before the use-case sends anything. A posting route can send its
-- first statement (the item lock, FOR UPDATE) in the same round trip as the entry; that statement
-- then runs before the server has seen the answer. So the entry must refuse by itself: this
-- function enters exactly as app_enter_company and then raises for a caller the server would
-- refuse. PostgreSQL skips every later message of the round trip after an error, up to its Sync:
-- the lock is never executed, so a refused caller neither reads a row nor holds a lock.
--
-- `roles`: the roles that have the route's permission (the server derives them from the same
-- table as its own check, packages/domain permissions.ts). The raised error carries the entry row
-- as JSON in its DETAIL, so the server answers the refusal with the same error as before.
-- A company that is read-only (being moved) makes the transaction read only here, before the lock
-- runs: the lock then fails as any write would (COMPANY_READ_ONLY).
-- SECURITY INVOKER like app_enter_company: the settings and the role stay for the transaction.

create function app_enter_company_checked(
  company uuid, member uuid, lock_space integer, roles text[], allow_blocked boolean
)
  returns table (hosting text, role text, status text, account_status text)
  language plpgsql volatile as $$
declare
  entry record;
begin
  select e.hosting, e.role, e.status, e.account_status into entry
    from public.app_enter_company(company, member, lock_space) as e;
  if entry.hosting = 'gone'
    or entry.role is null
    or not (entry.role = any(roles))
    or (not allow_blocked and (coalesce(entry.account_status = 'blocked', false)
                               or coalesce(entry.status = 'suspended', false))) then
    raise exception 'company entry refused' using errcode = 'ERP01',
      detail = pg_catalog.json_build_object('hosting', entry.hosting, 'role', entry.role,
        'status', entry.status, 'account_status', entry.account_status)::text;
  end if;
  if entry.hosting = 'read_only' then
    perform pg_catalog.set_config('transaction_read_only', 'on', true);
  end if;
  hosting := entry.hosting;
  role := entry.role;
  status := entry.status;
  account_status := entry.account_status;
  return next;
end $$;
