-- Sheets, bars and remnants (issue 17). A remnant (ostatak) of a cut sheet or bar is no longer an
-- item of its own: it is a lot of its parent item, flagged `remnant`, with its own size (a bar: a
-- length; a sheet: a length along the grain and a width) and the lot it was cut from. Its stock is
-- kept in the parent's base unit like every other lot (its area in m², its length in m, or one
-- piece), so on hand, reservations, issues and value of a sheet/bar item cover full pieces and
-- remnants in one unit; the piece count comes from the size (domain `pieces.ts`).
--
-- Existing remnant items (one item per offcut, from before this migration) are left as they are:
-- their stock has a ledger that cannot be rewritten here. They are still offered first for cutting.
alter table lots
  add column remnant boolean not null default false,
  add column length_mm numeric(12, 2),
  add column width_mm numeric(12, 2),
  add column parent_lot_id uuid references lots(id) on delete restrict;

alter table lots
  add constraint lots_remnant_size check (
    not remnant or (length_mm is not null and length_mm > 0 and (width_mm is null or width_mm > 0))
  ),
  add constraint lots_parent_not_self check (parent_lot_id is null or parent_lot_id <> id);

create index lots_remnants on lots(company_id, item_id) where remnant;
