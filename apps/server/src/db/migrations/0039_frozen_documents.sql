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
grant select, insert on document_files to erp_app;

-- The hashes of the stored files, set once (null = nothing stored yet: a draft, or a document
-- issued before this migration until its first download).
alter table documents add column ubl_sha256 text;
alter table documents add column pdf_sha256 text;
