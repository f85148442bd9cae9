-- 0057b's rule guards postings, not a restore: a company archive's import writes the locations
-- and then their balances in one transaction, and old stock left on an inactive location (from
-- before deactivation was checked) must come back as it was. A location row this transaction
-- wrote itself (xmin = the current transaction) is therefore not checked; no request both writes
-- a location and posts stock to it.
create or replace function refuse_stock_on_inactive_location() returns trigger language plpgsql as $$
declare
  loc record;
begin
  if tg_op = 'UPDATE' and abs(new.quantity) <= abs(old.quantity) then
    return null;
  end if;
  if new.quantity = 0 then
    return null;
  end if;
  select code, active, xmin = pg_current_xact_id()::xid as own into loc
    from locations where id = new.location_id for key share;
  if not loc.active and not loc.own then
    raise exception 'location % is not active: no stock can be booked to it', loc.code
      using errcode = 'EL001', detail = loc.code;
  end if;
  return null;
end $$;
