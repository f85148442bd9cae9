-- The seal leaves the commit (issue 21, after 0044/0048/0049).
--
-- Measured on the posting benchmark (bench/inventory/profile.ts, 8 clients, quiet machine): the
-- same raw writes ran at 801 postings/s with their audit rows left unsealed and at 414/s with the
-- seal at commit (0.55 ms of PostgreSQL time per posting in audit_seal_ready alone, and one
-- company's commits taking turns on its chain head). The target (the application at half the
-- unsealed baseline) is above what even the raw writes reach while every commit seals.
--
-- Now a commit only marks its transaction ready (audit_ready, as 0048 did when the head was
-- busy) and never touches the head. The rows are chained by the next seal of the company, exactly
-- as 0048's ready rows were, in the same order (oldest mark first, a transaction's rows in the
-- order they were written):
--   - the sealer of every running server, once a second (modules/audit/audit-sealer.ts);
--   - `audit verify`, a company move and a backup, which seal before they read (unchanged);
--   - a request that reads the audit trail (audit page, recent activity, a document's history):
--     it calls audit_seal_for_reading() first, so a user sees their own change at once, with its
--     sequence number.
-- What is chained, in which order, and what `audit verify` proves are unchanged; a row without a
-- ready mark (the seal trigger switched off by a superuser) is still chained by nobody but an
-- operator. The window between write and seal is stated in SECURITY.md.

-- At commit, once per audit row (the constraint trigger of 0044): the first row of a company in
-- this transaction inserts the mark, the others find it.
create or replace function audit_seal_pending() returns trigger language plpgsql security definer
  set search_path = public, pg_temp as $$
declare
  me xid8 := pg_current_xact_id();
begin
  if not exists (select 1 from audit_ready where tx = me and company = new.company_id) then
    insert into audit_ready (company, tx) values (new.company_id, me) on conflict (tx, company) do nothing;
  end if;
  return null;
end $$;

-- Seals the current company's ready rows (app.company_id), waiting for a seal in progress, so
-- that a read of the audit trail that follows in the same transaction sees every row committed
-- before it, numbered. Nothing in a read-only transaction (a company being moved: its move seals)
-- nor in one that is not READ COMMITTED (its snapshot may predate the head's last move).
-- Request code may call it: it chains only rows already marked ready, as any seal does.
create function audit_seal_for_reading() returns integer
  language plpgsql security definer set search_path = public, pg_temp as $$
declare
  target uuid := app_company_id();
begin
  if target is null
     or current_setting('transaction_read_only') = 'on'
     or current_setting('transaction_isolation') <> 'read committed' then
    return 0;
  end if;
  return audit_seal_ready(target, true);
end $$;
revoke all on function audit_seal_for_reading() from public;
grant execute on function audit_seal_for_reading() to erp_app;
