-- The unit an item is bought in: one of its conversions (a glass item kept in m² and bought in
-- sheets: 1 plo = 7.2225 m², purchase). Drafts from low stock order in it, rounded up to whole
-- units. At most one per item; none = the base unit.
alter table item_unit_conversions add column purchase boolean not null default false;
create unique index item_unit_conversions_purchase on item_unit_conversions(item_id) where purchase;
