-- Work orders keep their printed versions (issue 18, deliverable 2). Releasing a work order
-- (draft → planned) stores its PDF as version 1; after a change of what the sheet prints, the
-- user issues version 2, 3, ... Every version's bytes stay in document_files (the one store of
-- frozen files, now keyed by version too; invoices, credit notes, quotes and delivery notes keep
-- version 1), and each version gets an audited row naming its PDF's SHA-256 and the SHA-256 of the
-- printed content it was made from (what "out of date" is compared against).
alter table document_files add column version integer not null default 1 check (version >= 1);
alter table document_files drop constraint document_files_pkey;
alter table document_files add primary key (document_id, format, version);

create or replace function document_files_immutable() returns trigger language plpgsql as $$
begin
  if new.data is distinct from old.data or new.sha256 is distinct from old.sha256
    or new.format is distinct from old.format or new.document_id is distinct from old.document_id
    or new.version is distinct from old.version then
    raise exception 'stored document files are never changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;

create table work_order_versions (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references tenants(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  version integer not null check (version >= 1),
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  content_sha256 text not null check (content_sha256 ~ '^[0-9a-f]{64}$'),
  created_by uuid,
  created_at timestamptz not null default now(),
  unique (document_id, version)
);
create index work_order_versions_company on work_order_versions(company_id);
select enable_tenant_table('work_order_versions');

-- A version once recorded never changes (update stays granted for the archive restore's upsert).
create function work_order_versions_immutable() returns trigger language plpgsql as $$
begin
  if new.document_id is distinct from old.document_id or new.version is distinct from old.version
    or new.pdf_sha256 is distinct from old.pdf_sha256 or new.content_sha256 is distinct from old.content_sha256
    or new.created_at is distinct from old.created_at then
    raise exception 'a work order version is never changed' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger work_order_versions_immutable before update on work_order_versions
  for each row execute function work_order_versions_immutable();
