-- A cutting list confirmed for a work order takes over the order's own reservations of the list's
-- material (they are released, the list reserves the sheets or bars it will cut). The list keeps
-- which ones it took, so undoing the confirmation puts exactly those back (cutting.service.ts
-- unconfirm); empty for ad-hoc lists and for lists not confirmed.
alter table cutting_jobs add column taken_over_reservation_ids uuid[] not null default '{}';
