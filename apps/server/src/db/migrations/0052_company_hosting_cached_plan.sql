-- The hosting state's look-up keeps its plan (issue 21, part 1).
--
-- app_company_hosting runs in every company transaction (app_enter_company, 0048b). As a SQL
-- function with SECURITY DEFINER it is never inlined, and PostgreSQL plans the body of such a
-- function again on every call: pg_stat_statements showed 0.03 of its 0.035 ms per posting as
-- planning. A plpgsql body keeps its plan for the session. Same argument, result, owner, rights
-- (create or replace keeps the grants) and the same statement.
create or replace function app_company_hosting(company uuid) returns text language plpgsql stable security definer
  set search_path = public, pg_temp as $$
begin
  return coalesce((select h.state from company_hosting h where h.company_id = company), 'normal');
end $$;
