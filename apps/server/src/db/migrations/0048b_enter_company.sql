-- A request's company transaction starts in one round trip instead of two (issue 21).
--
-- withCompany (db/tenant.ts) used to send two statements: the settings and the company's shared
-- lock, then the hosting state and the caller's membership. They had to be two statements so that
-- the hosting state is read in a snapshot taken after the lock was granted (a move flips the state,
-- then waits for the lock). Inside a VOLATILE plpgsql function each statement takes its own
-- snapshot in READ COMMITTED, so the same order holds here: settings and lock first, then, in a
-- later statement running as erp_app (row-level security applies), hosting and membership.
-- SECURITY INVOKER and no SET clause: the settings and the role stay for the rest of the
-- transaction, exactly as the two statements left them; names are schema-qualified instead.

create function app_enter_company(company uuid, member uuid, lock_space integer)
  returns table (hosting text, role text, status text, account_status text)
  language plpgsql volatile as $$
begin
  perform pg_catalog.set_config('app.user_id', member::text, true),
    pg_catalog.set_config('app.company_id', company::text, true),
    pg_catalog.pg_advisory_xact_lock_shared(lock_space, pg_catalog.hashtext(company::text));
  perform pg_catalog.set_config('role', 'erp_app', true);
  return query
    select public.app_company_hosting(company), m.role::text, m.status::text, t.account_status::text
      from (select 1) as one
      left join public.memberships m on m.company_id = company and m.user_id = member
      left join public.tenants t on t.id = m.user_id;
end $$;
