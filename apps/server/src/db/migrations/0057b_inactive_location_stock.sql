-- Stock never grows on an inactive location. A balance written at a location that is not active
-- may only move towards zero (old stock drained out); any other change is refused with SQLSTATE
-- EL001 (http/errors.ts answers 409 validation.locationInactiveStock, the location's code in the
-- detail). The location row is read FOR KEY SHARE: a deactivation locks it FOR UPDATE before it
-- checks the location's stock (inventory.service updateLocation), so a posting and a deactivation
-- of the same location run one after the other, and whichever comes second sees the other:
-- the deactivation finds the posted stock and refuses, or the posting finds the location inactive.
create function refuse_stock_on_inactive_location() returns trigger language plpgsql as $$
declare
  loc record;
begin
  if tg_op = 'UPDATE' and abs(new.quantity) <= abs(old.quantity) then
    return null;
  end if;
  if new.quantity = 0 then
    return null;
  end if;
  select code, active into loc from locations where id = new.location_id for key share;
  if not loc.active then
    raise exception 'location % is not active: no stock can be booked to it', loc.code
      using errcode = 'EL001', detail = loc.code;
  end if;
  return null;
end $$;

create trigger stock_balances_active_location after insert or update of quantity on stock_balances
  for each row execute function refuse_stock_on_inactive_location();
