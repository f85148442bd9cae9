-- Issue 19: an uploaded eRačun is stored at once with status `checking` ("Provjera u tijeku") and
-- validated by a background job (the official validators take tens of seconds); the job writes
-- the report once and moves it to `received` or `invalid`. Everything else read from the XML stays
-- frozen from receipt; the report and `valid` are frozen from the moment the check is done.
alter table purchase_invoices drop constraint purchase_invoices_status_check;
alter table purchase_invoices add constraint purchase_invoices_status_check
  check (status in ('checking', 'received', 'invalid', 'approved', 'rejected'));
alter table purchase_invoices add constraint purchase_invoices_checking_not_valid
  check (status <> 'checking' or not valid);

create or replace function purchase_invoices_frozen() returns trigger language plpgsql as $$
begin
  if new.parsed is distinct from old.parsed
    or new.xml_sha256 is distinct from old.xml_sha256 or new.number is distinct from old.number
    or new.total is distinct from old.total or new.payable is distinct from old.payable
    or new.net_total is distinct from old.net_total or new.vat_total is distinct from old.vat_total
    or new.issue_date is distinct from old.issue_date then
    raise exception 'what was read from a received invoice is never changed' using errcode = 'check_violation';
  end if;
  -- The validators' report is written once: when the check of an uploaded file finishes.
  if (new.validation is distinct from old.validation or new.valid is distinct from old.valid)
    and not (old.status = 'checking' and new.status in ('received', 'invalid')) then
    raise exception 'what was read from a received invoice is never changed' using errcode = 'check_violation';
  end if;
  if old.status = 'checking' and new.status not in ('checking', 'received', 'invalid') then
    raise exception 'a received invoice being checked cannot be decided' using errcode = 'check_violation';
  end if;
  return new;
end $$;
