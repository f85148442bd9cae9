-- Issue 8: the archive restore runs as a background job. The uploaded archive is stored first, as
-- an export_files row of kind 'upload' (per company, row-level security, 24 hours at most), and
-- the job reads it, restores it in one transaction and deletes it.
alter table export_files drop constraint if exists export_files_kind_check;
alter table export_files add constraint export_files_kind_check
  check (kind in ('section', 'pdf', 'archive', 'upload'));
