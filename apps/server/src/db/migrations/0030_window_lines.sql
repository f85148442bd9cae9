-- Window and door lines (PRODUCT.md "PVC/ALU windows and doors": "A window quote line names the
-- profile system, glass make-up, colour, hardware and dimensions"). W × H stay the line's
-- width_mm / height_mm; these four are free text (the glass make-up in its canonical notation,
-- checked by the domain's parser), copied with the line (quote → work order, duplicate) and printed
-- in the PDF line description. docs/documents.md "Window lines".
alter table document_lines add column profile_system text check (length(profile_system) <= 100);
alter table document_lines add column glass_makeup text check (length(glass_makeup) <= 60);
alter table document_lines add column colour text check (length(colour) <= 100);
alter table document_lines add column hardware_set text check (length(hardware_set) <= 100);
-- The company's list of profile systems the line editor offers (free text stays allowed).
alter table document_settings add column profile_systems text[] not null default '{}';
