-- Partners' OIB encrypted at rest (issue 11): the column now holds the AES-256-GCM envelope written
-- by the application (security/field-crypto.ts), so it loses its format check (the zod schema
-- validates the plain value) and uniqueness moves to the blind index (HMAC of the plain OIB).
alter table partners drop constraint if exists partners_oib_check;
alter table partners add column oib_bidx text;
drop index if exists partners_oib;
create unique index partners_oib_bidx on partners(company_id, role, oib_bidx) where oib_bidx is not null;

-- Rows written before this migration still hold a plain OIB: forgetting the last completed pass makes
-- the server's start-up pass (rotateIfNeeded) encrypt them and fill their blind index.
delete from encryption_state;
