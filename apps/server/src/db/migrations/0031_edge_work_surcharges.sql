-- Edge work by edge type and the oversize surcharge (PRODUCT.md "Glass processing": "Edge work is
-- priced per running metre of worked perimeter by edge type (rezano, opšiveno KGS, brušeno na
-- mjeru KMG, fino brušeno KGN, polirano KPO), with a minimum charge"; "Surcharges: ... oversize /
-- extreme aspect ratio ... automatic where a rule says so"). The rule is
-- packages/domain/src/pricing/measure-pricing.ts; docs/documents.md "Measure pricing".

-- Price per running metre of worked perimeter for each edge type (rezano = cut, no edge work)
-- and the least edge-work amount of one pane.
alter table company_settings add column edge_price_kgs numeric(18, 4) not null default 0
  check (edge_price_kgs >= 0);
alter table company_settings add column edge_price_kmg numeric(18, 4) not null default 0
  check (edge_price_kmg >= 0);
alter table company_settings add column edge_price_kgn numeric(18, 4) not null default 0
  check (edge_price_kgn >= 0);
alter table company_settings add column edge_price_kpo numeric(18, 4) not null default 0
  check (edge_price_kpo >= 0);
alter table company_settings add column edge_min_charge numeric(18, 4) not null default 0
  check (edge_min_charge >= 0);

-- Oversize / extreme aspect ratio: applied automatically to a pane whose longer side or area is
-- above the limit or whose aspect ratio (longer / shorter side) is above the limit.
alter table company_settings add column oversize_surcharge_pct numeric(8, 2) not null default 0
  check (oversize_surcharge_pct >= 0);
alter table company_settings add column oversize_max_side_mm numeric(10, 2) not null default 3210
  check (oversize_max_side_mm > 0);
alter table company_settings add column oversize_max_area_m2 numeric(10, 4) not null default 6
  check (oversize_max_area_m2 > 0);
alter table company_settings add column oversize_max_aspect numeric(8, 2) not null default 10
  check (oversize_max_aspect > 0);

-- The edge work of each pane of a line; copied with the line like W × H.
alter table document_lines add column edge_type text not null default 'rezano'
  check (edge_type in ('rezano', 'kgs', 'kmg', 'kgn', 'kpo'));

-- Coating edge deletion (coated glass, a flag per line) per running metre of worked perimeter, and
-- the rush order surcharge % (a flag on the quote / work order) on the price per piece of
-- rule-priced lines. Rack charge and delivery are lines of service items (no column).
alter table company_settings add column coating_removal_price numeric(18, 4) not null default 0
  check (coating_removal_price >= 0);
alter table company_settings add column rush_surcharge_pct numeric(8, 2) not null default 0
  check (rush_surcharge_pct >= 0);
alter table document_lines add column coating_removal boolean not null default false;
alter table documents add column rush boolean not null default false;
