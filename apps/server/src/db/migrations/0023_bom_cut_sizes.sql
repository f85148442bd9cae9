-- Issue 7 (cutting from work orders): a BOM line of a sheet or bar material may say which pieces a
-- unit of the product is cut into. Formulas over the BOM's W, H and constants, like the quantity
-- formula: cut_count pieces per unit (empty = the line's quantity when it is a whole number, else 1),
-- cut_length for a bar (profile length), cut_width × cut_height for a sheet (empty = the order
-- line's W × H). Checked on save by the same formula interpreter; empty everywhere = as before.
alter table bom_lines
  add column cut_count text check (length(cut_count) <= 500),
  add column cut_length text check (length(cut_length) <= 500),
  add column cut_width text check (length(cut_width) <= 500),
  add column cut_height text check (length(cut_height) <= 500);
