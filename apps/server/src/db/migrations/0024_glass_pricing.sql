-- Measure-based prices for glass processors (PRODUCT.md "Glass processing"; docs/documents.md
-- "Measure pricing"): an item's sales price is per piece, per m² of pane or per running metre of
-- worked edge; area-priced glass has a kind whose minimum billed area is a company setting; a
-- minimum charge per document line. The rule itself is packages/domain/src/pricing.
alter table items add column price_basis text not null default 'unit'
  check (price_basis in ('unit', 'area', 'perimeter'));
alter table items add column glass_kind text
  check (glass_kind in ('float', 'laminated', 'insulating', 'tempered'));
alter table items add column min_charge numeric(18, 2) check (min_charge >= 0);

alter table company_settings add column dimension_step_mm numeric(8, 2) not null default 30
  check (dimension_step_mm > 0);
alter table company_settings add column min_area_float_m2 numeric(10, 4) not null default 0.30
  check (min_area_float_m2 >= 0);
alter table company_settings add column min_area_laminated_m2 numeric(10, 4) not null default 0.30
  check (min_area_laminated_m2 >= 0);
alter table company_settings add column min_area_insulating_m2 numeric(10, 4) not null default 0.40
  check (min_area_insulating_m2 >= 0);
alter table company_settings add column min_area_tempered_m2 numeric(10, 4) not null default 0.50
  check (min_area_tempered_m2 >= 0);
alter table company_settings add column min_edge_mm numeric(10, 2) not null default 300
  check (min_edge_mm >= 0);
alter table company_settings add column shape_surcharge_pct numeric(7, 2) not null default 0
  check (shape_surcharge_pct >= 0);

-- The billed measure of one piece (m² or m) of a line whose price the rule computed; null when
-- the price was typed or the item is priced per unit. Printed under the line on the PDF.
alter table document_lines add column billed_measure numeric(18, 6);
alter table document_lines add column billed_unit text check (billed_unit in ('m2', 'm'));
-- A shaped (non-rectangular) pane: W × H is its circumscribing rectangle; an area price gets the
-- company's shape surcharge.
alter table document_lines add column shaped boolean not null default false;
