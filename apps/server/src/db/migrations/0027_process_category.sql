-- Process categories and the glass processing order (PRODUCT.md "Glass processing": cut → edge →
-- drill → (coating removal) → temper / laminate → assemble insulating unit). A routing that breaks
-- the order gets warnings (packages/domain/src/production/processing-order.ts), never a refusal;
-- docs/production.md "Processing order".
alter table processes add column category text not null default 'other'
  check (category in ('cut', 'edge', 'drill', 'coating_removal', 'temper', 'laminate', 'assemble', 'other'));

-- The item an operation works on (the product of the line or one of its sub-assemblies), so the
-- order is checked per piece: an insulating unit's cutting is not compared with the window's
-- assembly. Operations planned before this migration have none and are checked per line.
alter table work_order_operations add column item_id uuid references items(id) on delete set null;
