-- Cutting defaults per company and mitre angles (PRODUCT.md "Trade specifics"; docs/cutting.md
-- "Company defaults" and "Mitre cuts"). What a new cutting list starts with, per kind, in whole mm;
-- the defaults are the values every list had before they were settings.
alter table company_settings
  add column cutting_kerf_2d integer not null default 4 check (cutting_kerf_2d between 0 and 50),
  add column cutting_trim_2d integer not null default 10 check (cutting_trim_2d between 0 and 1000),
  add column cutting_min_remnant_length_2d integer not null default 300
    check (cutting_min_remnant_length_2d between 0 and 100000),
  add column cutting_min_remnant_width_2d integer not null default 300
    check (cutting_min_remnant_width_2d between 0 and 100000),
  add column cutting_kerf_1d integer not null default 4 check (cutting_kerf_1d between 0 and 50),
  add column cutting_trim_head_1d integer not null default 10 check (cutting_trim_head_1d between 0 and 1000),
  add column cutting_trim_tail_1d integer not null default 10 check (cutting_trim_tail_1d between 0 and 1000),
  add column cutting_min_remnant_length_1d integer not null default 500
    check (cutting_min_remnant_length_1d between 0 and 100000),
  add column cutting_bar_length_1d integer not null default 6000
    check (cutting_bar_length_1d between 1 and 100000),
  -- mm added to a bar piece's cut length per mitred (45°) end; 0 = mitres are not welded
  add column cutting_weld_allowance_1d integer not null default 0
    check (cutting_weld_allowance_1d between 0 and 50);

-- A bar (1D) cut line of a BOM: the saw angle at each end of the piece, 90 (square, e.g. a
-- mullion) or 45 (mitre, frame and sash pieces). cut_length stays the outer length.
alter table bom_lines
  add column cut_angle_start smallint not null default 90 check (cut_angle_start in (45, 90)),
  add column cut_angle_end smallint not null default 90 check (cut_angle_end in (45, 90));
