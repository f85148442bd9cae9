-- Issued means frozen (issue 18, deliverable 2): the UBL e-invoice and the PDF of an issued
-- invoice or credit note are made once, in the issuing transaction, and every later download
-- serves these bytes. One row per document and format; the app may only read and add rows (no
-- update or delete privilege), so a stored file can never be rewritten. Not audited row by row
-- (the audit trail would copy the bytes): the SHA-256 of each file is written onto the document
-- row instead, where the documents audit trigger records it.
create table document_files (
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  format text not null check (format in ('ubl', 'pdf')),
  content_type text not null,
  data bytea not null,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  primary key (document_id, format)
);
create index document_files_company on document_files(company_id);
alter table document_files enable row level security;
alter table document_files force row level security;
create policy tenant_isolation on document_files for all using (company_id = app_company_id())
  with check (company_id = app_company_id());
-- Update only because the company archive restores with an upsert; the trigger below refuses any
-- change of a stored file's bytes or hash, so a file once stored stays as it is.
grant select, insert, update on document_files to erp_app;
create function document_files_immutable() returns trigger language plpgsql as $$
begin
  if new.data is distinct from old.data or new.sha256 is distinct from old.sha256
    or new.format is distinct from old.format or new.document_id is distinct from old.document_id then
    raise exception 'stored document files are never changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger document_files_immutable before update on document_files
  for each row execute function document_files_immutable();

-- The hashes of the stored files, set once (null = nothing stored yet: a draft, or a document
-- issued before this migration until its first download).
alter table documents add column ubl_sha256 text;
alter table documents add column pdf_sha256 text;

-- A hash once recorded is never replaced (it may only be set from null).
create function document_hashes_once() returns trigger language plpgsql as $$
begin
  if (old.ubl_sha256 is not null and new.ubl_sha256 is distinct from old.ubl_sha256)
    or (old.pdf_sha256 is not null and new.pdf_sha256 is distinct from old.pdf_sha256) then
    raise exception 'a stored file''s hash is never replaced' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger documents_hashes_once before update of ubl_sha256, pdf_sha256 on documents
  for each row execute function document_hashes_once();
