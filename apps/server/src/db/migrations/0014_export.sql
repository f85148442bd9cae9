-- Export files (issue 8, sections 2 and 3): generated CSV/XLSX files, PDF zips and company archives,
-- kept per company in the database (one backup holds everything) until they expire.
create table export_files (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  -- The background job that made the file (null for files made during a request).
  job_id uuid,
  kind text not null check (kind in ('section', 'pdf', 'archive')),
  filename text not null check (length(filename) between 1 and 200),
  content_type text not null,
  size integer not null check (size >= 0),
  data bytea not null,
  -- Plain sensitive values (OIB, IBAN) inside: only their creator and managers may download it.
  sensitive boolean not null default false,
  created_by uuid,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours'
);
create index export_files_company on export_files(company_id, created_at desc);
create index export_files_job on export_files(job_id) where job_id is not null;
select enable_tenant_table('export_files');
-- A generated copy of data is not a business change: keeping it out of the audit chain also keeps
-- megabytes of file content out of audit_log.
drop trigger audit on export_files;
