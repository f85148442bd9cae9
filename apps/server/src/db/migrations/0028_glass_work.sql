-- Glass processing details (PRODUCT.md "Glass processing"; docs/documents.md "Measure pricing"):
-- price bands by pane area (small panes cost more per m²), holes and cut-outs per pane priced per
-- piece, and the hole checks (diameter ≥ glass thickness, ≥ 2 × thickness from the edge) as
-- warnings. The rules are packages/domain/src/pricing (measure-pricing.ts, glass-work.ts); the
-- glass thickness is the item's thickness_mm (0002), so items get no new column.

-- A list of {max_area_m2, surcharge_pct} (decimal strings), ascending limits, checked by the
-- domain's pricingSettingsSchema; empty = one price per m² for every pane.
alter table company_settings add column area_bands jsonb not null default '[]'
  check (jsonb_typeof(area_bands) = 'array');
alter table company_settings add column hole_price numeric(18, 4) not null default 0
  check (hole_price >= 0);
alter table company_settings add column cutout_price numeric(18, 4) not null default 0
  check (cutout_price >= 0);

-- Per pane of the line: holes (one group: count, diameter, least distance from the pane's edge to
-- the hole's edge) and cut-outs. Copied with the line like W × H.
alter table document_lines add column hole_count integer not null default 0
  check (hole_count between 0 and 999);
alter table document_lines add column hole_diameter_mm numeric(8, 2) check (hole_diameter_mm > 0);
alter table document_lines add column hole_edge_mm numeric(8, 2) check (hole_edge_mm >= 0);
alter table document_lines add column cutout_count integer not null default 0
  check (cutout_count between 0 and 999);
