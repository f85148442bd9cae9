-- Grain (PRODUCT.md "Panel shops": "Grain runs along the first dimension: grained parts never
-- rotate, plain ones may"). A grained sheet material: the pieces a work order's cutting list takes
-- from it are grain-locked (rotate = false); docs/cutting.md "Work orders".
alter table items add column grain boolean not null default false;
